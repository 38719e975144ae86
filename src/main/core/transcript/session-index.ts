// The whole session's transcript without its whole story in memory. The session is every listed trace's
// transcript, one after the other; a page needs only the traces it overlaps, each ordered (and kept) as its own
// trace view is. What a page cannot know from those is the total and the finding counts, and those need no event
// or item row: an event never makes a turn or a finding, so a trace's entry count is the length of its order
// without events plus its event count, and its findings are that order's. This index keeps, per trace, that count
// and those findings (a few numbers each), read once from the model calls, tool calls and tool responses only.
import type Database from 'better-sqlite3';
import type { TranscriptFindingKind } from '../../../shared/contract/transcript.js';
import { EVENT_TABLES } from '../graph/events.js';
import { traceKeysOf } from '../graph/trace-keys.js';
import { listTraces } from '../graph/traces.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { orderTrace } from './order.js';
import { readTraceRows } from './trace-rows.js';

export interface SessionIndex {
  readonly traceIds: readonly string[];
  /** starts[i]: the first line of trace i; starts[traceIds.length] is the total. */
  readonly starts: readonly number[];
  readonly findings: Partial<Record<TranscriptFindingKind, number>>;
  readonly note: string | null;
}

/** Event rows per trace_id, over every event table: from the trace keys when they counted the table, else one GROUP BY. */
function eventCounts(db: Database.Database): Map<string, number> {
  const keys = traceKeysOf(db);
  const out = new Map<string, number>();
  const add = (t: string, n: number): void => void out.set(t, (out.get(t) ?? 0) + n);
  for (const { table } of EVENT_TABLES) {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id')) continue;
    if (keys?.countedEvents(table)) continue;
    for (const [t, n] of db.prepare(`SELECT trace_id, COUNT(*) FROM ${table} WHERE trace_id IS NOT NULL GROUP BY trace_id`).raw().all() as [
      unknown,
      number,
    ][])
      add(String(t), Number(n));
  }
  return out;
}

const kept = new WeakMap<Database.Database, SessionIndex>();

export function sessionIndex(db: Database.Database, exists: (id: number) => boolean): SessionIndex {
  const known = kept.get(db);
  if (known) return known;
  const list = listTraces(db);
  const rows = readTraceRows(db, null, { sideRows: false });
  const keys = traceKeysOf(db);
  const counted = eventCounts(db);
  const countedTables = EVENT_TABLES.filter(({ table }) => keys?.countedEvents(table)).map((e) => e.table);
  const traceIds: string[] = [];
  const starts: number[] = [0];
  const findings: Partial<Record<TranscriptFindingKind, number>> = {};
  for (const t of list.traces) {
    const r = rows.get(t.traceId);
    if (!r) continue;
    const order = orderTrace(t.traceId, r, exists);
    for (const e of order) for (const f of e.findings) findings[f.kind] = (findings[f.kind] ?? 0) + 1;
    let events = counted.get(t.traceId) ?? 0;
    if (keys && countedTables.length) for (const c of keys.eventsOfTrace(t.traceId)) if (countedTables.includes(c.table)) events += c.count;
    traceIds.push(t.traceId);
    starts.push(starts[starts.length - 1]! + order.length + events);
  }
  const notes = [list.note, list.truncated ? `only the first ${list.traces.length} traces are told` : null].filter(Boolean);
  const index = { traceIds, starts, findings, note: notes.length ? notes.join('; ') : null };
  kept.set(db, index);
  return index;
}

/** The traces a range of lines overlaps: [trace position, first line within it, how many lines]. */
export function sessionSlices(index: SessionIndex, offset: number, limit: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  const end = Math.min(offset + limit, index.starts[index.starts.length - 1]!);
  // The last trace starting at or before offset (binary search over the starts).
  let lo = 0;
  let hi = index.traceIds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.starts[mid + 1]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < index.traceIds.length && index.starts[i]! < end; i++) {
    const from = Math.max(offset, index.starts[i]!) - index.starts[i]!;
    const to = Math.min(end, index.starts[i + 1]!) - index.starts[i]!;
    if (to > from) out.push([i, from, to - from]);
  }
  return out;
}
