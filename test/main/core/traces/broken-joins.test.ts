// Joins that lead nowhere, added to the fixture session: an mcp_proxy capture of a logical MCP call (folded
// into that call's node, never a node of its own), a capture with no logical call, a tool call and a model
// item naming a model call that does not exist. Each is drawn broken, listed, and counted as the report counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';
import { plantBrokenJoins } from './broken-joins-fixture.js';

const root = mkdtempSync(join(tmpdir(), 'graph-broken-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'mut', {
    seed: 7,
    mutate: (db) => void plantBrokenJoins(db),
  });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('broken joins', () => {
  it('folds an mcp_proxy capture into its logical call and draws the others broken', () => {
    const traceId = listTraces(fx.evidence.db).traces[0]!.traceId;
    const g = buildTraceGraph(fx.evidence.db, traceId);
    const ids = new Set(g.nodes.map((n) => n.id));
    expect(ids.has('tc:100')).toBe(false);
    const logical = g.nodes.find((n) => n.kind === 'tool_call' && n.mcp?.proxyRows.includes(100));
    expect(logical?.id).toBe('tc:3');
    expect(logical?.mcp?.serverName).toBe('github');
    expect(ids.has('tc:101')).toBe(true);
    expect(g.nodes.find((n) => n.id === 'tc:101')?.broken).toBe(true);
    const edges = g.edges.map((e) => `${e.from} -${e.kind}${e.broken ? '!' : ''}-> ${e.to}`);
    expect(edges).toEqual(expect.arrayContaining(['missing:mc:999 -emits!-> tc:102', 'tc:101 -response!-> missing:response:101']));
    expect(g.broken.filter((b) => b.kind === 'dangling_model_call_id').map((b) => b.row)).toEqual([
      { table: 'tool_calls', rowid: 102 },
      { table: 'model_items', rowid: 500 },
    ]);
    expect(g.broken.filter((b) => b.kind === 'mcp_without_logical_call').map((b) => b.row.rowid)).toEqual([101]);
  });

  it('per-trace sums still equal the report', () => {
    const graphs = listTraces(fx.evidence.db).traces.map((t) => buildTraceGraph(fx.evidence.db, t.traceId));
    const sum = (k: 'call_without_response' | 'response_without_call' | 'mcp_without_logical_call'): number =>
      graphs.reduce((n, g) => n + g.brokenCounts[k], 0);
    expect(sum('call_without_response')).toBe(fx.report.tools.orphanCalls);
    expect(sum('response_without_call')).toBe(fx.report.tools.orphanResponses);
    expect(sum('mcp_without_logical_call')).toBe(fx.report.tools.mcpWithoutLogicalCall);
    // The fixture's one plus the lost capture.
    expect(fx.report.tools.mcpWithoutLogicalCall).toBe(2);
  });
});

describe('broken joins are drawn', () => {
  it('every listed invariant has a broken node on the first page', () => {
    for (const t of listTraces(fx.evidence.db).traces) {
      const g = buildTraceGraph(fx.evidence.db, t.traceId);
      for (const b of g.broken) expect(g.nodes.find((n) => n.id === b.nodeId)?.broken, b.nodeId).toBe(true);
    }
    const g = buildTraceGraph(fx.evidence.db, listTraces(fx.evidence.db).traces[0]!.traceId);
    expect(g.edges.filter((e) => e.to === 'item:500').map((e) => [e.from, e.broken])).toEqual([['missing:mc:998', true]]);
  });
});
