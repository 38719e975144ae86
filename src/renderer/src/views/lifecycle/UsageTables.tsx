/** The doctor's usage breakdown (count and average duration by tool × origin × decision), and the same summed by each. */
import type { UsageRow } from '../../../../shared/contract/lifecycle.js';
import { visibleText } from '../../components/visible-text.js';
import { countLabel, msLabel } from '../../components/format.js';

function rollup(rows: readonly UsageRow[], key: (r: UsageRow) => string): { key: string; count: number; avgMs: number | null }[] {
  const acc = new Map<string, { count: number; ms: number; timed: number }>();
  for (const r of rows) {
    const a = acc.get(key(r)) ?? { count: 0, ms: 0, timed: 0 };
    a.count += r.count;
    if (r.avgMs !== null) {
      a.ms += r.avgMs * r.count;
      a.timed += r.count;
    }
    acc.set(key(r), a);
  }
  return [...acc.entries()]
    .map(([k, a]) => ({ key: k, count: a.count, avgMs: a.timed ? Math.round((a.ms / a.timed) * 10) / 10 : null }))
    .sort((x, y) => y.count - x.count || x.key.localeCompare(y.key));
}

function Small(props: { title: string; rows: { key: string; count: number; avgMs: number | null }[] }) {
  return (
    <table className="mini usage" aria-label={`usage by ${props.title}`}>
      <thead>
        <tr>
          <th>{props.title}</th>
          <th className="num">calls</th>
          <th className="num">avg</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.key}>
            <td>{visibleText(r.key)}</td>
            <td className="num">{countLabel(r.count)}</td>
            <td className="num">{r.avgMs === null ? '—' : msLabel(r.avgMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function UsageTables(props: { usage: readonly UsageRow[] }) {
  const u = props.usage;
  return (
    <div className="usage-grid">
      <Small title="tool" rows={rollup(u, (r) => r.toolName)} />
      <Small title="origin" rows={rollup(u, (r) => r.origin ?? '(none)')} />
      <Small title="decision" rows={rollup(u, (r) => r.decision ?? '(none)')} />
      <table className="mini usage full" aria-label="usage by tool, origin and decision">
        <thead>
          <tr>
            <th>tool</th>
            <th>origin</th>
            <th>decision</th>
            <th className="num">calls</th>
            <th className="num">avg</th>
          </tr>
        </thead>
        <tbody>
          {u.map((r) => (
            <tr key={`${r.toolName}/${r.origin}/${r.decision}`}>
              <td>{visibleText(r.toolName)}</td>
              <td>{r.origin !== null ? visibleText(r.origin) : '—'}</td>
              <td>{r.decision !== null ? visibleText(r.decision) : '—'}</td>
              <td className="num">{countLabel(r.count)}</td>
              <td className="num">{r.avgMs === null ? '—' : msLabel(r.avgMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
