/**
 * Tool lifecycle channels: one row per logical tool call (tool_calls.call_id) from the model call that emitted
 * it to the model call that consumed its response, with the integrity report's orphan counts and the doctor's
 * usage breakdown (docs/formats/session-check.md#tool-lifecycle, #tool-usage).
 */
import type { GapMark } from './completeness.js';
import type { Guard } from './guards.js';
import { bool, int, obj, optional, str } from './guards.js';

export interface LifecycleFilters {
  readonly origin?: string;
  readonly status?: string;
  readonly decision?: string;
  readonly tool?: string;
  /** One trace's calls (trace_id), or one turn's (turn_id). */
  readonly trace?: string;
  readonly turn?: string;
  /** Only rows the report flags (orphan call or MCP without a logical call). */
  readonly flaggedOnly?: boolean;
}

export interface LifecycleRow {
  readonly id: number;
  readonly eventId: string | null;
  readonly callId: string;
  readonly timestamp: string | null;
  readonly modelCallId: number | null;
  /** False when model_call_id is set but names no model_calls row. */
  readonly modelCallExists: boolean;
  readonly toolName: string;
  readonly origin: string | null;
  readonly serverName: string | null;
  readonly transport: string | null;
  readonly method: string | null;
  readonly status: string | null;
  readonly decision: string | null;
  readonly policyMode: string | null;
  readonly policyAction: string | null;
  readonly policyRule: string | null;
  readonly policyReason: string | null;
  readonly durationMs: number | null;
  readonly arguments: string | null;
  readonly responsePreview: string | null;
  readonly errorMessage: string | null;
  /** Any response of this call marked is_error. */
  readonly isError: boolean;
  readonly responses: number;
  /** Model calls that consumed a response of this call (tool_responses.model_call_id), ascending. */
  readonly consumedBy: readonly number[];
  readonly credentialRef: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  /** No response with the same call_id in the same trace (the report's orphan rule). */
  readonly orphan: boolean;
  /** The report's MCP-without-logical-call rule. */
  readonly mcpWithoutLogicalCall: boolean;
  /** Gaps of the ledger on the call's row, then on its responses', in the completeness section's words (issue 38). */
  readonly gaps: readonly GapMark[];
}

export interface LifecyclePage {
  readonly rows: readonly LifecycleRow[];
  /** Rows matching the filters. */
  readonly total: number;
  /** Pass as `after` for the next page; null at the end. */
  readonly nextAfter: number | null;
  /** Place of rows[0] along the order, when `position` was asked. */
  readonly position?: number;
}

export interface UsageRow {
  readonly toolName: string;
  readonly origin: string | null;
  readonly decision: string | null;
  readonly count: number;
  readonly avgMs: number | null;
}

export interface LifecycleSummary {
  readonly calls: number;
  readonly responses: number;
  /** Equal to the integrity report's tools section (the same functions compute them). */
  readonly orphanCalls: number;
  readonly orphanCallsByCallId: number;
  readonly orphanResponses: number;
  readonly mcpWithoutLogicalCall: number;
  /** The doctor's usage table: count and average duration by tool, origin and decision. */
  readonly usage: readonly UsageRow[];
  /** Values present, for the filter menus. */
  readonly values: {
    readonly origins: readonly string[];
    readonly statuses: readonly string[];
    readonly decisions: readonly string[];
    readonly tools: readonly string[];
  };
  /** Tool responses whose call_id has no call in their trace (listed, capped at 200). */
  readonly orphanResponseRows: readonly {
    readonly id: number;
    readonly callId: string;
    readonly modelCallId: number | null;
    readonly traceId: string | null;
    readonly isError: boolean;
  }[];
}

export interface SwimlanePoint {
  readonly id: number;
  readonly toolName: string;
  /** Unix ms of the call's timestamp (null when not recorded). */
  readonly t: number | null;
  readonly durationMs: number;
  readonly status: string | null;
  readonly flagged: boolean;
}

/**
 * Every matching call in one range, binned per tool lane for a chart `width` pixels wide (lifecycle.lanes): per lane
 * its calls in range and, per non-empty bin, [bin, calls, flagged calls]; and when the range holds few enough calls,
 * each call (drawn as its own bar).
 */
export interface LaneBins {
  /** The matching calls' whole span (Unix ms), for zooming back out. */
  readonly sessionFrom: number;
  readonly sessionTo: number;
  readonly from: number;
  readonly to: number;
  readonly binMs: number;
  readonly bins: number;
  /** Timed calls in [from, to). */
  readonly calls: number;
  /** Matching calls without a readable timestamp (not on the chart). */
  readonly untimed: number;
  readonly lanes: readonly {
    readonly tool: string;
    readonly calls: number;
    readonly flagged: number;
    readonly bins: readonly (readonly [number, number, number])[];
  }[];
  /** Each call in range, or null when there are more than the server sends one by one. */
  readonly points: readonly SwimlanePoint[] | null;
}

export const LANES_WIDTH_MAX = 4000;

export const LIFECYCLE_PAGE_MAX = 1000;

export interface LifecycleArg {
  readonly evidenceId: string;
  readonly filters?: LifecycleFilters;
  readonly after?: number;
  readonly limit?: number;
  /** Instead of `after`: the rows from this place along the id order (0-based). */
  readonly position?: number;
}

export interface LifecycleChannels {
  'lifecycle.calls': { arg: LifecycleArg; result: LifecyclePage };
  'lifecycle.summary': { arg: { readonly evidenceId: string }; result: LifecycleSummary };
  'lifecycle.lanes': {
    arg: {
      readonly evidenceId: string;
      readonly filters?: LifecycleFilters;
      readonly from?: number;
      readonly to?: number;
      readonly width: number;
    };
    result: LaneBins;
  };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const VALUE = str({ max: 512 });
const filters = obj({
  origin: optional(VALUE),
  status: optional(VALUE),
  decision: optional(VALUE),
  tool: optional(VALUE),
  trace: optional(VALUE),
  turn: optional(VALUE),
  flaggedOnly: optional(bool),
});

const finite: Guard<number> = (v, path) =>
  typeof v === 'number' && Number.isFinite(v) ? { ok: true, value: v } : { ok: false, message: `${path} must be a finite number` };

export const LIFECYCLE_ARG_GUARDS: { readonly [C in keyof LifecycleChannels]: Guard<LifecycleChannels[C]['arg']> } = {
  'lifecycle.calls': obj({
    evidenceId: EVIDENCE_ID,
    filters: optional(filters),
    after: optional(int(-(2 ** 53) + 1, 2 ** 53 - 1)),
    limit: optional(int(1, LIFECYCLE_PAGE_MAX)),
    position: optional(int(0, 2 ** 31 - 1)),
  }),
  'lifecycle.summary': obj({ evidenceId: EVIDENCE_ID }),
  'lifecycle.lanes': obj({
    evidenceId: EVIDENCE_ID,
    filters: optional(filters),
    from: optional(finite),
    to: optional(finite),
    width: int(1, LANES_WIDTH_MAX),
  }),
};
