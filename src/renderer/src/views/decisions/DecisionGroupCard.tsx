/**
 * One rule group of the Decisions view: the rule (or "no rule recorded"), its counts by action, and its events in a
 * compact table: time, the row (opens in the side pane), the event id (the app's id link), action, what and why,
 * and a button that shows the event's chain.
 */
import type { DecisionEvent, DecisionGroup } from '../../../../shared/contract.js';
import { useApp } from '../../app-context.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { IdLink } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';
import { BreakableTable, BreakableTime } from './BreakableText.js';
import { timeText, whyText } from './decision-text.js';
import { CaseMarkIf } from '../case/CaseTagsScope.js';
import { useChunkedCount } from '../../components/use-chunked-count.js';

/** Denials read as bad at a glance; asks and redirects as a warning. */
function actionClass(action: string): string {
  if (/^(denied|deny|block|blocked|ask denied)$/i.test(action)) return 'bad';
  return /^(ask|redirected)/.test(action) ? 'warn' : '';
}

function EventRow(props: { ev: string; e: DecisionEvent; chosen: string | null; onChain: (eventId: string) => void }) {
  const { ev, e, chosen, onChain } = props;
  const { time } = useApp();
  const why = whyText(e);
  const open = e.eventId !== null && e.eventId === chosen;
  return (
    <tr data-decision-row={`${e.table}/${e.id}`} aria-current={open ? 'true' : undefined}>
      <td className="mono dc-time">
        <BreakableTime text={timeText(e.time, time)} />
      </td>
      <td className="mono">
        <RowLink ev={ev} table={e.table} rowid={e.id}>
          <BreakableTable name={e.table} />
        </RowLink>
      </td>
      <td className="mono dc-id">
        {e.eventId === null ? (
          <span className="muted">—</span>
        ) : (
          <>
            <CaseMarkIf table={e.table} eventId={e.eventId} />
            <IdLink ev={ev} column="event_id" value={e.eventId} />
          </>
        )}
      </td>
      <td className={actionClass(e.action)}>{visibleText(e.action)}</td>
      <td className="mono dc-what">{e.what === null ? '—' : visibleText(e.what)}</td>
      <td className="dc-why">{why}</td>
      <td>
        <button
          type="button"
          className="dc-chain-btn"
          disabled={e.eventId === null}
          aria-pressed={open}
          title={e.eventId === null ? 'this row records no event_id, so it has no chain' : 'show everything recorded for this event'}
          data-chain-for={e.eventId === null ? undefined : visibleText(e.eventId)}
          onClick={() => e.eventId !== null && onChain(e.eventId)}
        >
          chain
        </button>
      </td>
    </tr>
  );
}

/** Event rows drawn per frame: each holds links and a button, and 200 at once were a long task at a million events. */
const ROWS_PER_FRAME = 40;

export function DecisionGroupCard(props: { ev: string; g: DecisionGroup; chosen: string | null; onChain: (eventId: string) => void }) {
  const { ev, g, chosen, onChain } = props;
  const drawn = useChunkedCount(g.events.length, ROWS_PER_FRAME);
  return (
    <section className="card dc-group" data-decision-group={g.rule === null ? '' : visibleText(g.rule)} data-total={g.total}>
      <h3>
        {g.rule === null ? <span className="muted">(no rule recorded)</span> : <span className="mono">{visibleText(g.rule)}</span>}{' '}
        <span className="dc-total">
          {countLabel(g.total)} event{g.total === 1 ? '' : 's'}
        </span>
      </h3>
      <p className="dc-counts">
        {g.counts.map((c) => (
          <span key={c.action} className={`dc-count ${actionClass(c.action)}`} data-action={visibleText(c.action)} data-count={c.count}>
            {visibleText(c.action)} {countLabel(c.count)}
          </span>
        ))}
      </p>
      <table
        className="mini dc-table"
        aria-label={`events of ${g.rule === null ? 'no rule' : visibleText(g.rule)}`}
        data-rows-drawn={drawn}
        data-rows={g.events.length}
      >
        <thead>
          <tr>
            <th>time</th>
            <th>table</th>
            <th>event id</th>
            <th>action</th>
            <th>what</th>
            <th>why</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {g.events.slice(0, drawn).map((e) => (
            <EventRow key={`${e.table}/${e.id}`} ev={ev} e={e} chosen={chosen} onChain={onChain} />
          ))}
        </tbody>
      </table>
      {g.more > 0 && (
        <p className="muted">
          … and {countLabel(g.more)} more (only the first {countLabel(g.events.length)} are listed; the counts above are of all of them)
        </p>
      )}
    </section>
  );
}
