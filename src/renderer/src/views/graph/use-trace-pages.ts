/** Loads a trace graph page by page (the first on open, more on demand) and merges them: one node per id, one edge per key. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GraphEdge, GraphNode, TraceGraph } from '../../../../shared/contract/graph.js';
import { client } from '../../api/client.js';
import { mergePages } from './merge-pages.js';

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
