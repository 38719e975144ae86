/**
 * Which ids are links, and where each leads: one mapping from a column name (and its table) to a target, used by
 * every cell, field and result that shows an id. The href is always the target's own route (built by router.href
 * or withPane, so every part is encodeURIComponent'd, never raw text); `sel` is what a view with a side pane
 * shows instead of leaving the list.
 */
import type { Cell } from '../../../shared/contract.js';
import type { Route } from '../router.js';
import { href } from '../router.js';
import type { Selection } from '../pane/selection.js';
import { withPane } from '../pane/selection.js';

export interface IdTarget {
  readonly href: string;
  /** Shown in the side pane of a list view (null: the link always leaves, e.g. to another trace's graph). */
  readonly sel: Selection | null;
  /** What the link opens, for its title and for assistive tools. */
  readonly title: string;
}

export interface IdContext {
  /** The table the value is shown for (its `id` column is its own row). */
  readonly table?: string | null;
  /** The trace of the row the value is shown for: a turn_id or call_id is resolved in it. */
  readonly traceId?: string | null;
}

/** Columns that name another table's row by its rowid (INTEGER PRIMARY KEY), by the table they appear in. */
const ROW_REFS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  model_call_id: { '*': 'model_calls' },
  exec_event_id: { '*': 'exec_events' },
  run_id: { security_rule_events: 'security_rule_runs', security_decision_events: 'security_decision_runs' },
  block_offset: { event_body_blobs: 'body_blocks' },
};

const rowRoute = (ev: string, table: string, rowid: number): Route => ({ view: 'row', ev, table, rowid, body: null, mode: 'text' });

function asText(v: Cell | undefined): string | null {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : null;
  return null;
}

/** The link for `column = value`, or null when the column is no id or the value is empty. */
export function idTarget(ev: string, column: string, value: Cell | undefined, ctx: IdContext = {}): IdTarget | null {
  const text = asText(value);
  if (text === null) return null;
  const rowOf = (table: string): IdTarget | null => {
    const rowid = Number(text);
    if (!Number.isSafeInteger(rowid)) return null;
    return { href: href(rowRoute(ev, table, rowid)), sel: { kind: 'row', table, rowid }, title: `open ${table} #${rowid}` };
  };
  const refs = ROW_REFS[column];
  if (refs) {
    const table = refs[ctx.table ?? ''] ?? refs['*'];
    return table ? rowOf(table) : null;
  }
  switch (column) {
    case 'id':
      return ctx.table ? rowOf(ctx.table) : null;
    case 'trace_id':
      return { href: href({ view: 'graph', ev, trace: text }), sel: null, title: 'open this trace in the identity graph' };
    case 'turn_id': {
      if (ctx.traceId) {
        const sel: Selection = { kind: 'turn', traceId: ctx.traceId, turnId: text };
        return {
          href: withPane(href({ view: 'graph', ev, trace: ctx.traceId }), { sel, body: null, mode: null }),
          sel,
          title: 'open this turn',
        };
      }
      return {
        href: href({ view: 'tables', ev, table: 'model_calls', sort: null, filters: [{ column: 'turn_id', op: 'eq', value: text }] }),
        sel: null,
        title: "this turn's model calls",
      };
    }
    case 'call_id':
      return {
        href: href({ view: 'tables', ev, table: 'tool_calls', sort: null, filters: [{ column: 'call_id', op: 'eq', value: text }] }),
        sel: { kind: 'call', callId: text, traceId: ctx.traceId ?? null },
        title: 'open the tool call with this call_id',
      };
    case 'event_id':
      return {
        href: href({ view: 'event', ev, eventId: text, body: null, mode: 'text' }),
        sel: { kind: 'event', eventId: text },
        title: 'open the event with this event_id',
      };
    default:
      return null;
  }
}

/** The columns idTarget turns into links (for views that decide before having a value). */
export function isIdColumn(column: string, table: string | null): boolean {
  return column in ROW_REFS || ['trace_id', 'turn_id', 'call_id', 'event_id'].includes(column) || (column === 'id' && table !== null);
}
