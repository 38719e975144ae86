// A turn band is numbered by its place among all the trace's turns, so a page drawn from turn 3 on (go to turn)
// says "Turn 3", not "Turn 1".
import { describe, expect, it } from 'vitest';
import { graphNode } from './graph-fixtures.js';
import type { GraphNode, TurnSummary } from '../../../../src/shared/contract/graph.js';
import { layoutGraph } from '../../../../src/renderer/src/views/graph/layout.js';

const node = (id: string): GraphNode => graphNode(id, 'turn');
const turn = (n: number): TurnSummary => ({
  turnId: String(n),
  nodeId: `turn:${n}`,
  first: null,
  modelCalls: 1,
  toolCalls: 0,
  input: null,
  firstModelCallId: n * 10,
});

describe('turn band numbers', () => {
  it('follow the trace, not the page', () => {
    const l = layoutGraph({ nodes: [node('turn:3'), node('turn:4')], edges: [], turns: [turn(1), turn(2), turn(3), turn(4)] });
    expect(l.turns.map((t) => [t.nodeId, t.number])).toEqual([
      ['turn:3', 3],
      ['turn:4', 4],
    ]);
  });
});
