/**
 * Related rows (docs/formats/identity-graph.md): for one ledger row, the rows it joins to along the identity graph,
 * computed in the core so every view (the Event view, the side pane beside the graph, lifecycle, tables,
 * transcript) shows the same set. Also the rows of one turn, and the logical tool call a `call_id` names.
 * A join that crosses traces is reported as such (`crossTrace`, and a finding), never as a silent link.
 */
import type { GapMark } from './completeness.js';
import type { BodyMeta } from './types.js';
import type { Guard } from './guards.js';
import { int, obj, optional, str } from './guards.js';
import type { SpanEgress } from './egress.js';

/** One related row, with a short label so the pane can list it without fetching it. */
export interface RelatedRow {
  readonly table: string;
  readonly rowid: number;
  readonly label: string;
  readonly traceId: string | null;
  readonly turnId: string | null;
  /** The row's trace differs from the row the set is about (both known). */
  readonly crossTrace: boolean;
  /** Where the list is a turn's rows (TurnRows): the gaps on this row, in the completeness section's words. */
  readonly gaps?: readonly GapMark[];
}

export const RELATED_GROUP_KINDS = [
  'model_call', // the emitting (tool call), consuming (response) or owning (item, event row) model call
  'model_items', // a model call's items in item_index order
  'tool_calls', // calls a model call emitted; a response's call
  'tool_responses', // responses a model call carried back to the model; a call's responses
  'consumers', // the model calls that consumed a call's responses
  'mcp', // mcp_proxy captures of the same call_id and trace (MCP transport evidence)
  'security', // security rows naming this event_id
  'same_event', // the other rows carrying this event_id
  'http', // a model call's HTTP exchange; a net row's model call (see `netMatch`)
] as const;
export type RelatedGroupKind = (typeof RELATED_GROUP_KINDS)[number];

export interface RelatedGroup {
  readonly kind: RelatedGroupKind;
  readonly title: string;
  readonly rows: readonly RelatedRow[];
  /** Rows that exist; `rows` may hold fewer (capped at RELATED_CAP). */
  readonly total: number;
}

/**
 * What tied a model call to a net_events row (no column joins them:
 * docs/formats/identity-graph.md#model-call-and-its-http-exchange).
 */
export const NET_EVIDENCE = ['trace', 'time', 'host', 'path', 'method', 'request_body_hash', 'response_body_hash'] as const;
export type NetEvidence = (typeof NET_EVIDENCE)[number];

export interface NetMatch {
  /** The best candidate, or null when none matched. */
  readonly row: RelatedRow | null;
  readonly matched: readonly NetEvidence[];
  /** Milliseconds between the two rows' timestamps (the net row's minus the model call's). */
  readonly deltaMs: number | null;
  /** Rows looked at in the time window. */
  readonly candidates: number;
  /** Other candidates as good as the chosen one (the match is then ambiguous). */
  readonly ties: readonly RelatedRow[];
  /** How the match was judged, in one sentence. */
  readonly note: string;
}

export const RELATED_FINDINGS = [
  'cross_trace_response',
  'cross_trace_call',
  'call_without_response',
  'response_without_call',
  'dangling_model_call_id',
  'no_http_exchange',
  'ambiguous_http_exchange',
] as const;
export type RelatedFindingKind = (typeof RELATED_FINDINGS)[number];

export interface RelatedFinding {
  readonly kind: RelatedFindingKind;
  readonly message: string;
}

export interface RelatedSet {
  readonly table: string;
  readonly rowid: number;
  readonly eventId: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  /** The model call this row is (model_calls) or hangs off, when known. */
  readonly modelCallId: number | null;
  readonly callId: string | null;
  readonly groups: readonly RelatedGroup[];
  /** For model_calls and net_events rows: the other side of the HTTP exchange. */
  readonly netMatch: NetMatch | null;
  /** This row's bodies, then (for a tool response) the response bodies archived under its call's event. */
  readonly bodies: readonly BodyMeta[];
  readonly findings: readonly RelatedFinding[];
  /** Gaps of the ledger on this row, in the completeness section's words (issue 38). */
  readonly gaps: readonly GapMark[];
}

/** One turn: its model and tool calls and the file, network and DNS rows it caused (each capped). */
export interface TurnRows {
  readonly traceId: string;
  readonly turnId: string;
  /** What left the sandbox during the turn, as its transcript header says it; null when no request is tied to it. */
  readonly egress: SpanEgress | null;
  readonly first: string | null;
  readonly last: string | null;
  readonly groups: readonly RelatedGroup[];
  /** How the event rows were found (the time window searched), in one sentence. */
  readonly note: string;
}

export const RELATED_CAP = 100;

export interface RelatedRowArg {
  readonly evidenceId: string;
  readonly table: string;
  readonly rowid: number;
}
export interface RelatedTurnArg {
  readonly evidenceId: string;
  readonly traceId: string;
  readonly turnId: string;
}
export interface RelatedCallArg {
  readonly evidenceId: string;
  readonly callId: string;
  /** Prefer the call in this trace; a call found only in another trace is still returned (and said so). */
  readonly traceId?: string;
}
export interface CallTarget {
  readonly row: RelatedRow | null;
  /** Other tool_calls rows carrying the same call_id (other traces, or mcp_proxy captures). */
  readonly others: readonly RelatedRow[];
}

export interface RelatedChannels {
  'related.row': { arg: RelatedRowArg; result: RelatedSet };
  'related.turn': { arg: RelatedTurnArg; result: TurnRows };
  'related.call': { arg: RelatedCallArg; result: CallTarget };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const IDENT = str({ max: 128, min: 1, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ });
const TEXT_ID = str({ max: 512, min: 1 });

export const RELATED_ARG_GUARDS: { readonly [C in keyof RelatedChannels]: Guard<RelatedChannels[C]['arg']> } = {
  'related.row': obj({ evidenceId: EVIDENCE_ID, table: IDENT, rowid: int(-(2 ** 53) + 1, 2 ** 53 - 1) }),
  'related.turn': obj({ evidenceId: EVIDENCE_ID, traceId: TEXT_ID, turnId: TEXT_ID }),
  'related.call': obj({ evidenceId: EVIDENCE_ID, callId: TEXT_ID, traceId: optional(TEXT_ID) }),
};
