/**
 * The trace's layout kept between page loads: drawing the next 100 model calls lays out only the turns those pages
 * add (and any earlier turn a new row joins), not every page again, so laying out more costs what it adds. The
 * result is the very layout layoutGraph gives for the same graph (test/renderer/views/graph/layout-incremental.test.ts).
 * Folding, a jump (the pages replaced) or another trace lays the graph out afresh.
 */
import type { GraphEdge, GraphNode, TraceGraph } from '../../../../shared/contract/graph.js';
import type { Cell, Layout, Prepared, TurnBlocks } from './layout.js';
import { BLOCK_EDGE_KINDS, finishLayout, layTurn, noBlocks, prepareGraph } from './layout.js';

type Graph = Pick<TraceGraph, 'nodes' | 'edges' | 'turns'>;

/** Where the blocks stood before each turn: turn i starts from checkpoints[i]. */
interface Checkpoint {
  readonly placedSize: number;
  readonly col: number;
  readonly maxRow: number;
}

interface Kept {
  readonly g: Graph;
  readonly folded: ReadonlySet<string>;
  readonly prepared: Prepared;
  readonly blocks: TurnBlocks;
  readonly checkpoints: Checkpoint[];
  readonly layout: Layout;
}

export class IncrementalLayout {
  private kept: Kept | null = null;

  /** Turns laid out afresh by the last call (all of them when it started over): for tests and the bench's notes. */
  relaidTurns = 0;

  layout(g: Graph, folded: ReadonlySet<string>): Layout {
    const k = this.kept;
    if (k && k.g === g && k.folded === folded) return k.layout;
    const prepared = prepareGraph(g, folded);
    // A fold drops rows (and stubs that only joined them) across turns: lay out afresh.
    const resumable = k !== null && k.folded === folded && folded.size === 0 && k.g.turns === g.turns;
    const from = resumable ? firstChangedTurn(k, g, prepared) : 0;
    const blocks = resumable ? rewind(k, from) : noBlocks();
    const checkpoints = resumable ? k.checkpoints.slice(0, from) : [];
    while (blocks.bandCols.length < prepared.turnOrder.length) {
      checkpoints.push({ placedSize: blocks.placed.size, col: blocks.col, maxRow: blocks.maxRow });
      layTurn(prepared, blocks);
    }
    this.relaidTurns = prepared.turnOrder.length - from;
    const layout = finishLayout(g, prepared, blocks, folded, k?.layout.placed);
    this.kept = { g, folded, prepared, blocks, checkpoints, layout };
    return layout;
  }
}

/**
 * The first turn (its place in the order) whose block may differ from the one kept: where the turn order first
 * differs, or the turn owning a row that changed, that was removed, or that a new or removed block edge leaves from.
 */
function firstChangedTurn(k: Kept, g: Graph, p: Prepared): number {
  const before = k.prepared.turnOrder;
  let from = 0;
  while (from < before.length && from < p.turnOrder.length && before[from] === p.turnOrder[from]) from++;
  const dirty = (id: string): void => {
    const t = k.blocks.owner.get(id);
    if (t !== undefined && t < from) from = t;
  };
  const nodesNow = new Set<GraphNode>(g.nodes);
  for (const n of k.g.nodes) if (!nodesNow.has(n)) dirty(n.id);
  const nodesBefore = new Set<GraphNode>(k.g.nodes);
  const added = new Set(g.nodes.filter((n) => !nodesBefore.has(n)).map((n) => n.id));
  const edgesNow = new Set<GraphEdge>(g.edges);
  for (const e of k.g.edges) if (!edgesNow.has(e) && BLOCK_EDGE_KINDS.has(e.kind)) dirty(e.from);
  const edgesBefore = new Set<GraphEdge>(k.g.edges);
  // A kept edge into a row that has just arrived starts to count too (edges to absent rows are left out).
  for (const e of g.edges) if (BLOCK_EDGE_KINDS.has(e.kind) && (!edgesBefore.has(e) || added.has(e.to))) dirty(e.from);
  return from;
}

/** The kept blocks cut back to where turn `from` started (the blocks are reused, not copied, when nothing is cut). */
function rewind(k: Kept, from: number): TurnBlocks {
  const b = k.blocks;
  if (from >= b.bandCols.length) return b;
  const at = k.checkpoints[from]!;
  const placed = new Map<string, Cell>();
  const owner = new Map<string, number>();
  for (const [id, c] of b.placed) {
    if (placed.size >= at.placedSize) break;
    placed.set(id, c);
    owner.set(id, b.owner.get(id)!);
  }
  for (const t of k.prepared.turnOrder.slice(0, from)) owner.set(t, b.owner.get(t)!);
  return { placed, owner, bandCols: b.bandCols.slice(0, from), col: at.col, maxRow: at.maxRow };
}
