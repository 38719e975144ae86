/**
 * The writer's counters beside the rows they count (issue 38): for each counter, the ledger's own snapshot
 * (ledger_counters), the rows found as Capsem counts them, their difference, and, with the host ledger at hand, the
 * host's final counter from session_stopped. Each table is a link to its rows. Read from the integrity report's
 * completeness section, so the numbers are the ones its COUNTERS_DISAGREE and STOPPED_COUNTERS_DISAGREE gaps say.
 */
import type { CounterRow } from '../../../../shared/contract/completeness.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';

/** How far the rows are from a counter, in words a reviewer can act on. */
function difference(counted: number | null, rows: number): { text: string; tone: string; title: string } {
  if (counted === null) return { text: '—', tone: 'muted', title: 'not recorded' };
  const d = rows - counted;
  if (d === 0) return { text: '=', tone: 'muted', title: 'the rows agree with the counter' };
  if (d < 0)
    return {
      text: `${countLabel(d)}`,
      tone: 'bad',
      title: `${countLabel(-d)} counted but not in the ledger: recorded, then lost (a tail cut off, or a -wal not copied)`,
    };
  return { text: `+${countLabel(d)}`, tone: 'warn', title: `${countLabel(d)} more rows than counted: written after the counter was taken` };
}

export function CounterCard(props: { ev: string; counters: readonly CounterRow[] }) {
  const { ev, counters } = props;
  if (counters.length === 0) return null;
  const host = counters.some((c) => c.hostStopped !== null);
  const snapshot = counters.some((c) => c.snapshot !== null);
  return (
    <section className="card" aria-label="counters beside the rows" data-counters={counters.length}>
      <h3>Counters beside the rows</h3>
      <table className="mini">
        <thead>
          <tr>
            <th>table</th>
            {snapshot && <th className="num">writer counted</th>}
            <th className="num">rows</th>
            {snapshot && <th className="num">difference</th>}
            {host && <th className="num">host at stop</th>}
            {host && <th className="num">difference</th>}
          </tr>
        </thead>
        <tbody>
          {counters.map((c) => {
            const bySnapshot = difference(c.snapshot, c.rows);
            const byHost = difference(c.hostStopped, c.rows);
            return (
              <tr key={c.counter} data-counter={c.counter}>
                <td title={`counter ${c.counter}`}>
                  <a href={href({ view: 'tables', ev, table: c.table, sort: null, filters: [] })}>{visibleText(c.table)}</a>
                </td>
                {snapshot && <td className="num">{c.snapshot === null ? '—' : countLabel(c.snapshot)}</td>}
                <td className="num">{countLabel(c.rows)}</td>
                {snapshot && (
                  <td className={`num ${bySnapshot.tone}`} title={bySnapshot.title} data-difference="snapshot">
                    {bySnapshot.text}
                  </td>
                )}
                {host && <td className="num">{c.hostStopped === null ? '—' : countLabel(c.hostStopped)}</td>}
                {host && (
                  <td className={`num ${byHost.tone}`} title={byHost.title} data-difference="host">
                    {byHost.text}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">
        Rows as Capsem counts them (tool calls: logical calls only). A difference is a gap the integrity report names; it says rows are
        missing or were written later, never which.
      </p>
    </section>
  );
}
