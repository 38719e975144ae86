// The layout kept between page loads (layout-incremental.ts) is the full layout of the same graph, page after page:
// pages that add turns, a turn that spans two pages, a stub replaced by the model call it stood for, a jump that
// replaces the pages, and folding. Laying out one more page lays out only the turns it adds.
import { describe, expect, it } from 'vitest';
import { graphEdge, graphNode } from './graph-fixtures.js';
import type { GraphEdge, GraphNode, TurnSummary } from '../../../../src/shared/contract/graph.js';
import type { Layout } from '../../../../src/renderer/src/views/graph/layout.js';
import { layoutGraph } from '../../../../src/renderer/src/views/graph/layout.js';
import { IncrementalLayout } from '../../../../src/renderer/src/views/graph/layout-incremental.js';

const node = graphNode;
const edge = graphEdge;

/**
 * A trace of `calls` model calls; call i belongs to turn floor(i / perTurn), has two items and one tool call whose
 * response the next call consumes. Each page (a slice of calls) is built as the server builds it: its own rows,
 * a stub (`mcx:`) for a consumer on a later page, and edges; node and edge objects are made once, so pages loaded
 * again share them as the merged pages do.
 */
function trace(calls: number, perTurn: number) {
  const turnOf = (i: number): string => `t${Math.floor(i / perTurn)}`;
  const turns: TurnSummary[] = [];
  for (let t = 0; t * perTurn < calls; t++) {
    turns.push({
      turnId: `t${t}`,
      nodeId: `turn:t${t}`,
      first: null,
      modelCalls: perTurn,
      toolCalls: perTurn,
      input: null,
      firstModelCallId: t * perTurn,
    });
  }
  const made = new Map<string, GraphNode>();
  const madeEdges = new Map<string, GraphEdge>();
  const n = (id: string, kind: GraphNode['kind'], turn: string | null): GraphNode =>
    made.get(id) ?? made.set(id, node(id, kind, turn)).get(id)!;
  const e = (from: string, to: string, kind: GraphEdge['kind']): GraphEdge => {
    const k = `${from}>${to}>${kind}`;
    return madeEdges.get(k) ?? madeEdges.set(k, edge(from, to, kind)).get(k)!;
  };
  /** The merged graph of calls [0, upTo), as use-trace-pages.ts merges pages (stubs of loaded calls replaced). */
  const upTo = (upTo: number, from = 0) => {
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    const seen = new Set<string>();
    const add = (x: GraphNode): void => {
      if (seen.has(x.id)) return;
      nodes.push(x);
      seen.add(x.id);
    };
    for (let i = from; i < upTo; i++) {
      const turn = turnOf(i);
      add(n(`turn:${turn}`, 'turn', turn));
      add(n(`mc:${i}`, 'model_call', turn));
      edges.push(e(`turn:${turn}`, `mc:${i}`, 'contains'));
      for (const it of [0, 1]) {
        add(n(`item:${i}.${it}`, 'model_item', turn));
        edges.push(e(`mc:${i}`, `item:${i}.${it}`, 'item'));
      }
      add(n(`tc:${i}`, 'tool_call', turn));
      edges.push(e(`mc:${i}`, `tc:${i}`, 'emits'));
      add(n(`tr:${i}`, 'tool_response', turn));
      edges.push(e(`tc:${i}`, `tr:${i}`, 'response'));
      if (i + 1 < calls) {
        const consumer = i + 1 < upTo ? `mc:${i + 1}` : `mcx:${i + 1}`;
        if (consumer.startsWith('mcx:')) add(n(consumer, 'external_model_call', null));
        edges.push(e(`tr:${i}`, consumer, 'consumed_by'));
      }
      if (i % 3 === 0) {
        add(n(`ev:${turn}:net`, 'events', turn));
        edges.push(e(`turn:${turn}`, `ev:${turn}:net`, 'events'));
      }
    }
    // A page drawn from a jump starts with a response it consumed, from the call before it: a left-margin stub.
    if (from > 0) {
      add(n(`tcx:${from - 1}`, 'external_tool_call', null));
      edges.push(e(`tcx:${from - 1}`, `mc:${from}`, 'consumed_by'));
    }
    return { nodes, edges: [...new Set(edges)], turns };
  };
  return { upTo };
}

/** A layout as plain data, to compare: every position in order, the bands and the size. */
const plain = (l: Layout) => ({
  placed: [...l.placed].map(([id, p]) => [id, p.node.id, p.x, p.y]),
  turns: l.turns,
  width: l.width,
  height: l.height,
});

describe('the layout kept between page loads', () => {
  it('is the full layout after every page, and lays out only the turns a page adds', () => {
    const t = trace(500, 1);
    const inc = new IncrementalLayout();
    const none = new Set<string>();
    for (let loaded = 40; loaded <= 500; loaded += 100) {
      const g = t.upTo(Math.min(loaded, 500));
      expect(plain(inc.layout(g, none))).toEqual(plain(layoutGraph(g, none)));
      // Only the page's own turns (and, the first time, all of them) are laid out again.
      expect(inc.relaidTurns).toBe(loaded === 40 ? 40 : 100);
    }
  });

  it('is the full layout when a turn spans two pages (the turn is laid out again, not those before it)', () => {
    const t = trace(90, 7);
    const inc = new IncrementalLayout();
    const none = new Set<string>();
    inc.layout(t.upTo(40), none);
    const g = t.upTo(80);
    expect(plain(inc.layout(g, none))).toEqual(plain(layoutGraph(g, none)));
    // Calls 35-39 are turn 5's first calls: turn 5 and the turns after it, not turns 0-4.
    expect(inc.relaidTurns).toBe(layoutGraph(g, none).turns.length - 5);
  });

  it('starts afresh on a jump, a fold and an unfold, and still equals the full layout', () => {
    const t = trace(300, 2);
    const inc = new IncrementalLayout();
    const none = new Set<string>();
    inc.layout(t.upTo(100), none);
    const jumped = t.upTo(300, 200);
    const jumpedTurns = { ...jumped, turns: [...jumped.turns] };
    expect(plain(inc.layout(jumpedTurns, none))).toEqual(plain(layoutGraph(jumpedTurns, none)));
    const folded = new Set(['turn:t101', 'turn:t120']);
    expect(plain(inc.layout(jumpedTurns, folded))).toEqual(plain(layoutGraph(jumpedTurns, folded)));
    expect(inc.relaidTurns).toBe(50);
    const unfolded = new Set<string>();
    expect(plain(inc.layout(jumpedTurns, unfolded))).toEqual(plain(layoutGraph(jumpedTurns, unfolded)));
  });

  it('keeps the position objects of rows that did not move', () => {
    const t = trace(200, 1);
    const inc = new IncrementalLayout();
    const none = new Set<string>();
    const a = inc.layout(t.upTo(100), none);
    const b = inc.layout(t.upTo(200), none);
    expect(b.placed.get('mc:3')).toBe(a.placed.get('mc:3'));
    expect(b.placed.get('mc:150')).toBeDefined();
  });
});
