/**
 * Per connection, the rows of each trace by the keys the ledger has no index on: a trace's tool calls and responses
 * (trace_id), the responses and calls of a call_id, a model call's items (model_call_id), a trace's event rows
 * counted per table and turn. Without it, opening any trace scanned whole tables (tool_responses, model_items, the
 * event tables): 4 s for a 67-call trace of a million-event ledger, growing with the ledger, not the trace.
 *
 * Why copied out and not indexed: the ledger is evidence, and even its private scratch copy is opened query_only
 * (reliability anchors SQL-1), and its bytes are what the copy proof hashes; an index added to it would also show
 * in sqlite_master as if the ledger had it. So a worker reads the join columns once after the open
 * (trace-keys-worker.ts) and this module keeps them in memory (typed arrays, ~20 MB at a million events). Until they are in,
 * and whenever the worker cannot run, every caller falls back to the ledger's own queries: slower, same answer.
 */
import type Database from 'better-sqlite3';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { KeyColumns, PackedStrings, TraceKeyScan, TraceKeysReply, TraceKeysRequest } from './trace-keys-protocol.js';
import type { Groups } from './trace-keys-columns.js';
import { groupBy, indexOfString, itemOrder, positionOf, rowidsOf, stringAt } from './trace-keys-columns.js';
import { seedTraceList } from './trace-list-cache.js';
import { seedTraceMemo } from './trace-memo.js';
import type { Entry } from './entry.js';

export interface EventCount {
  readonly table: string;
  readonly turnId: string | null;
  readonly count: number;
}

class ToolKeys {
  private trace: Groups | null = null;
  private callId: Groups | null = null;
  constructor(
    private readonly k: KeyColumns,
    private readonly values: number,
  ) {}
  ofTrace(t: number): number[] {
    this.trace ??= groupBy(this.k.trace, this.values);
    return rowidsOf(this.trace, this.k.ids, t);
  }
  ofCallId(c: number): number[] {
    this.callId ??= groupBy(this.k.callId, this.values);
    return rowidsOf(this.callId, this.k.ids, c);
  }
  callIdAt(id: number): number {
    const i = positionOf(this.k.ids, id);
    return i < 0 ? -1 : this.k.callId[i]!;
  }
}

const none: readonly number[] = [];

/**
 * The index of one connection: the scan's typed arrays as they arrived, each lookup structure made on first use.
 * Lists are rowids in ascending order (the scan reads by rowid).
 */
export class TraceKeys {
  private readonly strings: PackedStrings;
  private readonly values: number;
  private readonly calls: ToolKeys | null;
  private readonly responses: ToolKeys | null;
  private readonly scan: TraceKeyScan;
  /** Item positions ordered by (model_call_id, position); NULL model_call_id left out. Made on first use. */
  private itemOrder: Int32Array | null = null;
  private looseByTrace: Groups | null = null;
  private eventsByTrace: Groups | null = null;
  private readonly eventTables: ReadonlySet<string>;
  private readonly eventRows: ReadonlyMap<string, { readonly ids: Float64Array; readonly trace: Int32Array }>;

  constructor(scan: TraceKeyScan) {
    this.scan = scan;
    this.strings = scan.strings;
    this.values = scan.strings.ends.length;
    this.calls = scan.toolCalls ? new ToolKeys(scan.toolCalls, this.values) : null;
    this.responses = scan.toolResponses ? new ToolKeys(scan.toolResponses, this.values) : null;
    this.eventTables = new Set(scan.eventTables);
    this.eventRows = new Map(scan.eventRows.map((r) => [r.table, r]));
  }

  private index(s: string | null): number {
    return s === null ? -1 : indexOfString(this.strings, s);
  }
  private str(i: number): string | null {
    return i >= 0 ? stringAt(this.strings, i) : null;
  }

  hasCalls = (): boolean => this.calls !== null;
  hasResponses = (): boolean => this.responses !== null;
  hasItems = (): boolean => this.scan.items !== null;
  /** Whether this event table's rows were counted (else ask the ledger). */
  countedEvents(table: string): boolean {
    return this.eventTables.has(table);
  }

  callsOfTrace(traceId: string): readonly number[] {
    return this.calls?.ofTrace(this.index(traceId)) ?? none;
  }
  responsesOfTrace(traceId: string): readonly number[] {
    return this.responses?.ofTrace(this.index(traceId)) ?? none;
  }
  /** tool_calls rows carrying any of these call_ids. */
  callsWithCallIds(callIds: Iterable<string | null>): number[] {
    return this.gather(this.calls, callIds);
  }
  /** tool_responses rows carrying any of these call_ids. */
  responsesWithCallIds(callIds: Iterable<string | null>): number[] {
    return this.gather(this.responses, callIds);
  }
  callIdOfCall(id: number): string | null {
    return this.str(this.calls?.callIdAt(id) ?? -1);
  }
  callIdOfResponse(id: number): string | null {
    return this.str(this.responses?.callIdAt(id) ?? -1);
  }
  /** model_items of the trace whose model_call_id names no model call; null when the scan could not tell. */
  looseItemsOfTrace(traceId: string): readonly number[] | null {
    const loose = this.scan.looseItems;
    if (!loose) return null;
    this.looseByTrace ??= groupBy(loose.trace, this.values);
    return rowidsOf(this.looseByTrace, loose.ids, this.index(traceId));
  }
  itemsOf(modelCallIds: readonly number[]): number[] {
    const items = this.scan.items;
    const out: number[] = [];
    if (!items) return out;
    for (const m of modelCallIds) this.eachItem(m, (i) => void out.push(items.ids[i]!));
    return out.sort((a, b) => a - b);
  }
  /**
   * The items of these model calls filed under this trace_id ({ rowid, model call, item_index }, model calls in the
   * given order, items by rowid), read from the keys alone; null without items.
   */
  itemKeysOf(modelCallIds: readonly number[], traceId: string): { id: number; mc: number; index: number }[] | null {
    const items = this.scan.items;
    if (!items) return null;
    const t = this.index(traceId);
    const out: { id: number; mc: number; index: number }[] = [];
    if (t < 0) return out;
    for (const mc of modelCallIds) {
      this.eachItem(mc, (i) => {
        if (items.trace[i] === t) out.push({ id: items.ids[i]!, mc, index: items.itemIndex[i]! });
      });
    }
    return out;
  }
  /**
   * Rowids (ascending) of this event table's rows carrying this trace_id; null when the scan did not list the table.
   * One pass over the table's typed arrays (a few ms at a million rows), nothing kept per trace.
   */
  eventRowsOfTrace(table: string, traceId: string): number[] | null {
    const r = this.eventRows.get(table);
    if (!r) return null;
    const t = this.index(traceId);
    const out: number[] = [];
    if (t < 0) return out;
    for (let i = 0; i < r.trace.length; i++) if (r.trace[i] === t) out.push(r.ids[i]!);
    return out;
  }
  eventsOfTrace(traceId: string): readonly EventCount[] {
    const e = this.scan.events;
    this.eventsByTrace ??= groupBy(e.trace, this.values);
    const g = this.eventsByTrace;
    const t = this.index(traceId);
    const out: EventCount[] = [];
    if (t < 0) return out;
    for (let j = g.start[t]!; j < g.start[t + 1]!; j++) {
      const i = g.at[j]!;
      out.push({ table: this.scan.eventTables[e.table[i]!]!, turnId: this.str(e.turn[i]!), count: e.count[i]! });
    }
    return out;
  }

  /** Calls f with each item position of model call mc, in ascending rowid. */
  private eachItem(mc: number, f: (position: number) => void): void {
    const items = this.scan.items!;
    const order = (this.itemOrder ??= itemOrder(items.modelCallId));
    const key = (j: number): number => items.modelCallId[order[j]!]!;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (key(mid) < mc) lo = mid + 1;
      else hi = mid;
    }
    for (let j = lo; j < order.length && key(j) === mc; j++) f(order[j]!);
  }

  private gather(keys: ToolKeys | null, callIds: Iterable<string | null>): number[] {
    const out = new Set<number>();
    if (keys) for (const c of callIds) if (c !== null) for (const id of keys.ofCallId(this.index(c))) out.add(id);
    return [...out].sort((a, b) => a - b);
  }
}

const built = new WeakMap<Database.Database, TraceKeys>();
const warming = new WeakMap<Database.Database, Promise<void>>();

/**
 * Where the worker's orders of large traces go: skeleton.ts hands itself in, so this file does not import the
 * ordering code, which reads through these keys (the two files would import each other).
 */
export interface TranscriptsAhead {
  expect(db: Database.Database, traceIds: readonly string[]): void;
  seed(db: Database.Database, traceId: string, entries: readonly Entry[], items: readonly (readonly [number, readonly number[]])[]): void;
  drop(db: Database.Database): void;
}
let transcriptsAhead: TranscriptsAhead | null = null;

export function receiveTranscriptsAhead(sink: TranscriptsAhead): void {
  transcriptsAhead = sink;
}

/** The connection's index once it is in, else null (the caller then asks the ledger). */
export function traceKeysOf(db: Database.Database): TraceKeys | null {
  return built.get(db) ?? null;
}

/** Hands a connection an index made elsewhere (the worker's scan, or a test's). */
export function seedTraceKeys(db: Database.Database, scan: TraceKeyScan): void {
  if (!built.has(db)) built.set(db, new TraceKeys(scan));
}

/** Starts the scan for this connection (once), in a worker on its own connection to the same read-only copy. */
export function warmTraceKeys(db: Database.Database, dbCopyPath: string): Promise<void> {
  const known = warming.get(db);
  if (known) return known;
  const request: TraceKeysRequest = { dbCopyPath };
  const done = new Promise<void>((resolve) => {
    try {
      // A small young generation: the scan's garbage (a row array per row) held serve's RSS ~25 MB higher.
      const worker = spawnWorker(import.meta.url, 'trace-keys-worker', {
        workerData: request,
        resourceLimits: { maxYoungGenerationSizeMb: 4 },
      });
      // Never what keeps a process alive (a CLI that opened and closed evidence must still exit).
      worker.unref();
      // Settled with the keys; the trace list that follows is seeded whenever it comes.
      const parts = new Map<string, Entry[]>();
      worker.on('message', (m: TraceKeysReply) => {
        if (m.type === 'keys' && db.open) seedTraceKeys(db, m.scan);
        if (m.type === 'traces' && db.open) seedTraceList(db, m.list);
        if (m.type === 'trace' && db.open) {
          seedTraceMemo(db, 'turns', m.traceId, m.turns);
          seedTraceMemo(db, 'broken', m.traceId, m.broken);
          seedTraceMemo(db, 'events', m.traceId, m.events);
        }
        if (m.type === 'transcripts-ahead' && db.open) transcriptsAhead?.expect(db, m.traceIds);
        if (m.type === 'transcript-part' && db.open) {
          const list = parts.get(m.traceId);
          if (list) for (const e of m.entries) list.push(e);
          else parts.set(m.traceId, [...m.entries]);
        }
        if (m.type === 'transcript' && db.open) {
          const head = parts.get(m.traceId) ?? [];
          parts.delete(m.traceId);
          for (const e of m.entries) head.push(e);
          transcriptsAhead?.seed(db, m.traceId, head, m.items);
        }
        if (m.type === 'error') transcriptsAhead?.drop(db);
        if (m.type === 'keys' || m.type === 'error') resolve();
      });
      worker.once('error', () => {
        transcriptsAhead?.drop(db);
        resolve();
      });
      worker.once('exit', () => {
        transcriptsAhead?.drop(db);
        resolve();
      });
    } catch {
      resolve();
    }
  });
  warming.set(db, done);
  return done;
}

/** Resolves once warmTraceKeys settled (at once when none was started). */
export function traceKeysSettled(db: Database.Database): Promise<void> {
  return warming.get(db) ?? Promise.resolve();
}

/** Rowids inlined into SQL: our own numbers from the scan, checked so no other text can enter. */
export function idList(ids: readonly number[]): string {
  if (ids.length === 0) return 'NULL';
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not a rowid: ${String(id)}`);
  return ids.join(', ');
}

/**
 * The connection of an evidence, with its trace keys started: called by the channels that read traces (the trace
 * list, a trace, lifecycles, id.resolve), so the scan starts when a reader first turns to traces and never costs an
 * open that only looks at tables or the integrity report (a busy machine's report then had the worker beside it).
 */
export function dbWithTraceKeys(evidence: {
  readonly db: Database.Database;
  readonly snapshot: { readonly dbCopyPath: string };
}): Database.Database {
  if (evidence.db.open) void warmTraceKeys(evidence.db, evidence.snapshot.dbCopyPath);
  return evidence.db;
}
