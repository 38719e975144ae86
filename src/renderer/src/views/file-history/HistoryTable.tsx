/**
 * One path's changes in time order, each with its action, size, turn, trace, cause and where its bytes can be read;
 * the overflow windows that name the path or a folder above it sit among them as "changed here, cause not recorded"
 * (the monitor held changes back there and the ledger does not say which). The row number opens the fs_events row.
 * Four columns, pairs stacked in a cell (action over size, turn over trace, cause over bytes): with the side pane
 * open the list has about 700 px, and seven columns left the cause a few letters wide.
 */
import type { FileChange, FileHistoryEntry, FileOverflowWindow } from '../../../../shared/contract.js';
import { useApp } from '../../app-context.js';
import { bytesLabel, countLabel, formatCell } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { IdLink } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';
import { BreakableTime } from '../decisions/BreakableText.js';
import { BytePointers } from './BytePointers.js';
import { CauseCell } from './CauseCell.js';
import { CaseMarkIf } from '../case/CaseTagsScope.js';

function When(props: { ev: string; id: number; timestamp: string | null; eventId?: string | null }) {
  const { time } = useApp();
  return (
    <td className="mono">
      <CaseMarkIf table="fs_events" eventId={props.eventId} />
      <RowLink ev={props.ev} table="fs_events" rowid={props.id}>
        #{props.id}
      </RowLink>{' '}
      {props.timestamp === null ? (
        <span className="muted">(no time)</span>
      ) : (
        <BreakableTime text={formatCell(props.timestamp, 'timestamp', time)} />
      )}
    </td>
  );
}

function Ids(props: { ev: string; traceId: string | null; turnId: string | null }) {
  const { ev, traceId, turnId } = props;
  return (
    <td className="mono">
      <div title="turn">
        {turnId === null ? <span className="muted">no turn</span> : <IdLink ev={ev} column="turn_id" value={turnId} ctx={{ traceId }} />}
      </div>
      <div title="trace">
        {traceId === null ? <span className="muted">no trace</span> : <IdLink ev={ev} column="trace_id" value={traceId} />}
      </div>
    </td>
  );
}

function ChangeRow(props: { ev: string; c: FileChange }) {
  const { ev, c } = props;
  return (
    <tr data-change={c.id} data-cause={c.cause}>
      <When ev={ev} id={c.id} timestamp={c.timestamp} eventId={c.eventId} />
      <td>
        <div>{visibleText(c.action)}</div>
        <div className="muted">{c.size === null ? 'no size' : bytesLabel(c.size)}</div>
      </td>
      <Ids ev={ev} traceId={c.traceId} turnId={c.turnId} />
      <td>
        <CauseCell ev={ev} c={c} />
        <BytePointers ev={ev} c={c} />
      </td>
    </tr>
  );
}

function WindowRow(props: { ev: string; w: FileOverflowWindow }) {
  const { ev, w } = props;
  return (
    <tr className="fh-window" data-window={w.id} data-cause="not-recorded">
      <When ev={ev} id={w.id} timestamp={w.timestamp} />
      <td>
        <div>overflow</div>
        <div className="muted" title="changes the file monitor held back to a later scan">
          {countLabel(w.heldBack)} held back
        </div>
      </td>
      <Ids ev={ev} traceId={w.traceId} turnId={w.turnId} />
      <td className="warn">
        changed here, cause not recorded{' '}
        <span className="muted">(the monitor held changes back on {visibleText(w.path)}; which ones it does not say)</span>
      </td>
    </tr>
  );
}

export function HistoryTable(props: { ev: string; entries: readonly FileHistoryEntry[] }) {
  const { ev } = props;
  return (
    <table className="mini fh-history" aria-label="changes in time order">
      <thead>
        <tr>
          <th>row · time</th>
          <th>action · size</th>
          <th>turn · trace</th>
          <th>cause · where the bytes are</th>
        </tr>
      </thead>
      <tbody>
        {props.entries.map((e) =>
          e.type === 'change' ? <ChangeRow key={`c${e.id}`} ev={ev} c={e} /> : <WindowRow key={`w${e.id}`} ev={ev} w={e} />,
        )}
      </tbody>
    </table>
  );
}
