/**
 * What trace-keys-worker.ts reads from a ledger for trace-keys.ts: the narrow join columns of every row a trace's
 * views look up by something the ledger has no index on (tool_calls and tool_responses by trace_id and call_id,
 * model_items by model_call_id, the event tables by trace_id). Every column is a typed array of exactly its rows,
 * so the whole scan crosses the thread by transfer (no structured clone of a million values, no pause to rebuild
 * them on the receiving side). Strings (trace, call and turn ids) go through one sorted table (`strings`); -1 means
 * NULL.
 */
import type { TraceList } from '../../../shared/contract/graph.js';
import type { Entry } from './entry.js';

/**
 * Distinct strings in ascending UTF-16 order (as `<` compares them), packed into one string: string i is
 * `text.slice(ends[i - 1] ?? 0, ends[i])`. One string and one array instead of 150,000 small strings on each heap;
 * sorted, so a lookup is a binary search and needs no Map.
 */
export interface PackedStrings {
  readonly text: string;
  readonly ends: Int32Array;
}

export interface KeyColumns {
  /** Rowids, ascending. */
  readonly ids: Float64Array;
  /** Index into TraceKeyScan.strings, -1 for NULL. */
  readonly trace: Int32Array;
  readonly callId: Int32Array;
}

export interface TraceKeyScan {
  readonly strings: PackedStrings;
  /** Absent when the table or one of its id, trace_id, call_id columns is. */
  readonly toolCalls: KeyColumns | null;
  readonly toolResponses: KeyColumns | null;
  /** model_items rowids (ascending) and their model_call_id (NaN for NULL); absent without the column. */
  readonly items: {
    readonly ids: Float64Array;
    readonly modelCallId: Float64Array;
    /** item_index (NaN without the column or for NULL) and trace_id (index into strings, -1 for NULL). */
    readonly itemIndex: Float64Array;
    readonly trace: Int32Array;
  } | null;
  /** model_items whose model_call_id names no model_calls row (NULL included), with their trace; absent when unknown. */
  readonly looseItems: { readonly ids: Float64Array; readonly trace: Int32Array } | null;
  /** Rows per (table, trace_id, turn_id) of the event tables with a trace_id column; only rows with a trace. */
  readonly events: {
    /** Index into eventTables. */
    readonly table: Uint8Array;
    readonly trace: Int32Array;
    readonly turn: Int32Array;
    readonly count: Float64Array;
  };
  /** Event tables that were grouped (a table absent here was not, and is looked up in the ledger). */
  readonly eventTables: readonly string[];
  /**
   * Rowids of each event table's rows that carry a trace_id, with that trace (an index into `strings`), in rowid
   * order: a trace's event rows are then read by rowid (the transcript tells each one).
   */
  readonly eventRows: readonly { readonly table: string; readonly ids: Float64Array; readonly trace: Int32Array }[];
}

/** Every ArrayBuffer of a scan: what postMessage transfers instead of copying. */
export function scanBuffers(scan: TraceKeyScan): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [scan.strings.ends, scan.events.table, scan.events.trace, scan.events.turn, scan.events.count];
  for (const k of [scan.toolCalls, scan.toolResponses]) if (k) arrays.push(k.ids, k.trace, k.callId);
  if (scan.items) arrays.push(scan.items.ids, scan.items.modelCallId, scan.items.itemIndex, scan.items.trace);
  if (scan.looseItems) arrays.push(scan.looseItems.ids, scan.looseItems.trace);
  for (const r of scan.eventRows) arrays.push(r.ids, r.trace);
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** A copy of a scan whose arrays own fresh buffers (the worker keeps its own and transfers the copy). */
export function copyScan(scan: TraceKeyScan): TraceKeyScan {
  const k = (c: KeyColumns | null): KeyColumns | null =>
    c ? { ids: c.ids.slice(), trace: c.trace.slice(), callId: c.callId.slice() } : null;
  const e = scan.events;
  return {
    strings: { text: scan.strings.text, ends: scan.strings.ends.slice() },
    toolCalls: k(scan.toolCalls),
    toolResponses: k(scan.toolResponses),
    items: scan.items && {
      ids: scan.items.ids.slice(),
      modelCallId: scan.items.modelCallId.slice(),
      itemIndex: scan.items.itemIndex.slice(),
      trace: scan.items.trace.slice(),
    },
    looseItems: scan.looseItems && { ids: scan.looseItems.ids.slice(), trace: scan.looseItems.trace.slice() },
    events: { table: e.table.slice(), trace: e.trace.slice(), turn: e.turn.slice(), count: e.count.slice() },
    eventTables: scan.eventTables,
    eventRows: scan.eventRows.map((r) => ({ table: r.table, ids: r.ids.slice(), trace: r.trace.slice() })),
  };
}

/** Model plus tool calls from which a trace's turns, findings and event counts are made ahead by the worker. */
export const LARGE_TRACE_ROWS = 2000;

/** Entries per 'transcript-part' message. */
export const SKELETON_SLICE = 5000;

export interface TraceKeysRequest {
  readonly dbCopyPath: string;
}

export type TraceKeysReply =
  | { readonly type: 'keys'; readonly scan: TraceKeyScan }
  /** Sent after the keys: the trace list (graph/traces.ts), made on the worker's connection. */
  | { readonly type: 'traces'; readonly list: TraceList }
  /** After the list, for each trace of at least LARGE_TRACE_ROWS model and tool calls: what its every page repeats. */
  | { readonly type: 'trace'; readonly traceId: string; readonly turns: unknown; readonly broken: unknown; readonly events: unknown }
  /** Sent first after the list: the large traces whose transcript order follows (each as a 'transcript'). */
  | { readonly type: 'transcripts-ahead'; readonly traceIds: readonly string[] }
  /**
   * A slice of a large trace's transcript order, sent before its 'transcript': a 146,930-entry order cloned in one
   * message held the server's thread ~0.4 s to deserialise; slices of SKELETON_SLICE cost a few ms each.
   */
  | { readonly type: 'transcript-part'; readonly traceId: string; readonly entries: readonly Entry[] }
  /** A large trace's transcript order (transcript/skeleton.ts), made with the keys on the worker's connection: its last slice. */
  | {
      readonly type: 'transcript';
      readonly traceId: string;
      readonly entries: readonly Entry[];
      readonly items: readonly (readonly [number, readonly number[]])[];
    }
  | { readonly type: 'error'; readonly code: string | null; readonly message: string };
