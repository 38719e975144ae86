/** Loads a trace graph page by page (the first on open, more on demand) and merges them: one node per id, one edge per key. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GraphEdge, GraphNode, TraceGraph } from '../../../../shared/contract/graph.js';
import { client } from '../../api/client.js';

export interface TracePages {
  readonly first: TraceGraph | null;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  readonly loadedModelCalls: number;
  /** The model calls (rowids) on the pages drawn now. */
  readonly loadedIds: ReadonlySet<number>;
  readonly nextAfter: number | null;
  readonly error: { code: string; message: string } | null;
  readonly loading: boolean;
  more(): void;
  /** Draw the trace from this model call on (its rowid; the pages drawn so far are let go): go to a turn. */
  jumpTo(firstModelCallId: number): void;
  /** The first page is drawn (it alone draws the rows hanging off no model call of the trace). */
  readonly fromStart: boolean;
  /** Draw the trace from its first page again. */
  restart(): void;
}

/** Model calls per page after the first (a jump draws this many from its turn on). */
export const PAGE_MODEL_CALLS = 100;

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

export function useTracePages(ev: string, traceId: string): TracePages {
  const [pages, setPages] = useState<TraceGraph[]>([]);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [fromStart, setFromStart] = useState(true);
  const load = useCallback(
    (after: number | undefined, replace = false) => {
      setLoading(true);
      if (after === undefined) setFromStart(true);
      else if (replace) setFromStart(false);
      void client
        .call(
          'graph.trace',
          after === undefined ? { evidenceId: ev, traceId } : { evidenceId: ev, traceId, after, limit: PAGE_MODEL_CALLS },
        )
        .then((r) => {
          setLoading(false);
          if (!r.ok) return setError(r.error);
          // Every page carries the whole trace's turns and findings, so a page drawn alone (a jump) stands as the first.
          setPages((p) => (after === undefined || replace ? [r.value] : [...p, r.value]));
        });
    },
    [ev, traceId],
  );
  useEffect(() => {
    setPages([]);
    setError(null);
    load(undefined);
  }, [load]);
  const merged = useMemo(() => mergePages(pages), [pages]);
  const loadedIds = useMemo(() => new Set(pages.flatMap((p) => p.modelCallIds)), [pages]);
  const last = pages[pages.length - 1] ?? null;
  return {
    first: pages[0] ?? null,
    nodes: merged.nodes,
    edges: merged.edges,
    loadedModelCalls: loadedIds.size,
    loadedIds,
    nextAfter: last?.nextAfter ?? null,
    error,
    loading,
    more: () => last?.nextAfter != null && load(last.nextAfter),
    jumpTo: (firstModelCallId: number) => load(firstModelCallId - 1, true),
    fromStart,
    restart: () => load(undefined),
  };
}
