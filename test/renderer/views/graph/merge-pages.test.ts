// Pages merged into one graph (merge-pages.ts): one node per id, a stub replaced by the model call a later page
// draws (its edges retargeted), and the merged objects kept from one merge to the next, so the layout kept between
// loads and the chunked text lists see unchanged rows as unchanged.
import { describe, expect, it } from 'vitest';
import { graphEdge, graphNode } from './graph-fixtures.js';
import type { GraphEdge, GraphNode, TraceGraph } from '../../../../src/shared/contract/graph.js';
import { mergePages } from '../../../../src/renderer/src/views/graph/merge-pages.js';

const node = (id: string, kind: GraphNode['kind']): GraphNode => graphNode(id, kind, 't');
const edge = graphEdge;
const page = (nodes: GraphNode[], edges: GraphEdge[]): TraceGraph =>
  ({
    traceId: 'x',
    turns: [],
    totalModelCalls: 0,
    modelCallIds: [],
    nextAfter: null,
    nodes,
    edges,
    broken: [],
    brokenTotal: 0,
    brokenCounts: {},
  }) as unknown as TraceGraph;

describe('merging the pages of a trace', () => {
  const p1 = page(
    [node('turn:t', 'turn'), node('mc:1', 'model_call'), node('tr:1', 'tool_response'), node('mcx:2', 'external_model_call')],
    [edge('turn:t', 'mc:1', 'contains'), edge('tr:1', 'mcx:2', 'consumed_by')],
  );
  const p2 = page([node('turn:t', 'turn'), node('mc:2', 'model_call')], [edge('turn:t', 'mc:2', 'contains')]);
  const p3 = page([node('mc:3', 'model_call')], [edge('turn:t', 'mc:3', 'contains')]);

  it('replaces a stub by the model call a later page draws and retargets its edges', () => {
    const m = mergePages([p1, p2]);
    expect(m.nodes.map((n) => n.id)).toEqual(['turn:t', 'mc:1', 'tr:1', 'mc:2']);
    expect(m.edges.map((e) => `${e.from}>${e.to}`)).toEqual(['turn:t>mc:1', 'tr:1>mc:2', 'turn:t>mc:2']);
    // The first page's turn node is kept (one node per id, first seen).
    expect(m.nodes[0]).toBe(p1.nodes[0]);
  });

  it('keeps the objects of the rows it merged before, retargeted edges included', () => {
    const a = mergePages([p1, p2]);
    const b = mergePages([p1, p2, p3]);
    expect(b.nodes.slice(0, a.nodes.length)).toEqual(a.nodes);
    a.nodes.forEach((n, i) => expect(b.nodes[i]).toBe(n));
    a.edges.forEach((e, i) => expect(b.edges[i]).toBe(e));
    expect(b.edges.at(-1)).toBe(p3.edges[0]);
  });
});
