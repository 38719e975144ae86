/**
 * Identity graph channels (the joins of docs/formats/identity-graph.md#cardinalities): the list of traces, and one
 * trace as nodes and edges, paged by model call so a trace with thousands of model calls draws its first screen
 * quickly. Node ids are stable strings built from the table and rowid (`mc:12`, `tc:7`, ...), so tests and links can
 * name exactly the node they mean.
 */
import type { GapMark } from './completeness.js';
import type { Guard } from './guards.js';
import { int, obj, optional, str } from './guards.js';
import type { SpanEgress } from './egress.js';

/** A row of the ledger a node stands for (opens in the Event view). */
export interface GraphRowRef {
  readonly table: string;
  readonly rowid: number;
}

export interface TraceSummary {
  readonly traceId: string;
  readonly first: string | null;
  readonly last: string | null;
  readonly turns: number;
  readonly modelCalls: number;
  readonly toolCalls: number;
  readonly toolResponses: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  /** Broken invariants in this trace (see BrokenKind). */
  readonly findings: number;
  /** Per table (model_calls, tool_calls, tool_responses), the trace's largest rowid: marks a trace with rows only in the -wal. */
  readonly lastRowids?: Readonly<Record<string, number>>;
}

export interface TraceList {
  readonly traces: readonly TraceSummary[];
  /** True when more traces exist than were returned (the list is capped). */
  readonly truncated: boolean;
  /** Why the list is empty or partial (e.g. a ledger without trace_id columns). */
  readonly note: string | null;
}

export const GRAPH_NODE_KINDS = [
  'turn',
  'model_call',
  'model_item',
  'tool_call',
  'tool_response',
  'external_model_call',
  'external_tool_call',
  'missing',
  'events',
] as const;
export type GraphNodeKind = (typeof GRAPH_NODE_KINDS)[number];

export const GRAPH_EDGE_KINDS = ['contains', 'item', 'emits', 'response', 'consumed_by', 'events'] as const;
export type GraphEdgeKind = (typeof GRAPH_EDGE_KINDS)[number];

export const BROKEN_KINDS = [
  'response_without_call',
  'call_without_response',
  'dangling_model_call_id',
  'mcp_without_logical_call',
] as const;
export type BrokenKind = (typeof BROKEN_KINDS)[number];

export const EVENT_KINDS = ['net', 'dns', 'file', 'exec', 'process', 'credential', 'security'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** MCP protocol fields of a logical tool call (from its own row, or from an mcp_proxy capture of the same call_id). */
export interface McpEnrichment {
  readonly serverName: string | null;
  readonly method: string | null;
  readonly transport: string | null;
  readonly requestId: string | null;
  /** tool_calls rowids of mcp_proxy captures folded into this node (never drawn as nodes of their own). */
  readonly proxyRows: readonly number[];
}

export interface GraphNode {
  readonly id: string;
  readonly kind: GraphNodeKind;
  /** Short label (tool name, item kind, model). */
  readonly label: string;
  /** A second line (call_id, tokens, preview). */
  readonly detail: string;
  readonly row: GraphRowRef | null;
  readonly eventId: string | null;
  readonly turnId: string | null;
  /** For model calls: the model call's rowid; for items, tool calls and responses: the model call they hang off. */
  readonly modelCallId: number | null;
  readonly callId: string | null;
  readonly timestamp: string | null;
  readonly durationMs: number | null;
  /** Archived bodies indexed under this node's event_id. */
  readonly bodies: number;
  readonly mcp: McpEnrichment | null;
  /** For 'events' nodes: the kind and how many rows were collapsed into it. */
  readonly eventKind: EventKind | null;
  readonly count: number;
  /** The node stands for something that breaks an invariant (orphan, dangling id, MCP without a call). */
  readonly broken: boolean;
  /** For external model calls: the trace they belong to. */
  readonly traceId: string | null;
  /** Gaps of the ledger on the node's own row, in the completeness section's words (issue 38). */
  readonly gaps: readonly GapMark[];
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: GraphEdgeKind;
  readonly broken: boolean;
}

export interface BrokenInvariant {
  readonly kind: BrokenKind;
  readonly row: GraphRowRef;
  readonly callId: string | null;
  /** The node drawn for it (present when its model call is on the loaded page, or it hangs off a turn). */
  readonly nodeId: string;
  readonly message: string;
}

export interface TurnSummary {
  readonly turnId: string;
  /** Nodes of a turn carry `turn:<turnId>`; rows without a turn_id gather under `turn:` + TRACE_LEVEL_TURN. */
  readonly nodeId: string;
  readonly first: string | null;
  readonly modelCalls: number;
  readonly toolCalls: number;
  /** The user's input: the first request item of the turn's first model call (a preview). */
  readonly input: string | null;
  /** The turn's first model call (rowid), where a page starting at this turn begins; null for a turn without one. */
  readonly firstModelCallId: number | null;
}

/** Rows with no turn_id (or none matching a turn of the trace) hang off this pseudo-turn. */
export const TRACE_LEVEL_TURN = '(trace)';

export interface TraceGraph {
  readonly traceId: string;
  readonly turns: readonly TurnSummary[];
  readonly totalModelCalls: number;
  /** Model calls on this page (ordered by rowid, i.e. write order). */
  readonly modelCallIds: readonly number[];
  /** Pass as `after` for the next page; null when the page reached the end. */
  readonly nextAfter: number | null;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Every broken invariant of the whole trace (not only the page), capped at BROKEN_LIST_CAP. */
  readonly broken: readonly BrokenInvariant[];
  readonly brokenTotal: number;
  readonly brokenCounts: Readonly<Record<BrokenKind, number>>;
  /** What left the sandbox during the whole trace (the same on every page), as its transcript header says it. */
  readonly egress: SpanEgress | null;
}

export const BROKEN_LIST_CAP = 500;
export const GRAPH_PAGE_DEFAULT = 40;
export const GRAPH_PAGE_MAX = 500;

export interface GraphTracesArg {
  readonly evidenceId: string;
}
export interface GraphTraceArg {
  readonly evidenceId: string;
  readonly traceId: string;
  /** Model call rowid to continue after (the previous page's nextAfter). */
  readonly after?: number;
  readonly limit?: number;
}

/** Find within one trace: every turn, not only the pages drawn (a case-insensitive substring). */
export interface GraphFindArg {
  readonly evidenceId: string;
  readonly traceId: string;
  readonly text: string;
}
export const GRAPH_FIND_CAP = 1000;

export interface TraceMatch {
  /** The turn the match is drawn in (TRACE_LEVEL_TURN for rows without one). */
  readonly turnId: string;
  /** The model call whose page draws the node (null for a turn's own id, or a row hanging off no model call). */
  readonly modelCallId: number | null;
  /** The graph node the match stands for (`item:12`, `tc:7`, `tr:3`, `turn:<id>`). */
  readonly nodeId: string;
  /** The row to select (null for a turn id match). */
  readonly row: GraphRowRef | null;
  /** Which field matched (`model_items.content`, `tool_calls.tool_name`, ...). */
  readonly field: string;
  readonly excerpt: string;
}
export interface TraceFind {
  /** In the trace's turn order, then model call, then row. */
  readonly matches: readonly TraceMatch[];
  /** More matches exist than GRAPH_FIND_CAP. */
  readonly truncated: boolean;
}

/** Where a row of the trace is drawn: its turn and the model call whose page holds its node. */
export interface GraphLocateArg {
  readonly evidenceId: string;
  readonly traceId: string;
  readonly table: string;
  readonly rowid: number;
}
export interface TraceLocation {
  readonly turnId: string | null;
  readonly modelCallId: number | null;
}

export interface GraphChannels {
  'graph.traces': { arg: GraphTracesArg; result: TraceList };
  'graph.trace': { arg: GraphTraceArg; result: TraceGraph };
  'graph.find': { arg: GraphFindArg; result: TraceFind };
  'graph.locate': { arg: GraphLocateArg; result: TraceLocation };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const GRAPH_ARG_GUARDS: { readonly [C in keyof GraphChannels]: Guard<GraphChannels[C]['arg']> } = {
  'graph.traces': obj({ evidenceId: EVIDENCE_ID }),
  'graph.trace': obj({
    evidenceId: EVIDENCE_ID,
    traceId: str({ max: 512, min: 1 }),
    after: optional(int(-(2 ** 53) + 1, 2 ** 53 - 1)),
    limit: optional(int(1, GRAPH_PAGE_MAX)),
  }),
  'graph.find': obj({ evidenceId: EVIDENCE_ID, traceId: str({ max: 512, min: 1 }), text: str({ max: 512, min: 1 }) }),
  'graph.locate': obj({
    evidenceId: EVIDENCE_ID,
    traceId: str({ max: 512, min: 1 }),
    table: str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_]+$/ }),
    rowid: int(-(2 ** 53) + 1, 2 ** 53 - 1),
  }),
};
