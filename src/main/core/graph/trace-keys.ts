/**
 * Per connection, the rows of each trace by the keys the ledger has no index on: a trace's tool calls and responses
 * (trace_id), the responses and calls of a call_id, a model call's items (model_call_id), a trace's event rows
 * counted per table and turn. Without it, opening any trace scanned whole tables (tool_responses, model_items, the
 * event tables): 4 s for a 67-call trace of a million-event ledger, growing with the ledger, not the trace.
 *
 * Why copied out and not indexed: the ledger is evidence, and even its private scratch copy is opened query_only
 * (reliability anchors SQL-1), and its bytes are what the copy proof hashes; an index added to it would also show
 * in sqlite_master as if the ledger had it. So a worker reads the join columns once after the open
 * (trace-keys-worker.ts) and this module keeps them in memory (a few MB at a million events). Until they are in,
 * and whenever the worker cannot run, every caller falls back to the ledger's own queries: slower, same answer.
 */
import type Database from 'better-sqlite3';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { KeyColumns, TraceKeyScan, TraceKeysReply, TraceKeysRequest } from './trace-keys-protocol.js';
import { seedTraceList } from './trace-list-cache.js';
import { seedTraceMemo } from './trace-memo.js';
import type { Entry } from '../transcript/entry.js';

export interface EventCount {
  readonly table: string;
  readonly turnId: string | null;
  readonly count: number;
}

type Multi<K> = Map<K, number[]>;
const push = <K>(m: Multi<K>, k: K, v: number): void => {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
};

interface ToolKeys {
  readonly byTrace: Multi<string>;
  readonly byCallId: Multi<string>;
  readonly callIdOf: Map<number, string | null>;
}

function toolKeys(strings: readonly string[], k: KeyColumns): ToolKeys {
  const byTrace: Multi<string> = new Map();
  const byCallId: Multi<string> = new Map();
  const callIdOf = new Map<number, string | null>();
  for (let i = 0; i < k.ids.length; i++) {
    const id = k.ids[i]!;
    const t = k.trace[i]!;
    const c = k.callId[i]!;
    if (t >= 0) push(byTrace, strings[t]!, id);
    if (c >= 0) push(byCallId, strings[c]!, id);
    callIdOf.set(id, c >= 0 ? strings[c]! : null);
  }
  return { byTrace, byCallId, callIdOf };
}

const none: readonly number[] = [];

/** The index of one connection. Lists are rowids in ascending order (the scan reads by rowid). */
export class TraceKeys {
  private readonly calls: ToolKeys | null;
  private readonly responses: ToolKeys | null;
  private readonly items: Multi<number> | null;
  /** Per model call, its items' positions in the scan's arrays (for their item_index and trace_id). */
  private readonly itemAt: {
    readonly at: Multi<number>;
    readonly index: Float64Array;
    readonly trace: Int32Array;
    readonly ids: Float64Array;
  } | null;
  private readonly looseItems: Multi<string> | null;
  private readonly events = new Map<string, EventCount[]>();
  private readonly eventTables: ReadonlySet<string>;
  private readonly eventRows: ReadonlyMap<string, { readonly ids: Float64Array; readonly trace: Int32Array }>;
  private readonly stringIndex: ReadonlyMap<string, number>;

  constructor(scan: TraceKeyScan) {
    this.calls = scan.toolCalls ? toolKeys(scan.strings, scan.toolCalls) : null;
    this.responses = scan.toolResponses ? toolKeys(scan.strings, scan.toolResponses) : null;
    if (scan.items) {
      const items: Multi<number> = new Map();
      const at: Multi<number> = new Map();
      for (let i = 0; i < scan.items.ids.length; i++) {
        const mc = scan.items.modelCallId[i]!;
        if (Number.isNaN(mc)) continue;
        push(items, mc, scan.items.ids[i]!);
        push(at, mc, i);
      }
      this.items = items;
      this.itemAt =
        scan.items.itemIndex && scan.items.trace ? { at, index: scan.items.itemIndex, trace: scan.items.trace, ids: scan.items.ids } : null;
    } else {
      this.items = null;
      this.itemAt = null;
    }
    if (scan.looseItems) {
      const loose: Multi<string> = new Map();
      for (let i = 0; i < scan.looseItems.ids.length; i++) {
        const t = scan.looseItems.trace[i]!;
        if (t >= 0) push(loose, scan.strings[t]!, scan.looseItems.ids[i]!);
      }
      this.looseItems = loose;
    } else this.looseItems = null;
    for (const [table, t, u, count] of scan.events) {
      const trace = scan.strings[t]!;
      const list = this.events.get(trace) ?? [];
      list.push({ table, turnId: u >= 0 ? scan.strings[u]! : null, count });
      this.events.set(trace, list);
    }
    this.eventTables = new Set(scan.eventTables);
    this.eventRows = new Map((scan.eventRows ?? []).map((r) => [r.table, r]));
    this.stringIndex = new Map(scan.strings.map((v, i) => [v, i]));
  }

  hasCalls(): boolean {
    return this.calls !== null;
  }
  hasResponses(): boolean {
    return this.responses !== null;
  }
  hasItems(): boolean {
    return this.items !== null;
  }
  /** Whether this event table's rows were counted (else ask the ledger). */
  countedEvents(table: string): boolean {
    return this.eventTables.has(table);
  }

  callsOfTrace(traceId: string): readonly number[] {
    return this.calls?.byTrace.get(traceId) ?? none;
  }
  responsesOfTrace(traceId: string): readonly number[] {
    return this.responses?.byTrace.get(traceId) ?? none;
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
    return this.calls?.callIdOf.get(id) ?? null;
  }
  callIdOfResponse(id: number): string | null {
    return this.responses?.callIdOf.get(id) ?? null;
  }
  /** model_items of the trace whose model_call_id names no model call; null when the scan could not tell. */
  looseItemsOfTrace(traceId: string): readonly number[] | null {
    return this.looseItems ? (this.looseItems.get(traceId) ?? none) : null;
  }
  itemsOf(modelCallIds: readonly number[]): number[] {
    const out: number[] = [];
    for (const m of modelCallIds) out.push(...(this.items?.get(m) ?? none));
    return out.sort((a, b) => a - b);
  }
  /**
   * The items of these model calls filed under this trace_id ({ rowid, model call, item_index }, model calls in the
   * given order, items by rowid), read from the keys alone; null when the scan did not keep item_index and trace_id.
   */
  itemKeysOf(modelCallIds: readonly number[], traceId: string): { id: number; mc: number; index: number }[] | null {
    const k = this.itemAt;
    if (!k) return null;
    const t = this.stringIndex.get(traceId);
    const out: { id: number; mc: number; index: number }[] = [];
    if (t === undefined) return out;
    for (const mc of modelCallIds) {
      for (const i of k.at.get(mc) ?? none) if (k.trace[i] === t) out.push({ id: k.ids[i]!, mc, index: k.index[i]! });
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
    const t = this.stringIndex.get(traceId);
    const out: number[] = [];
    if (t === undefined) return out;
    for (let i = 0; i < r.trace.length; i++) if (r.trace[i] === t) out.push(r.ids[i]!);
    return out;
  }
  eventsOfTrace(traceId: string): readonly EventCount[] {
    return this.events.get(traceId) ?? [];
  }

  private gather(keys: ToolKeys | null, callIds: Iterable<string | null>): number[] {
    const out = new Set<number>();
    for (const c of callIds) if (c !== null) for (const id of keys?.byCallId.get(c) ?? none) out.add(id);
    return [...out].sort((a, b) => a - b);
  }
}

const built = new WeakMap<Database.Database, TraceKeys>();
const warming = new WeakMap<Database.Database, Promise<void>>();

/** The connection's index once it is in, else null (the caller then asks the ledger). */
/**
 * Where the worker's transcript orders of large traces go: the transcript room hands itself in (skeleton.ts), so
 * this room does not import the transcript, whose readers read through these keys.
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
      const worker = spawnWorker(import.meta.url, 'trace-keys-worker', { workerData: request });
      // Never what keeps a process alive (a CLI that opened and closed evidence must still exit).
      worker.unref();
      // Settled with the keys; the trace list that follows is seeded whenever it comes.
      worker.on('message', (m: TraceKeysReply) => {
        if (m.type === 'keys' && db.open) seedTraceKeys(db, m.scan);
        if (m.type === 'traces' && db.open) seedTraceList(db, m.list);
        if (m.type === 'trace' && db.open) {
          seedTraceMemo(db, 'turns', m.traceId, m.turns);
          seedTraceMemo(db, 'broken', m.traceId, m.broken);
          seedTraceMemo(db, 'events', m.traceId, m.events);
        }
        if (m.type === 'transcripts-ahead' && db.open) transcriptsAhead?.expect(db, m.traceIds);
        if (m.type === 'transcript' && db.open) transcriptsAhead?.seed(db, m.traceId, m.entries, m.items);
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
