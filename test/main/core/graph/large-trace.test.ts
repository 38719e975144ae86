// A trace with 5,000 model calls and 20,000 tool calls (each answered and consumed by the next model call):
// the first page is one page of nodes, later pages continue, and the figures are printed (never asserted
// as times: this is a measurement, the assertions are on values).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { lifecyclePage } from '../../../../src/main/core/lifecycle/calls.js';
import { lifecycleSummary } from '../../../../src/main/core/lifecycle/summary.js';
import type { OpenedFixture } from './fixture-ledger.js';
import { openFixture } from './fixture-ledger.js';

const MODEL_CALLS = 5000;
const CALLS_PER_MODEL_CALL = 4;
const TRACE = 'trace-large';
const root = mkdtempSync(join(tmpdir(), 'graph-large-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'large', {
    report: false,
    mutate: (db) => {
      const mc =
        db.prepare(`INSERT INTO model_calls (id, event_id, timestamp, provider, method, path, trace_id, turn_id, input_tokens, output_tokens, estimated_cost_usd)
        VALUES (?, ?, ?, 'anthropic', 'POST', '/v1/messages', ?, ?, 100, 10, 0.001)`);
      const tc =
        db.prepare(`INSERT INTO tool_calls (id, event_id, timestamp, model_call_id, call_index, call_id, tool_name, origin, trace_id, turn_id, duration_ms)
        VALUES (?, ?, ?, ?, ?, ?, 'bash', 'native', ?, ?, 12)`);
      const tr = db.prepare(
        "INSERT INTO tool_responses (id, event_id, model_call_id, call_id, content_preview, is_error, trace_id, turn_id) VALUES (?, ?, ?, ?, 'ok', 0, ?, ?)",
      );
      const hex = (n: number): string => n.toString(16).padStart(12, '0');
      const ts = (i: number): string => new Date(Date.UTC(2026, 2, 3) + i * 10).toISOString().replace('Z', '000Z');
      let tcId = 10_000;
      for (let i = 0; i < MODEL_CALLS; i++) {
        const mcId = 10_000 + i;
        const turn = `turn-${Math.floor(i / 50)}`;
        mc.run(mcId, hex(0xd00000000000 + i), ts(i), TRACE, turn);
        for (let k = 0; k < CALLS_PER_MODEL_CALL; k++, tcId++) {
          const callId = `call_${tcId}`;
          tc.run(tcId, hex(0xe00000000000 + tcId), ts(i), mcId, k, callId, TRACE, turn);
          if (i < MODEL_CALLS - 1) tr.run(tcId, hex(0xf00000000000 + tcId), mcId + 1, callId, TRACE, turn);
        }
      }
    },
  });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

function timed<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

describe('a large trace', () => {
  it('opens its first page lazily and pages on', () => {
    const [list, listMs] = timed(() => listTraces(fx.evidence.db));
    const large = list.traces.find((t) => t.traceId === TRACE)!;
    expect([large.modelCalls, large.toolCalls, large.toolResponses, large.turns]).toEqual([
      MODEL_CALLS,
      MODEL_CALLS * CALLS_PER_MODEL_CALL,
      (MODEL_CALLS - 1) * CALLS_PER_MODEL_CALL,
      MODEL_CALLS / 50,
    ]);
    expect(large.findings).toBe(CALLS_PER_MODEL_CALL);
    const [first, firstMs] = timed(() => buildTraceGraph(fx.evidence.db, TRACE));
    expect(first.totalModelCalls).toBe(MODEL_CALLS);
    expect(first.modelCallIds.length).toBe(40);
    expect(first.nodes.filter((n) => n.kind === 'tool_call').length).toBe(40 * CALLS_PER_MODEL_CALL);
    expect(first.brokenCounts.call_without_response).toBe(CALLS_PER_MODEL_CALL);
    let after = first.nextAfter;
    let pages = 1;
    let lastMs = 0;
    while (after !== null && pages < 5) {
      const [p, ms] = timed(() => buildTraceGraph(fx.evidence.db, TRACE, { after: after!, limit: 500 }));
      lastMs = ms;
      after = p.nextAfter;
      pages++;
      expect(p.modelCallIds[0]).toBeGreaterThan(first.modelCallIds[first.modelCallIds.length - 1]!);
    }
    const [, lifecycleMs] = timed(() => lifecyclePage(fx.evidence.db, { limit: 200 }));
    const [, summaryMs] = timed(() => lifecycleSummary(fx.evidence.db));
    console.log(
      `large trace (${MODEL_CALLS} model calls, ${MODEL_CALLS * CALLS_PER_MODEL_CALL} tool calls): trace list ${listMs.toFixed(0)} ms, ` +
        `first page (40 model calls, ${first.nodes.length} nodes) ${firstMs.toFixed(0)} ms, a 500-model-call page ${lastMs.toFixed(0)} ms, ` +
        `lifecycle page ${lifecycleMs.toFixed(0)} ms, lifecycle summary ${summaryMs.toFixed(0)} ms`,
    );
  });
});
