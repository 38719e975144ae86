// The trace list's orders: each key sorts both ways, a missing value goes last either way, ties by id; the filter
// matches the trace id's text case-insensitively.
import { describe, expect, it } from 'vitest';
import type { TraceSummary } from '../../../../src/shared/contract/graph.js';
import { filterTraces, sortTraces, traceDurationMs } from '../../../../src/renderer/src/views/graph/trace-sort.js';

const t = (traceId: string, o: Partial<TraceSummary>): TraceSummary => ({
  traceId,
  first: null,
  last: null,
  turns: 0,
  modelCalls: 0,
  toolCalls: 0,
  toolResponses: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  findings: 0,
  ...o,
});
const list = [
  t('b', {
    first: '2026-03-02T10:00:00Z',
    last: '2026-03-02T10:00:05Z',
    modelCalls: 5,
    inputTokens: 10,
    outputTokens: 1,
    costUsd: 0.5,
    findings: 2,
  }),
  t('a', { first: '2026-03-02T09:00:00Z', last: '2026-03-02T09:01:00Z', modelCalls: 50, inputTokens: 1, outputTokens: 1, costUsd: 0.1 }),
  t('C', { modelCalls: 5, turns: 3 }),
];
const ids = (xs: readonly TraceSummary[]): string[] => xs.map((x) => x.traceId);

describe('trace list sort and filter', () => {
  it('sorts by each key, both ways, missing values last', () => {
    expect(ids(sortTraces(list, 'start', 'asc'))).toEqual(['a', 'b', 'C']);
    expect(ids(sortTraces(list, 'start', 'desc'))).toEqual(['b', 'a', 'C']);
    expect(ids(sortTraces(list, 'duration', 'desc'))).toEqual(['a', 'b', 'C']);
    expect(ids(sortTraces(list, 'modelCalls', 'desc'))).toEqual(['a', 'b', 'C']);
    expect(ids(sortTraces(list, 'tokens', 'asc'))).toEqual(['C', 'a', 'b']);
    expect(ids(sortTraces(list, 'cost', 'desc'))).toEqual(['b', 'a', 'C']);
    expect(ids(sortTraces(list, 'findings', 'desc'))[0]).toBe('b');
    expect(ids(sortTraces(list, 'turns', 'desc'))[0]).toBe('C');
  });

  it('measures a duration from first to last', () => {
    expect(traceDurationMs(list[0]!)).toBe(5000);
    expect(traceDurationMs(list[2]!)).toBeNull();
  });

  it('filters by the id text, any case', () => {
    expect(ids(filterTraces(list, ' c '))).toEqual(['C']);
    expect(filterTraces(list, '')).toBe(list);
  });
});
