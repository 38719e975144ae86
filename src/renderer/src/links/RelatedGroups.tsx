/**
 * The Related panel: a row's related rows as the core computed them (related.row), group by group, rows from
 * another trace marked as such, the HTTP match with the evidence that made it (or why none did), and findings; beside
 * each listed row its gap marks where the list carries them (a turn's rows). The row's own gaps are shown by its view.
 */
import type { RelatedGroup, RelatedSet } from '../../../shared/contract/related.js';
import { visibleText } from '../components/visible-text.js';
import { countLabel, msLabel } from '../components/format.js';
import { GapMarks } from '../components/GapMarks.js';
import { IdLink } from './IdLink.js';
import { RowLink } from './RowLink.js';

function Group(props: { ev: string; g: RelatedGroup }) {
  const { ev, g } = props;
  return (
    <section className="rel-group" data-related-group={g.kind} aria-label={g.title}>
      <h4>
        {visibleText(g.title)}{' '}
        <span className="muted">{g.total > g.rows.length ? `${g.rows.length} of ${countLabel(g.total)}` : g.total}</span>
      </h4>
      {g.rows.length === 0 ? (
        <p className="muted">none</p>
      ) : (
        <ul>
          {g.rows.map((r) => (
            <li key={`${r.table}/${r.rowid}`} className={r.crossTrace ? 'cross' : undefined}>
              <RowLink ev={ev} table={r.table} rowid={r.rowid}>
                <span className="rel-table">{visibleText(r.table)}</span> {visibleText(r.label)}
              </RowLink>
              {r.gaps && <GapMarks gaps={r.gaps} />}
              {r.crossTrace && (
                <span className="badge warn" title="this row is in another trace than the one it is related from">
                  other trace <IdLink ev={ev} column="trace_id" value={r.traceId} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RelatedGroups(props: { ev: string; set: RelatedSet }) {
  const { ev, set } = props;
  const m = set.netMatch;
  return (
    <div className="related" aria-label="related rows">
      {set.findings.length > 0 && (
        <ul className="rel-findings" aria-label="findings">
          {set.findings.map((f, i) => (
            <li key={i} className="bad" data-finding={f.kind}>
              <span className="code">{f.kind}</span> {visibleText(f.message)}
            </li>
          ))}
        </ul>
      )}
      {set.groups.map((g) => (
        <Group key={`${g.kind}/${g.title}`} ev={ev} g={g} />
      ))}
      {set.groups.length === 0 && !m && (
        <p className="muted">No other row joins this one{set.traceId ? ' beyond its trace and turn (linked above)' : ''}.</p>
      )}
      {m && (
        <p className={m.row ? 'muted rel-match' : 'rel-match warn'} data-net-match={m.row ? m.matched.join(' ') : 'none'}>
          {set.table === 'model_calls' ? 'HTTP exchange' : 'Model call'}: {visibleText(m.note)}
          {m.deltaMs !== null && ` · ${m.deltaMs >= 0 ? '+' : ''}${msLabel(m.deltaMs)} apart`} · {m.candidates} row
          {m.candidates === 1 ? '' : 's'} in the time window
        </p>
      )}
    </div>
  );
}
