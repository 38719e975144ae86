/**
 * What trace-keys-worker.ts reads from a ledger for trace-keys.ts: the narrow join columns of every row a trace's
 * views look up by something the ledger has no index on (tool_calls and tool_responses by trace_id and call_id,
 * model_items by model_call_id, the event tables by trace_id). Strings go through one table (`strings`), so a
 * trace_id shared by 20,000 rows crosses the thread once; -1 means NULL.
 */
import type { TraceList } from '../../../shared/contract/graph.js';
import type { Entry } from '../transcript/entry.js';

export interface KeyColumns {
  readonly ids: Float64Array;
  /** Index into TraceKeyScan.strings, -1 for NULL (tool tables only). */
  readonly trace: Int32Array;
  readonly callId: Int32Array;
}

export interface TraceKeyScan {
  readonly strings: readonly string[];
  /** Absent when the table or one of its id, trace_id, call_id columns is. */
  readonly toolCalls: KeyColumns | null;
  readonly toolResponses: KeyColumns | null;
  /** model_items rowids and their model_call_id (NaN for NULL); absent without the column. */
  readonly items: {
    readonly ids: Float64Array;
    readonly modelCallId: Float64Array;
    /** item_index (NaN without the column) and trace_id (index into strings, -1 for NULL); absent from older scans. */
    readonly itemIndex?: Float64Array;
    readonly trace?: Int32Array;
  } | null;
  /** model_items whose model_call_id names no model_calls row (NULL included), with their trace; absent when unknown. */
  readonly looseItems: { readonly ids: Float64Array; readonly trace: Int32Array } | null;
  /** Rows per (table, trace_id, turn_id) of the event tables with a trace_id column; only rows with a trace. */
  readonly events: readonly (readonly [table: string, trace: number, turn: number, count: number])[];
  /** Event tables that were grouped (a table absent here was not, and is looked up in the ledger). */
  readonly eventTables: readonly string[];
  /**
   * Rowids of each event table's rows that carry a trace_id, with that trace (an index into `strings`), in rowid
   * order: a trace's event rows are then read by rowid (the transcript tells each one). Absent: ask the ledger.
   */
  readonly eventRows?: readonly { readonly table: string; readonly ids: Float64Array; readonly trace: Int32Array }[];
}

/** Model plus tool calls from which a trace's turns, findings and event counts are made ahead by the worker. */
export const LARGE_TRACE_ROWS = 2000;

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
  /** A large trace's transcript order (transcript/skeleton.ts), made with the keys on the worker's connection. */
  | {
      readonly type: 'transcript';
      readonly traceId: string;
      readonly entries: readonly Entry[];
      readonly items: readonly (readonly [number, readonly number[]])[];
    }
  | { readonly type: 'error'; readonly code: string | null; readonly message: string };
