/**
 * The numbers the session list shows, from a session's final counters (docs/formats/host-ledger.md#ledgercounters),
 * and the list's filters. A session without counters (still running, or its ledger was unreadable at stop) shows no
 * numbers rather than zeros, and matches no "has…" filter.
 */
import type { Count, SessionRecord } from './types.js';
import { addCounts, isPositive, microUsdToUsd, subCounts, toBig } from './count.js';

export interface SessionSummary {
  readonly id: string;
  readonly status: string;
  readonly createdMs: number | null;
  readonly stoppedMs: number | null;
  readonly durationMs: number | null;
  /** True when run/sessions/<id>/session.db or run/persistent/<id>/session.db exists. */
  readonly sessionDbOnDisk: boolean;
  readonly hasCounters: boolean;
  readonly costUsd: number | null;
  readonly modelCalls: Count | null;
  readonly netEvents: Count | null;
  readonly tokensIn: Count | null;
  readonly tokensOut: Count | null;
  readonly toolCalls: Count | null;
  /** files.events − by_action["overflow"], as /stats reports it. */
  readonly fileEvents: Count | null;
}

export function summarizeSession(s: SessionRecord): SessionSummary {
  const c = s.counters;
  const overflow = c ? (c.files.byAction['overflow'] ?? 0) : 0;
  return {
    id: s.id,
    status: s.status,
    createdMs: s.createdMs,
    stoppedMs: s.stoppedMs,
    durationMs: s.createdMs !== null && s.stoppedMs !== null ? s.stoppedMs - s.createdMs : null,
    sessionDbOnDisk: s.location?.hasSessionDb ?? false,
    hasCounters: c !== null,
    costUsd: c ? microUsdToUsd(c.model.total.costMicroUsd) : null,
    modelCalls: c ? c.model.total.calls : null,
    netEvents: c ? c.net.total : null,
    tokensIn: c ? c.model.total.inputTokens : null,
    tokensOut: c ? c.model.total.outputTokens : null,
    toolCalls: c ? c.tools.calls : null,
    fileEvents: c ? (toBig(c.files.events) >= toBig(overflow) ? subCounts(c.files.events, overflow) : 0) : null,
  };
}

export interface SessionFilters {
  readonly withModel?: boolean;
  readonly withDb?: boolean;
  readonly withNet?: boolean;
  readonly withTools?: boolean;
  readonly minCostUsd?: number;
  /** Keep the first N after filtering (0 or undefined = all). */
  readonly limit?: number;
}

const positive = (v: Count | null) => v !== null && isPositive(v);

/** Filters combine with AND; order is kept (callers pass newest first). */
export function filterSessions(all: readonly SessionSummary[], f: SessionFilters): SessionSummary[] {
  const kept = all.filter(
    (s) =>
      (!f.withModel || positive(s.modelCalls)) &&
      (!f.withDb || s.sessionDbOnDisk) &&
      (!f.withNet || positive(s.netEvents)) &&
      (!f.withTools || positive(s.toolCalls)) &&
      (f.minCostUsd === undefined || (s.costUsd ?? 0) >= f.minCostUsd),
  );
  return f.limit ? kept.slice(0, f.limit) : kept;
}

export function totalTokens(s: SessionSummary): Count | null {
  return s.tokensIn === null || s.tokensOut === null ? null : addCounts(s.tokensIn, s.tokensOut);
}
