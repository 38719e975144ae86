// Collects nodes and edges once each (a row reached twice, e.g. a response fetched both as its call's
// answer and as its consumer's input, is one node), keeping first-seen order for a stable layout.
import type { GraphEdge, GraphEdgeKind, GraphNode } from '../../../shared/contract/graph.js';

/** The empty values of a node with nothing behind it: what a node given only its id, kind and label carries. */
export const NODE_DEFAULTS: Omit<GraphNode, 'id' | 'kind' | 'label'> = {
  detail: '',
  row: null,
  eventId: null,
  turnId: null,
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
  gaps: [],
};

export class GraphBuilder {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges = new Map<string, GraphEdge>();

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  node(n: Partial<GraphNode> & Pick<GraphNode, 'id' | 'kind' | 'label'>): string {
    if (!this.nodes.has(n.id)) this.nodes.set(n.id, { ...NODE_DEFAULTS, ...n });
    return n.id;
  }

  /** Replace fields of a node already added (e.g. MCP enrichment folded in later). */
  patch(id: string, fields: Partial<GraphNode>): void {
    const n = this.nodes.get(id);
    if (n) this.nodes.set(id, { ...n, ...fields });
  }

  edge(from: string, to: string, kind: GraphEdgeKind, broken = false): void {
    const key = `${from}>${to}>${kind}`;
    if (!this.edges.has(key)) this.edges.set(key, { from, to, kind, broken });
  }

  result(): { nodes: GraphNode[]; edges: GraphEdge[] } {
    return { nodes: [...this.nodes.values()], edges: [...this.edges.values()] };
  }
}
