/**
 * The ids inside a finding's text (the integrity report's messages and evidence lines), found and turned into links:
 * `<table> <rowid>` (also `<table> #<rowid>`, `<table> row <rowid>`) → that row; `event_id <id>` / `event_id=<id>` →
 * the event; `<event id> <table>/<direction>` (a failed body) → the event at that body; `trace_id <id>` → the trace;
 * `call_id <id>` → the logical call's rows; a bare table name → the table. Only names of tables this ledger has
 * count as tables, so ordinary words never become links. Every href is the target's own route (router.href).
 */
import type { Route } from '../router.js';
import { href } from '../router.js';
import { idTarget } from './id-routes.js';

export type MessagePart = string | { readonly text: string; readonly href: string; readonly title: string };

/** A trace or call id: six or more id characters, at least one a digit (so the words "call_id in the trace" are not). */
const ID = '(?=[A-Za-z0-9_-]*\\d)[A-Za-z0-9_-]{6,}';
const NAME = '[A-Za-z_][A-Za-z0-9_]*';
/**
 * One alternation, tried left to right at each place; the longer forms come first so that `tool_calls 6` is a row
 * and not a bare table name followed by a number. Named groups say which form matched.
 */
const PATTERN = new RegExp(
  [
    `(?<bodyEvent>\\b[0-9a-f]{8,64}) (?<bodyTable>${NAME})\\/(?<bodyDir>[a-z_]+)\\b`,
    `\\bevent_id[= ](?<eventId>[0-9a-f]{8,64})\\b`,
    `\\btrace_id[= ](?<traceId>${ID})`,
    `\\bcall_id[= ](?<callId>${ID})`,
    `\\b(?<rowTable>${NAME})(?: row | #| )(?<rowid>\\d+)\\b`,
    `\\b(?<table>${NAME})\\b`,
  ].join('|'),
  'g',
);

function target(ev: string, g: Record<string, string | undefined>, tables: ReadonlySet<string>): { href: string; title: string } | null {
  const route = (r: Route, title: string) => ({ href: href(r), title });
  if (g.bodyEvent && g.bodyTable && tables.has(g.bodyTable))
    return route(
      { view: 'event', ev, eventId: g.bodyEvent, body: { sourceTable: g.bodyTable, direction: g.bodyDir! }, mode: null },
      `open the ${g.bodyTable}/${g.bodyDir} body of event ${g.bodyEvent}`,
    );
  if (g.eventId) return route({ view: 'event', ev, eventId: g.eventId, body: null, mode: 'text' }, `open event ${g.eventId}`);
  const byColumn = (column: string, value: string) => {
    const t = idTarget(ev, column, value);
    return t ? { href: t.href, title: t.title } : null;
  };
  if (g.traceId) return byColumn('trace_id', g.traceId);
  if (g.callId) return byColumn('call_id', g.callId);
  if (g.rowTable && g.rowid && tables.has(g.rowTable)) {
    const rowid = Number(g.rowid);
    if (Number.isSafeInteger(rowid))
      return route({ view: 'row', ev, table: g.rowTable, rowid, body: null, mode: 'text' }, `open ${g.rowTable} #${rowid}`);
  }
  if (g.table && tables.has(g.table))
    return route({ view: 'tables', ev, table: g.table, sort: null, filters: [] }, `open the table ${g.table}`);
  return null;
}

/** Which part of a match is the link's text: the id itself, or the whole `table rowid` / table name. */
function linkedSpan(m: RegExpExecArray): { start: number; text: string } {
  const g = m.groups ?? {};
  const inner = g.bodyEvent ?? g.eventId ?? g.traceId ?? g.callId;
  if (inner !== undefined) {
    const at = g.bodyEvent !== undefined ? 0 : m[0].length - inner.length;
    return { start: m.index + at, text: inner };
  }
  return { start: m.index, text: m[0] };
}

/** `text` split into plain pieces and links, in order; joined, the pieces' texts are `text` exactly. */
export function messageParts(ev: string, text: string, tables: ReadonlySet<string>): MessagePart[] {
  const out: MessagePart[] = [];
  let at = 0;
  PATTERN.lastIndex = 0;
  for (let m = PATTERN.exec(text); m !== null; m = PATTERN.exec(text)) {
    const g = m.groups ?? {};
    const t = target(ev, g, tables);
    if (!t) continue;
    const span = linkedSpan(m);
    if (span.start > at) out.push(text.slice(at, span.start));
    out.push({ text: span.text, ...t });
    at = span.start + span.text.length;
    PATTERN.lastIndex = Math.max(PATTERN.lastIndex, at);
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
