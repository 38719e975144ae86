// Graph nodes and edges for the layout tests: only the fields a test cares about are given, the rest are the
// empty values the server sends for a node with nothing behind it.
import type { GraphEdge, GraphEdgeKind, GraphNode, GraphNodeKind } from '../../../../src/shared/contract/graph.js';

export const graphNode = (id: string, kind: GraphNodeKind, turnId: string | null = null): GraphNode => ({
  id,
  kind,
  label: id,
  detail: '',
  row: null,
  eventId: null,
  turnId,
  modelCallId: null,
  callId: null,
  timestamp: null,
  durationMs: null,
  bodies: 0,
  mcp: null,
  eventKind: null,
  count: 0,
  broken: false,
  traceId: null,
});

export const graphEdge = (from: string, to: string, kind: GraphEdgeKind): GraphEdge => ({ from, to, kind, broken: false });
