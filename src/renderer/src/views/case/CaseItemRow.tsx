/**
 * One case item as a table row: when it was added, its tag and note, what it names (a link to the event, its body or
 * the row) and whether this copy still holds it. Missing and changed are written out with their reasons, never
 * hidden: a reviewer must see that a note no longer points at what it was written about.
 */
import type { CaseEntry } from '../../../../shared/contract.js';
import { visibleText } from '../../components/visible-text.js';
import { IdLink } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';
import { href } from '../../router.js';

const STATE_TEXT: Record<CaseEntry['status'], string> = {
  attached: 'attached',
  missing: 'MISSING',
  changed: 'CHANGED',
  'other-session': 'other session',
};

const REASON_TEXT: Record<string, string> = {
  table: 'this copy has no such table',
  row: 'this copy has no such row',
  body: 'this copy has no such body',
  'body-hash': "the body's hash differs",
  'session-db': 'session.db hashes differently',
};

function Names(props: { ev: string; entry: CaseEntry }) {
  const { item, status } = props.entry;
  const what = `${item.table} ${item.eventId ?? `#${item.rowid ?? '?'}`}`;
  const body = item.body ? ` ${item.body.direction}${item.body.range ? `[${item.body.range[0]}-${item.body.range[1]})` : ''}` : '';
  // Another session's item names nothing in this evidence: said, not linked.
  if (status === 'other-session') return <span className="mono">{visibleText(what + body)}</span>;
  if (item.eventId !== null && item.body) {
    const { sourceTable, direction, range } = item.body;
    const at = range ? { at: { offset: range[0], length: range[1] - range[0] } } : {};
    return (
      <a
        className="mono"
        href={href({ view: 'event', ev: props.ev, eventId: item.eventId, body: { sourceTable, direction }, mode: null, ...at })}
      >
        {visibleText(what + body)}
      </a>
    );
  }
  if (item.eventId !== null)
    return (
      <>
        <span className="mono">{visibleText(item.table)} </span>
        <IdLink ev={props.ev} column="event_id" value={item.eventId} className="mono" />
      </>
    );
  if (item.rowid !== null)
    return (
      <RowLink ev={props.ev} table={item.table} rowid={item.rowid} className="mono">
        {visibleText(what)}
      </RowLink>
    );
  return <span className="mono">{visibleText(what)}</span>;
}

export function CaseItemRow(props: { ev: string; entry: CaseEntry }) {
  const { item, status, reasons } = props.entry;
  return (
    <tr data-case-item={item.id} data-tag={item.tag} data-state={status}>
      <td className="mono">{item.createdAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}</td>
      <td>
        <span className="case-tag">{visibleText(item.tag)}</span>
      </td>
      <td className="case-note">{item.note === null ? <span className="muted">—</span> : visibleText(item.note)}</td>
      <td>
        <Names ev={props.ev} entry={props.entry} />
        {status === 'other-session' && <div className="muted">session {visibleText(item.sessionId)}</div>}
      </td>
      <td className={`case-state ${status}`}>
        <strong>{STATE_TEXT[status]}</strong>
        {reasons.length > 0 && <div>{reasons.map((r) => REASON_TEXT[r] ?? r).join('; ')}</div>}
      </td>
    </tr>
  );
}
