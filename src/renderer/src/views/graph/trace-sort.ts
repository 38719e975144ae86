/** The trace list's orders and its text filter: pure, so the list re-sorts without asking the core again. */
import type { TraceSummary } from '../../../../shared/contract/graph.js';

export const TRACE_SORTS = ['start', 'duration', 'turns', 'modelCalls', 'toolCalls', 'tokens', 'cost', 'findings'] as const;
export type TraceSort = (typeof TRACE_SORTS)[number];

/** Milliseconds from a trace's first to its last timestamp; null when either is missing or unreadable. */
export function traceDurationMs(t: TraceSummary): number | null {
  if (!t.first || !t.last) return null;
  const a = Date.parse(t.first);
  const b = Date.parse(t.last);
  return Number.isNaN(a) || Number.isNaN(b) ? null : b - a;
}

function key(t: TraceSummary, by: TraceSort): number | string | null {
  switch (by) {
    case 'start':
      return t.first;
    case 'duration':
      return traceDurationMs(t);
    case 'turns':
      return t.turns;
    case 'modelCalls':
      return t.modelCalls;
    case 'toolCalls':
      return t.toolCalls;
    case 'tokens':
      return t.inputTokens + t.outputTokens;
    case 'cost':
      return t.costUsd;
    case 'findings':
      return t.findings;
  }
}

/** Sorted copy; a missing value sorts last in either direction, ties by trace id. */
export function sortTraces(traces: readonly TraceSummary[], by: TraceSort, dir: 'asc' | 'desc'): TraceSummary[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...traces].sort((x, y) => {
    const a = key(x, by);
    const b = key(y, by);
    if (a === null || b === null) return a === b ? x.traceId.localeCompare(y.traceId) : a === null ? 1 : -1;
    const c = typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b) : Number(a) - Number(b);
    return c * sign || x.traceId.localeCompare(y.traceId);
  });
}

/** Traces whose id holds the text (case-insensitive); all when the text is blank. */
export function filterTraces(traces: readonly TraceSummary[], text: string): readonly TraceSummary[] {
  const q = text.trim().toLowerCase();
  return q ? traces.filter((t) => t.traceId.toLowerCase().includes(q)) : traces;
}
