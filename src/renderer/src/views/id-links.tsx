/**
 * A pasted id → links to what it names (id.resolve): the trace list and Search open a trace, turn, model call, tool
 * call or event directly instead of listing the audit rows that mention it. One match opens at once when asked.
 */
import { useEffect } from 'react';
import type { ResolvedId } from '../../../shared/contract.js';
import { useCall } from '../api/use-call.js';
import { href, navigate } from '../router.js';
import type { Route } from '../router.js';
import { visibleText } from '../components/visible-text.js';

/** Where a resolved id opens: its trace's graph for trace-level items, else the row itself. */
export function resolvedRoute(ev: string, r: ResolvedId): Route {
  switch (r.kind) {
    case 'trace':
    case 'turn':
      return { view: 'graph', ev, trace: r.traceId };
    case 'model_call':
      return r.traceId
        ? { view: 'graph', ev, trace: r.traceId }
        : { view: 'row', ev, table: 'model_calls', rowid: r.modelCallId, body: null, mode: 'text' };
    case 'tool_call':
    case 'event':
      return { view: 'row', ev, table: r.table, rowid: r.rowid, body: null, mode: 'text' };
  }
}

export function resolvedLabel(r: ResolvedId): string {
  switch (r.kind) {
    case 'trace':
      return `trace ${r.traceId}`;
    case 'turn':
      return `turn ${r.turnId} of trace ${r.traceId}`;
    case 'model_call':
      return `model call #${r.modelCallId}${r.traceId ? ` of trace ${r.traceId}` : ''}`;
    case 'tool_call':
      return `tool call ${r.callId} (${r.table} #${r.rowid})${r.traceId ? ` of trace ${r.traceId}` : ''}`;
    case 'event':
      return `event ${r.eventId} (${r.table} #${r.rowid})`;
  }
}

/** The items `id` names, as links; `openSingle`: navigate at once when exactly one item matches; `quiet`: no note when none. */
export function IdLinks(props: { ev: string; id: string; openSingle?: boolean; quiet?: boolean }) {
  const id = props.id.trim();
  const res = useCall('id.resolve', id ? { evidenceId: props.ev, id } : undefined);
  const found = res.value ?? [];
  useEffect(() => {
    if (props.openSingle && found.length === 1) navigate(resolvedRoute(props.ev, found[0]!));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigates once when the answer arrives, not when the caller re-renders
  }, [res.value]);
  if (!id || !res.value) return null;
  if (found.length === 0)
    return props.quiet ? null : (
      <p className="muted id-links" data-state="none">
        No trace, turn, model call, tool call or event has the id {visibleText(id)}.
      </p>
    );
  return (
    <ul className="id-links" aria-label="items with this id">
      {found.map((r, i) => (
        <li key={i}>
          <a href={href(resolvedRoute(props.ev, r))} data-kind={r.kind}>
            Open {visibleText(resolvedLabel(r))}
          </a>
        </li>
      ))}
    </ul>
  );
}
