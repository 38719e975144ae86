/**
 * One row of an event's chain: its place in the order, the row (opens in the side pane) and its time, the decision
 * as previous → requested → effective when the row records one, the other columns that explain it, the rule JSON
 * folded away (long, and rarely the first thing read), and each archived body named with a link that opens it in the
 * side pane, as the transcript links a row's bodies.
 */
import type { ChainEntry } from '../../../../shared/contract.js';
import { useApp } from '../../app-context.js';
import { visibleText } from '../../components/visible-text.js';
import { RowLink } from '../../links/RowLink.js';
import { bodySize, fieldText, timeText } from './decision-text.js';

/** Shown on lines of their own, or folded: not in the field list. */
const APART = new Set(['previous_decision', 'requested_decision', 'effective_decision', 'rule_json']);

function Bodies(props: { ev: string; e: ChainEntry }) {
  const { ev, e } = props;
  if (e.bodies === null) return <p className="muted dc-bodies">No archive index in this ledger: its bodies cannot be named.</p>;
  if (e.bodies.length === 0) return <p className="muted dc-bodies">No body archived.</p>;
  return (
    <ul className="dc-bodies">
      {e.bodies.map((b) => (
        <li key={b.direction} data-chain-body={`${e.table}/${b.direction}`}>
          <RowLink ev={ev} table={e.table} rowid={e.id} body={{ sourceTable: e.table, direction: b.direction }}>
            {visibleText(b.direction)} body
          </RowLink>{' '}
          <span className="muted">
            ({bodySize(b)}){e.bodiesShared ? ` — archived for every ${e.table} row of this event, not this row alone` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ChainEntryView(props: { ev: string; e: ChainEntry; n: number }) {
  const { ev, e, n } = props;
  const { time } = useApp();
  const f = e.fields;
  const decided = 'effective_decision' in f;
  const rest = Object.entries(f).filter(([k, v]) => !APART.has(k) && v !== null);
  return (
    <li className="dc-entry" data-chain-entry={`${e.table}/${e.id}`}>
      <div className="dc-entry-head">
        <span className="dc-n">{n}.</span>{' '}
        <RowLink ev={ev} table={e.table} rowid={e.id} className="mono">
          {`${e.table} #${e.id}`}
        </RowLink>{' '}
        <span className="mono muted">{e.time === null ? '(no time)' : timeText(e.time, time)}</span>
      </div>
      {decided && (
        <p className="dc-transition" data-transition="true">
          decision <span className="mono">{fieldText(f.previous_decision)}</span> →{' '}
          <span className="mono">{fieldText(f.requested_decision)}</span> →{' '}
          <strong className="mono">{fieldText(f.effective_decision)}</strong>
        </p>
      )}
      {rest.length > 0 && (
        <dl className="dc-fields">
          {rest.map(([k, v]) => (
            <div key={k} data-field={k}>
              <dt>{k}</dt>
              <dd className="mono">{fieldText(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {f.rule_json !== undefined && f.rule_json !== null && (
        <details className="dc-rule-json">
          <summary>rule JSON</summary>
          <pre className="mono">{fieldText(f.rule_json)}</pre>
        </details>
      )}
      <Bodies ev={ev} e={e} />
    </li>
  );
}
