// Folding a turn (layout.ts): its rows and the stubs that joined only them leave the layout, its band keeps one
// column and says it is folded, the other turns keep their rows; with nothing folded the layout is the unfolded one.
import { describe, expect, it } from 'vitest';
import { graphEdge, graphNode } from './graph-fixtures.js';
import type { TurnSummary } from '../../../../src/shared/contract/graph.js';
import { layoutGraph, NODE_W } from '../../../../src/renderer/src/views/graph/layout.js';

const node = graphNode;
const edge = graphEdge;
const turn = (id: string): TurnSummary => ({
  turnId: id,
  nodeId: `turn:${id}`,
  first: null,
  modelCalls: 1,
  toolCalls: 1,
  input: null,
  firstModelCallId: null,
});

const g = {
  turns: [turn('a'), turn('b')],
  nodes: [
    node('turn:a', 'turn', 'a'),
    node('mc:1', 'model_call', 'a'),
    node('item:1', 'model_item', 'a'),
    node('tc:1', 'tool_call', 'a'),
    node('tcx:1', 'external_tool_call', null),
    node('turn:b', 'turn', 'b'),
    node('mc:2', 'model_call', 'b'),
    node('tc:2', 'tool_call', 'b'),
    node('mcx:9', 'external_model_call', null),
  ],
  edges: [
    edge('turn:a', 'mc:1', 'contains'),
    edge('mc:1', 'item:1', 'item'),
    edge('mc:1', 'tc:1', 'emits'),
    edge('tcx:1', 'mc:1', 'consumed_by'),
    edge('turn:b', 'mc:2', 'contains'),
    edge('mc:2', 'tc:2', 'emits'),
    edge('tc:2', 'mcx:9', 'consumed_by'),
  ],
};

describe('folding a turn', () => {
  it("drops the turn's rows and their own stubs, keeps one column for its band, and leaves the other turn drawn", () => {
    const open = layoutGraph(g);
    const folded = layoutGraph(g, new Set(['turn:a']));
    expect([...open.placed.keys()].sort()).toEqual(['item:1', 'mc:1', 'mc:2', 'mcx:9', 'tc:1', 'tc:2', 'tcx:1']);
    expect([...folded.placed.keys()].sort()).toEqual(['mc:2', 'mcx:9', 'tc:2']);
    const [a, b] = folded.turns;
    expect(a!.folded).toBe(true);
    expect(b!.folded).toBe(false);
    expect(a!.width).toBe(NODE_W);
    expect(a!.modelCalls).toBe(1);
    expect(open.turns[0]!.width).toBeGreaterThan(NODE_W);
    // Turn b's rows sit right after the one folded column, in the same rows as before.
    expect(folded.placed.get('mc:2')!.x).toBeLessThan(open.placed.get('mc:2')!.x);
    expect(folded.placed.get('tc:2')!.y).toBe(open.placed.get('tc:2')!.y);
    expect(folded.width).toBeLessThan(open.width);
  });

  it('with nothing folded lays out as before', () => {
    expect(layoutGraph(g, new Set())).toEqual(layoutGraph(g));
    const both = layoutGraph(g, new Set(['turn:a', 'turn:b']));
    expect(both.placed.size).toBe(0);
    expect(both.turns.map((t) => t.folded)).toEqual([true, true]);
  });
});
