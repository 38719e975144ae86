// The pages of a trace drawn so far, merged into one graph: one node per id, one edge per key.
import type { GraphEdge, GraphNode, TraceGraph } from '../../../../shared/contract/graph.js';

/** An edge to a stub retargeted to the model call it stood for, made once per edge so merges keep its identity. */
const retargeted = new WeakMap<GraphEdge, GraphEdge>();

/**
 * The pages as one graph. A stub for a model call drawn on a later page is replaced by the call itself; the merged
 * nodes and edges keep their objects from one merge to the next (the layout and the text lists reuse what is unchanged).
 */
export function mergePages(pages: readonly TraceGraph[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  for (const p of pages) {
    for (const n of p.nodes) if (!nodes.has(n.id)) nodes.set(n.id, n);
    for (const e of p.edges) edges.set(`${e.from}>${e.to}>${e.kind}`, e);
  }
  const replaced = new Set<string>();
  for (const id of nodes.keys()) if (id.startsWith('mcx:') && nodes.has(`mc:${id.slice(4)}`)) replaced.add(id);
  for (const id of replaced) nodes.delete(id);
  if (replaced.size > 0) {
    for (const [k, e] of edges) {
      if (!replaced.has(e.to)) continue;
      let to = retargeted.get(e);
      if (!to) retargeted.set(e, (to = { ...e, to: `mc:${e.to.slice(4)}` }));
      edges.set(k, to);
    }
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()].filter((e) => nodes.has(e.from) && nodes.has(e.to)) };
}
