/**
 * The side pane: the detail of the selection named in the URL — a row (fields, related rows, bodies), a turn
 * (its calls and the file, network and DNS rows it caused), a tool call by call_id, or an event by event_id —
 * with a link to the full row view and a close button (Escape closes it too).
 */
import { useEffect, useRef } from 'react';
import { useCall } from '../api/use-call.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { visibleText } from '../components/visible-text.js';
import { lastActivationByKey, trackActivation } from './activation.js';
import { usePaneHost } from './pane-host.js';
import { RowPanel } from './RowPanel.js';
import type { PaneState, Selection } from './selection.js';
import { selectInPane, selectionText } from './selection.js';
import { TurnPanel } from './TurnPanel.js';
import './pane.css';

trackActivation();

function title(s: Selection): string {
  switch (s.kind) {
    case 'row':
      return `${s.table} #${s.rowid}`;
    case 'turn':
      return `turn ${s.turnId}`;
    case 'call':
      return `tool call ${s.callId}`;
    case 'event':
      return `event ${s.eventId}`;
  }
}

export function SidePane(props: { ev: string; state: PaneState }) {
  const sel = props.state.sel!;
  const key = selectionText(sel);
  const head = useRef<HTMLHeadingElement>(null);
  const host = usePaneHost();
  const close = (): void => (host ? host.close() : selectInPane(null));
  useEffect(() => {
    if (lastActivationByKey()) head.current?.focus();
  }, [key]);
  return (
    <aside className="side-pane" aria-label="selection detail" data-pane-sel={key}>
      <div className="pane-head">
        <h2 ref={head} tabIndex={-1} className="mono">
          {visibleText(title(sel))}
        </h2>
        <button type="button" className="pane-close" aria-label="close the pane (Escape)" title="close (Escape)" onClick={close}>
          ×
        </button>
      </div>
      <div className="pane-body">
        <PaneContent ev={props.ev} sel={sel} state={props.state} />
      </div>
    </aside>
  );
}

function PaneContent(props: { ev: string; sel: Selection; state: PaneState }) {
  const { ev, sel, state } = props;
  switch (sel.kind) {
    case 'row':
      return <RowPanel key={selectionText(sel)} ev={ev} table={sel.table} rowid={sel.rowid} body={state.body} mode={state.mode} />;
    case 'turn':
      return <TurnPanel key={selectionText(sel)} ev={ev} traceId={sel.traceId} turnId={sel.turnId} />;
    case 'call':
      return <CallResolver ev={ev} callId={sel.callId} traceId={sel.traceId} state={state} />;
    case 'event':
      return <EventResolver ev={ev} eventId={sel.eventId} state={state} />;
  }
}

function CallResolver(props: { ev: string; callId: string; traceId: string | null; state: PaneState }) {
  const r = useCall('related.call', { evidenceId: props.ev, callId: props.callId, ...(props.traceId ? { traceId: props.traceId } : {}) });
  if (r.error) return <ErrorNote error={r.error} />;
  if (!r.value) return <p className="hint">Finding the call…</p>;
  const row = r.value.row;
  if (!row) return <p className="bad">No tool_calls row carries call_id {visibleText(props.callId)}.</p>;
  return (
    <>
      {props.traceId && row.traceId !== props.traceId && (
        <p className="bad" data-finding="cross_trace_call">
          This call_id is not in trace {visibleText(props.traceId)}; the call shown is in trace {visibleText(row.traceId ?? 'none')}.
        </p>
      )}
      {r.value.others.length > 0 && (
        <p className="muted">
          {r.value.others.length} other tool_calls row{r.value.others.length === 1 ? '' : 's'} carry this call_id (see Related).
        </p>
      )}
      <RowPanel ev={props.ev} table="tool_calls" rowid={row.rowid} body={props.state.body} mode={props.state.mode} />
    </>
  );
}

function EventResolver(props: { ev: string; eventId: string; state: PaneState }) {
  const d = useCall('event.get', { evidenceId: props.ev, eventId: props.eventId });
  if (d.error) return <ErrorNote error={d.error} />;
  if (!d.value) return <p className="hint">Finding the event…</p>;
  if (d.value.table === 'event_body_blobs')
    return <p className="muted">Only bodies carry this event_id; open the full event view for them.</p>;
  return <RowPanel ev={props.ev} table={d.value.table} rowid={d.value.rowid} body={props.state.body} mode={props.state.mode} />;
}
