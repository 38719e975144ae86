/**
 * The graph's visible-set index against a brute-force oracle: for any window it returns exactly the bands,
 * edges and nodes whose boxes meet it (in layout order), never drops an edge running across the window, keeps
 * pinned nodes, and every edge's box holds every point its path can paint.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphEdge, graphNode } from './graph-fixtures.js';
import type { GraphEdge, GraphNode, GraphNodeKind, TurnSummary } from '../../../../src/shared/contract/graph.js';
import { edgePath } from '../../../../src/renderer/src/views/graph/edge-geometry.js';
import type { Layout, Placed } from '../../../../src/renderer/src/views/graph/layout.js';
import { layoutGraph, NODE_H, NODE_W } from '../../../../src/renderer/src/views/graph/layout.js';
import type { Box } from '../../../../src/renderer/src/views/graph/visible-box.js';
import { intersects, scrollWindow } from '../../../../src/renderer/src/views/graph/visible-box.js';
import type { GraphIndex } from '../../../../src/renderer/src/views/graph/visible-set.js';
import { bandBox, buildGraphIndex, nodeBox, visibleSet } from '../../../../src/renderer/src/views/graph/visible-set.js';

const node = (id: string, kind: GraphNodeKind): GraphNode => graphNode(id, kind);
const edge = graphEdge;

/** `turns` turns of `calls` model calls each; every call has items and tool calls whose responses feed the next call. */
function bigTrace(turns: number, calls: number): { nodes: GraphNode[]; edges: GraphEdge[]; turns: TurnSummary[] } {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const summaries: TurnSummary[] = [];
  let prevResponses: string[] = [];
  for (let t = 0; t < turns; t++) {
    const turn = `turn:${t}`;
    nodes.push(node(turn, 'turn'));
    summaries.push({
      turnId: String(t),
      nodeId: turn,
      first: null,
      modelCalls: calls,
      toolCalls: calls,
      input: null,
      firstModelCallId: null,
    });
    for (let c = 0; c < calls; c++) {
      const mc = `mc:${t}:${c}`;
      nodes.push(node(mc, 'model_call'));
      edges.push(edge(turn, mc, 'contains'));
      for (const r of prevResponses) edges.push(edge(r, mc, 'consumed_by'));
      for (let i = 0; i < 1 + ((t + c) % 7); i++) {
        nodes.push(node(`it:${t}:${c}:${i}`, 'model_item'));
        edges.push(edge(mc, `it:${t}:${c}:${i}`, 'item'));
      }
      prevResponses = [];
      for (let k = 0; k < c % 3; k++) {
        const tc = `tc:${t}:${c}:${k}`;
        const tr = `tr:${t}:${c}:${k}`;
        nodes.push(node(tc, 'tool_call'), node(tr, 'tool_response'));
        edges.push(edge(mc, tc, 'emits'), edge(tc, tr, 'response'));
        prevResponses.push(tr);
      }
    }
  }
  // A stub from elsewhere feeding the last call (a left-margin node: a backward edge across the whole width),
  // and a call of the first turn consuming a response of the last one (another backward edge).
  nodes.push(node('mcx:far', 'external_model_call'));
  edges.push(edge('mcx:far', `mc:${turns - 1}:${calls - 1}`, 'consumed_by'));
  edges.push(edge(`tr:${turns - 1}:${calls - 1}:1`, 'mc:0:0', 'consumed_by'));
  return { nodes, edges, turns: summaries };
}

/** The oracle: every item tested against the window, no index. */
function bruteForce(layout: Layout, index: GraphIndex, win: Box): { bands: string[]; edges: string[]; nodes: string[] } {
  return {
    bands: layout.turns.filter((t) => intersects(bandBox(t, layout.height), win)).map((t) => t.nodeId),
    edges: index.edges.filter((e) => intersects(e.box, win)).map((e) => e.key),
    nodes: [...layout.placed.values()].filter((p) => intersects(nodeBox(p), win)).map((p) => p.node.id),
  };
}

function ids(index: GraphIndex, win: Box, pinned: (string | null)[] = []) {
  const s = visibleSet(index, win, pinned);
  return { bands: s.bands.map((b) => b.band.nodeId), edges: s.edges.map((e) => e.key), nodes: s.nodes.map((p) => p.node.id) };
}

const g = bigTrace(6, 60);
const layout = layoutGraph(g);
const index = buildGraphIndex(layout, g.edges);

describe('visibleSet', () => {
  it('lays out a graph much larger than a window, with every edge drawable', () => {
    expect(layout.width).toBeGreaterThan(60_000);
    expect(index.edges.length).toBe(g.edges.length);
    expect(index.nodes.length).toBe(g.nodes.length - 6);
  });

  it('returns exactly the items whose boxes meet the window, in layout order', () => {
    const coord = (max: number) => fc.integer({ min: -2000, max: max + 2000 });
    fc.assert(
      fc.property(
        coord(layout.width),
        coord(layout.height),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 3000 }),
        (x, y, w, h) => {
          const win = { x0: x, y0: y, x1: x + w, y1: y + h };
          expect(ids(index, win)).toEqual(bruteForce(layout, index, win));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('draws a small part of a large graph: far nodes are absent', () => {
    const win = scrollWindow({ left: 30_000, top: 0, width: 950, height: 600 });
    const got = ids(index, win);
    expect(got.nodes.length).toBeGreaterThan(0);
    expect(got.nodes.length).toBeLessThan(index.nodes.length / 10);
    expect(got.edges.length).toBeLessThan(index.edges.length / 10);
    expect(got.bands.length).toBeLessThan(layout.turns.length);
    expect(got.nodes).not.toContain('mc:0:0');
    expect(got.nodes).not.toContain('mc:5:59');
    for (const id of got.nodes) expect(intersects(nodeBox(layout.placed.get(id)!), win)).toBe(true);
  });

  it('keeps an edge whose endpoints lie on opposite sides of the window', () => {
    const from = layout.placed.get('mcx:far')!;
    const to = layout.placed.get('mc:5:59')!;
    expect(to.x - from.x).toBeGreaterThan(50_000);
    // A thin window in the middle, between the two endpoints, touching no node of either.
    const win = { x0: (from.x + to.x) / 2, y0: from.y, x1: (from.x + to.x) / 2 + 10, y1: from.y + 10 };
    const got = ids(index, win);
    expect(got.edges).toContain('mcx:far>mc:5:59>consumed_by');
    expect(got.nodes).not.toContain('mcx:far');
    expect(got.edges).toContain('tr:5:59:1>mc:0:0>consumed_by');
  });

  it('keeps the backward loop that dips below both of its endpoints', () => {
    const a = layout.placed.get('tr:5:59:1')!;
    const b = layout.placed.get('mc:0:0')!;
    const drop = Math.max(a.y, b.y) + NODE_H * 1.5;
    const x = (a.x + b.x + NODE_W) / 2;
    const got = ids(index, { x0: x - 1, y0: drop - 1, x1: x + 1, y1: drop + 1 });
    expect(got.edges).toContain('tr:5:59:1>mc:0:0>consumed_by');
  });

  it('adds pinned nodes wherever they are, once, in layout order', () => {
    const win = { x0: 30_000, y0: 0, x1: 31_000, y1: 800 };
    const plain = ids(index, win).nodes;
    const pinned = ids(index, win, ['mc:0:0', 'mc:0:0', null, plain[0]!, 'no-such-node']).nodes;
    expect(pinned).toEqual(['mc:0:0', ...plain]);
  });

  it('snaps the scroll window outward to 256 px steps with half a viewport of overscan', () => {
    expect(scrollWindow({ left: 1000, top: 300, width: 900, height: 600 })).toEqual({ x0: 512, y0: 0, x1: 2560, y1: 1280 });
    expect(scrollWindow({ left: 1010, top: 310, width: 900, height: 600 })).toEqual(
      scrollWindow({ left: 1000, top: 300, width: 900, height: 600 }),
    );
  });
});

describe('edgeBox', () => {
  const at = (x: number, y: number, id: string): Placed => ({ node: node(id, 'tool_response'), x, y });
  it('holds every point and control point of every edge path', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.boolean(),
        (ax, ay, bx, by, band) => {
          const a = at(ax, ay, 'a');
          const b = at(bx, by, 'b');
          const l: Layout = {
            placed: new Map(
              band
                ? [['b', b]]
                : [
                    ['a', a],
                    ['b', b],
                  ],
            ),
            turns: [{ nodeId: 'a', label: 'a', number: 1, x: 0, width: 100, folded: false, modelCalls: 0, toolCalls: 0 }],
            width: 5000,
            height: 5000,
          };
          const built = buildGraphIndex(l, [edge('a', 'b', 'consumed_by')]);
          const d = edgePath(band ? undefined : a, b, l.turns[0]);
          const nums = (d ?? '').match(/-?\d+(\.\d+)?/g)!.map(Number);
          const box = built.edges[0]!.box;
          for (let i = 0; i < nums.length; i += 2) {
            expect(nums[i]!).toBeGreaterThanOrEqual(box.x0 + 8);
            expect(nums[i]!).toBeLessThanOrEqual(box.x1 - 8);
            expect(nums[i + 1]!).toBeGreaterThanOrEqual(box.y0);
            expect(nums[i + 1]!).toBeLessThanOrEqual(box.y1 - 8);
          }
        },
      ),
    );
  });
});
