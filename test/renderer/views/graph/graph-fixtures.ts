// Graph nodes and edges for the layout tests: only the fields a test cares about are given, the rest are the
// empty values the server's graph builder gives a node with nothing behind it.
import { NODE_DEFAULTS } from '../../../../src/main/core/graph/graph-builder.js';
import type { GraphEdge, GraphEdgeKind, GraphNode, GraphNodeKind } from '../../../../src/shared/contract/graph.js';

export const graphNode = (id: string, kind: GraphNodeKind, turnId: string | null = null): GraphNode => ({
  ...NODE_DEFAULTS,
  id,
  kind,
  label: id,
  turnId,
});

export const graphEdge = (from: string, to: string, kind: GraphEdgeKind): GraphEdge => ({ from, to, kind, broken: false });
