// The whole session's transcript without its whole story in memory. The session is every listed trace's
// transcript, one after the other; a page needs only the traces it overlaps, each ordered (and kept) as its own
// trace view is. What a page cannot know from those is the total and the finding counts, and those need no event
// or item row: an event never makes a turn or a finding, so a trace's entry count is the length of its order
// without events plus its event count, and its findings are that order's. This index keeps, per trace, that count
// and those findings (a few numbers each), read once from the model calls, tool calls and tool responses only.
import type Database from 'better-sqlite3';
import type { TranscriptFindingKind } from '../../../shared/contract/transcript.js';
import { EVENT_TABLES } from '../traces/events.js';
import { traceKeysOf } from '../traces/trace-keys.js';
import { listTraces } from '../traces/traces.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { orderTrace } from '../traces/order.js';
import { readTraceRows } from '../traces/trace-rows.js';
import type { UntracedRows } from './untraced.js';
import { untracedLines, untracedRows } from './untraced.js';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export interface SessionIndex {
  readonly traceIds: readonly string[];
  /** starts[i]: the first line of trace i; starts[traceIds.length] is where the untraced tail begins. */
  readonly starts: readonly number[];
  /** The rows no told trace carries (untraced.ts), told after the traces. */
  readonly untraced: UntracedRows;
  /** Every line: the traces' and the tail's. */
  readonly total: number;
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
const building = new WeakMap<Database.Database, Promise<SessionIndex>>();

/** A trace's order as its view keeps it (skeleton.ts): only its length and findings are read here. */
type KeptOrder = { readonly entries: readonly { readonly findings: readonly { kind: TranscriptFindingKind }[] }[] };

/** A trace's share of the index: its line count and its findings, or null when no row carries it. */
type Census = { lines: number; findings: Partial<Record<TranscriptFindingKind, number>> } | null;

function census(
  traceId: string,
  rows: ReturnType<typeof readTraceRows> extends Map<string, infer R> ? R | undefined : never,
  exists: (id: number) => boolean,
  events: number,
): Census {
  if (!rows) return null;
  const order = orderTrace(traceId, rows, exists);
  const findings: Partial<Record<TranscriptFindingKind, number>> = {};
  for (const e of order) for (const f of e.findings) findings[f.kind] = (findings[f.kind] ?? 0) + 1;
  return { lines: order.length + events, findings };
}

function assemble(db: Database.Database, list: ReturnType<typeof listTraces>, perTrace: (traceId: string) => Census): SessionIndex {
  const traceIds: string[] = [];
  const starts: number[] = [0];
  const findings: Partial<Record<TranscriptFindingKind, number>> = {};
  for (const t of list.traces) {
    const c = perTrace(t.traceId);
    if (!c) continue;
    for (const [k, n] of Object.entries(c.findings)) findings[k as TranscriptFindingKind] = (findings[k as TranscriptFindingKind] ?? 0) + n;
    traceIds.push(t.traceId);
    starts.push(starts[starts.length - 1]! + c.lines);
  }
  const untraced = untracedRows(db, traceIds);
  const loose = untraced.ids.length;
  const notes = [
    list.note,
    list.truncated ? `only the first ${list.traces.length} traces are told as traces` : null,
    loose
      ? `${loose.toLocaleString('en-US')} ${loose === 1 ? 'row carries' : 'rows carry'} no told trace: ${loose === 1 ? 'it follows' : 'they follow'} the traces, in time order, marked untraced`
      : null,
  ].filter(Boolean);
  const tailStart = starts[starts.length - 1]!;
  const index = {
    traceIds,
    starts,
    untraced,
    total: tailStart + untracedLines(untraced),
    findings,
    note: notes.length ? notes.join('; ') : null,
  };
  kept.set(db, index);
  return index;
}

/** Events per trace: the ledger's GROUP BY for tables the keys did not count, plus the keys' counts. */
function eventsOf(db: Database.Database): (traceId: string) => number {
  const keys = traceKeysOf(db);
  const counted = eventCounts(db);
  const countedTables = EVENT_TABLES.filter(({ table }) => keys?.countedEvents(table)).map((e) => e.table);
  return (traceId) => {
    let events = counted.get(traceId) ?? 0;
    if (keys && countedTables.length) for (const c of keys.eventsOfTrace(traceId)) if (countedTables.includes(c.table)) events += c.count;
    return events;
  };
}

/** The index, made now in one pass over every model call, tool call and response (export, or no trace keys). */
export function sessionIndex(db: Database.Database, exists: (id: number) => boolean): SessionIndex {
  const known = kept.get(db);
  if (known) return known;
  const list = listTraces(db);
  const rows = readTraceRows(db, null, { sideRows: false });
  const events = eventsOf(db);
  return assemble(db, list, (t) => census(t, rows.get(t), exists, events(t)));
}

/** The index when it is made, else null. */
export function sessionIndexIfReady(db: Database.Database): SessionIndex | null {
  return kept.get(db) ?? null;
}

/**
 * The index made behind the first page (once per connection): with the trace keys in, a trace at a time, each read
 * by its keys and the server's thread given back between traces, so no request waits for the whole session's
 * rows (5.6 s in one pass on the 1,000,000-event ledger). A trace whose order is already kept (a large trace the
 * worker ordered) is counted from it. Without keys, the one-pass build.
 */
export function sessionIndexLater(
  db: Database.Database,
  exists: (id: number) => boolean,
  keptOrder: (traceId: string) => Promise<KeptOrder | null> | KeptOrder | null,
): Promise<SessionIndex> {
  const known = kept.get(db);
  if (known) return Promise.resolve(known);
  let p = building.get(db);
  if (p) return p;
  p = (async () => {
    await yieldToLoop();
    if (!traceKeysOf(db)) return sessionIndex(db, exists);
    const list = listTraces(db);
    const events = eventsOf(db);
    const made = new Map<string, Census>();
    for (const t of list.traces) {
      if (!db.open) break;
      const order = await keptOrder(t.traceId);
      if (order) {
        const findings: Partial<Record<TranscriptFindingKind, number>> = {};
        for (const e of order.entries) for (const f of e.findings) findings[f.kind] = (findings[f.kind] ?? 0) + 1;
        made.set(t.traceId, order.entries.length ? { lines: order.entries.length, findings } : null);
      } else {
        made.set(t.traceId, census(t.traceId, readTraceRows(db, t.traceId, { sideRows: false }).get(t.traceId), exists, events(t.traceId)));
      }
      await yieldToLoop();
    }
    if (!db.open) throw new Error('the evidence was closed while its session was counted');
    return assemble(db, list, (t) => made.get(t) ?? null);
  })();
  building.set(db, p);
  // A failed build (the evidence closed meanwhile, ...) is tried again by the next page that asks.
  p.catch(() => building.delete(db));
  return p;
}

/** The traces a range of lines overlaps: [trace position, first line within it, how many lines]. */
export function sessionSlices(index: SessionIndex, offset: number, limit: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  // Slices of the traces only: the tail past them is untracedSlice's.
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

/** The tail's share of a range of lines: [first tail line, how many], or null when the range ends before it. */
export function untracedSlice(index: SessionIndex, offset: number, limit: number): [number, number] | null {
  const tailStart = index.starts[index.starts.length - 1]!;
  const from = Math.max(offset, tailStart);
  const to = Math.min(offset + limit, index.total);
  return to > from ? [from - tailStart, to - from] : null;
}
