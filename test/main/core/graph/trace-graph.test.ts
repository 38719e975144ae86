// The identity graph on the fixture writer's session, whose traces are known: trace 1 (turns 2 and 3) holds
// model calls 3 and 4, tool calls 4 and 5 (bash), an MCP tools/list no model call asked for (6, never
// answered), the response without a call (5), and responses crossing traces (2, 3 in; 6 out).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import type { TraceGraph } from '../../../../src/shared/contract/graph.js';
import type { OpenedFixture } from './fixture-ledger.js';
import { openFixture, rowsOf } from './fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'graph-test-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4');
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const edgeSet = (g: TraceGraph): string[] => g.edges.map((e) => `${e.from} -${e.kind}${e.broken ? '!' : ''}-> ${e.to}`).sort();

describe('identity graph', () => {
  it('lists the three traces with their calls, tokens and broken-invariant counts', () => {
    const list = listTraces(fx.evidence.db);
    const mc = rowsOf<{ trace_id: string; n: number; i: number; o: number }>(
      fx,
      'SELECT trace_id, COUNT(*) AS n, TOTAL(input_tokens) AS i, TOTAL(output_tokens) AS o FROM model_calls GROUP BY trace_id ORDER BY MIN(id)',
    );
    expect(list.traces.map((t) => t.traceId)).toEqual(mc.map((r) => r.trace_id));
    expect(list.traces.map((t) => [t.turns, t.modelCalls, t.inputTokens, t.outputTokens])).toEqual(mc.map((r) => [2, r.n, r.i, r.o]));
    expect(list.traces.map((t) => t.toolCalls)).toEqual([3, 3, 1]);
    // Trace 1: response without call + tools/list (no response, MCP without logical call); trace 2: the last call is never answered.
    expect(list.traces.map((t) => t.findings)).toEqual([0, 3, 1]);
    expect(list.truncated).toBe(false);
  });

  it('draws exactly the expected nodes and edges for trace 1', () => {
    const traces = listTraces(fx.evidence.db).traces;
    const [t0, t1, t2] = traces.map((t) => t.traceId);
    const g = buildTraceGraph(fx.evidence.db, t1!);
    const turns = rowsOf<{ turn_id: string }>(fx, 'SELECT turn_id FROM model_calls WHERE id IN (3, 4) ORDER BY id').map((r) => r.turn_id);
    const call = (id: number): string => rowsOf<{ call_id: string }>(fx, 'SELECT call_id FROM tool_calls WHERE id = ?', id)[0]!.call_id;
    const orphanResponseCall = rowsOf<{ call_id: string }>(fx, 'SELECT call_id FROM tool_responses WHERE id = 5')[0]!.call_id;
    const [u2, u3] = turns;
    expect(g.turns.map((t) => t.turnId)).toEqual(turns);
    expect(g.totalModelCalls).toBe(2);
    expect(g.nextAfter).toBeNull();
    const events = (u: string, kinds: string[]): string[] => kinds.map((k) => `ev:${u}:${k}`);
    const expectedNodes = [
      `turn:${u2}`,
      `turn:${u3}`,
      'mc:3',
      'mc:4',
      ...[8, 9, 10, 11, 12, 13, 14, 15, 16].map((i) => `item:${i}`),
      'tc:4',
      'tc:5',
      'tc:6',
      'missing:response:6',
      'tr:2',
      'tr:3',
      'tr:4',
      'tr:5',
      'tr:6',
      `tcx:${t0}:${call(2)}`,
      `tcx:${t0}:${call(3)}`,
      `missing:call:${orphanResponseCall}`,
      'mcx:1',
      'mcx:5',
      ...events(u2!, ['net', 'dns', 'file', 'exec', 'process', 'credential', 'security']),
      ...events(u3!, ['net', 'dns', 'file', 'exec', 'process']),
    ].sort();
    expect(g.nodes.map((n) => n.id).sort()).toEqual(expectedNodes);
    const expectedEdges = [
      `turn:${u2} -contains-> mc:3`,
      `turn:${u3} -contains-> mc:4`,
      ...[8, 9, 10, 11, 12].map((i) => `mc:3 -item-> item:${i}`),
      ...[13, 14, 15, 16].map((i) => `mc:4 -item-> item:${i}`),
      'mc:3 -emits-> tc:4',
      'mc:4 -emits-> tc:5',
      `turn:${u3} -contains!-> tc:6`,
      'tc:6 -response!-> missing:response:6',
      'tc:4 -response-> tr:4',
      'tr:4 -consumed_by-> mc:4',
      'tc:5 -response-> tr:6',
      'tr:6 -consumed_by-> mcx:5',
      `tcx:${t0}:${call(2)} -response-> tr:2`,
      'tr:2 -consumed_by-> mc:3',
      `tcx:${t0}:${call(3)} -response-> tr:3`,
      'tr:3 -consumed_by-> mc:3',
      `turn:${u3} -contains!-> missing:call:${orphanResponseCall}`,
      `missing:call:${orphanResponseCall} -response!-> tr:5`,
      'tr:5 -consumed_by-> mcx:1',
      ...events(u2!, ['net', 'dns', 'file', 'exec', 'process', 'credential', 'security']).map((e) => `turn:${u2} -events-> ${e}`),
      ...events(u3!, ['net', 'dns', 'file', 'exec', 'process']).map((e) => `turn:${u3} -events-> ${e}`),
    ].sort();
    expect(edgeSet(g)).toEqual(expectedEdges);
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    expect(byId.get(`ev:${u2}:security`)?.count).toBe(3);
    expect(byId.get(`ev:${u3}:file`)?.count).toBe(5);
    expect(byId.get('mcx:5')?.traceId).toBe(t2);
    expect(byId.get('tc:6')?.mcp).toEqual({
      serverName: 'github',
      method: 'tools/list',
      transport: 'http',
      requestId: expect.any(String),
      proxyRows: [],
    });
    expect(byId.get('mc:3')?.bodies).toBe(2);
    expect(g.turns[0]!.input).toBe(
      rowsOf<{ c: string }>(fx, "SELECT substr(content, 1, 200) AS c FROM model_items WHERE model_call_id = 3 AND kind = 'request'")[0]!.c,
    );
  });

  it('lists the broken invariants, and their sums over traces equal the integrity report', () => {
    const traces = listTraces(fx.evidence.db).traces;
    const graphs = traces.map((t) => buildTraceGraph(fx.evidence.db, t.traceId));
    const sum = (k: keyof TraceGraph['brokenCounts']): number => graphs.reduce((n, g) => n + g.brokenCounts[k], 0);
    const tools = fx.report.tools;
    expect(sum('call_without_response')).toBe(tools.orphanCalls);
    expect(sum('response_without_call')).toBe(tools.orphanResponses);
    expect(sum('mcp_without_logical_call')).toBe(tools.mcpWithoutLogicalCall);
    expect(sum('dangling_model_call_id')).toBe(0);
    expect([tools.orphanCalls, tools.orphanResponses, tools.mcpWithoutLogicalCall]).toEqual([
      fx.written.expected.orphanToolCalls,
      fx.written.expected.orphanToolResponses,
      fx.written.expected.mcpWithoutLogicalCall,
    ]);
    expect(graphs[1]!.broken.map((b) => [b.kind, b.nodeId])).toEqual([
      ['response_without_call', 'tr:5'],
      ['call_without_response', 'tc:6'],
      ['mcp_without_logical_call', 'tc:6'],
    ]);
    expect(graphs[2]!.broken.map((b) => [b.kind, b.nodeId])).toEqual([['call_without_response', 'tc:7']]);
    // Every listed node is drawn, and drawn as broken.
    for (const g of graphs) for (const b of g.broken) expect(g.nodes.find((n) => n.id === b.nodeId)?.broken).toBe(true);
  });

  it('pages a trace by model call and draws each page with its own turns', () => {
    const t0 = listTraces(fx.evidence.db).traces[0]!.traceId;
    const p1 = buildTraceGraph(fx.evidence.db, t0, { limit: 1 });
    expect(p1.modelCallIds).toEqual([1]);
    expect(p1.nextAfter).toBe(1);
    // mc:2 is not on page 1: the response it consumes points at a stub.
    expect(edgeSet(p1)).toContain('tr:1 -consumed_by-> mcx:2');
    const p2 = buildTraceGraph(fx.evidence.db, t0, { after: p1.nextAfter!, limit: 1 });
    expect(p2.modelCallIds).toEqual([2]);
    expect(p2.nextAfter).toBeNull();
    expect(p2.nodes.some((n) => n.id === 'mc:1')).toBe(false);
    expect(edgeSet(p2)).toEqual(expect.arrayContaining(['mc:2 -emits-> tc:2', 'mc:2 -emits-> tc:3']));
  });
});
