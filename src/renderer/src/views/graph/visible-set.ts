/**
 * Which turn bands, edges and nodes of a laid-out trace meet a window of the SVG. A sparse grid of square
 * cells is built once per layout; a query visits only the cells the window covers, so picking what to draw
 * costs in proportion to what is drawn, not to the whole trace. Items keep their layout order (the DOM order,
 * hence the Tab order, is unchanged by drawing a subset).
 */
import type { GraphEdge } from '../../../../shared/contract/graph.js';
import { edgeBox, edgePath } from './edge-geometry.js';
import type { Layout, Placed, TurnBand } from './layout.js';
import { NODE_H, NODE_W } from './layout.js';
import type { Box } from './visible-box.js';
import { intersects } from './visible-box.js';

export const CELL_PX = 512;
/** An item spanning more cells than this (a long backward edge) is kept in a short list checked on every query. */
const MAX_CELLS_PER_ITEM = 64;

export interface IndexedEdge {
  /** `from>to>kind`, the React key and data-edge. */
  readonly key: string;
  readonly edge: GraphEdge;
  readonly d: string;
  readonly box: Box;
}

export interface IndexedBand {
  readonly band: TurnBand;
  /** Position among the layout's turns: "Turn {index + 1}", alternate shading. */
  readonly index: number;
  readonly box: Box;
}

interface Grid {
  readonly cells: Map<number, number[]>;
  readonly wide: number[];
}

export interface GraphIndex {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly Placed[];
  readonly nodeBoxes: readonly Box[];
  readonly nodeById: ReadonlyMap<string, number>;
  /** Only edges with a path: an endpoint missing from the layout draws nothing. */
  readonly edges: readonly IndexedEdge[];
  readonly edgeBoxes: readonly Box[];
  /** Sorted by left edge; bands never overlap, so a binary search finds the first one in a window. */
  readonly bands: readonly IndexedBand[];
  readonly nodeGrid: Grid;
  readonly edgeGrid: Grid;
}

export interface VisibleSet {
  readonly bands: readonly IndexedBand[];
  readonly edges: readonly IndexedEdge[];
  readonly nodes: readonly Placed[];
}

export function nodeBox(p: Placed): Box {
  return { x0: p.x, y0: p.y, x1: p.x + NODE_W, y1: p.y + NODE_H };
}

export function bandBox(t: TurnBand, height: number): Box {
  return { x0: t.x - 10, y0: 4, x1: t.x + t.width + 10, y1: height - 4 };
}

const cellKey = (cx: number, cy: number): number => cy * 1_048_576 + cx;
const cellOf = (v: number): number => Math.max(0, Math.floor(v / CELL_PX));

function buildGrid(boxes: readonly Box[]): Grid {
  const cells = new Map<number, number[]>();
  const wide: number[] = [];
  boxes.forEach((b, i) => {
    const cx0 = cellOf(b.x0);
    const cx1 = cellOf(b.x1);
    const cy0 = cellOf(b.y0);
    const cy1 = cellOf(b.y1);
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > MAX_CELLS_PER_ITEM) {
      wide.push(i);
      return;
    }
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const k = cellKey(cx, cy);
        const list = cells.get(k);
        if (list) list.push(i);
        else cells.set(k, [i]);
      }
    }
  });
  return { cells, wide };
}

/** Indexes of the items of `grid` whose box meets `win`, ascending (= layout order). */
function query(grid: Grid, boxes: readonly Box[], win: Box): number[] {
  const seen = new Set<number>();
  const hit: number[] = [];
  const take = (i: number): void => {
    if (seen.has(i)) return;
    seen.add(i);
    if (intersects(boxes[i]!, win)) hit.push(i);
  };
  if (win.x1 >= 0 && win.y1 >= 0) {
    const cx1 = cellOf(win.x1);
    const cy1 = cellOf(win.y1);
    for (let cy = cellOf(win.y0); cy <= cy1; cy++) {
      for (let cx = cellOf(win.x0); cx <= cx1; cx++) grid.cells.get(cellKey(cx, cy))?.forEach(take);
    }
  }
  grid.wide.forEach(take);
  return hit.sort((a, b) => a - b);
}

/**
 * Boxes and paths kept per position and edge object: an incremental layout (layout-incremental.ts) keeps the positions
 * of rows that did not move, so indexing the layout after a page load computes paths for the new rows only.
 */
const boxOf = new WeakMap<Placed, Box>();
const pathOf = new WeakMap<GraphEdge, { a: Placed | undefined; b: Placed; fromBand: boolean; entry: IndexedEdge }>();

function cachedBox(p: Placed): Box {
  let box = boxOf.get(p);
  if (!box) boxOf.set(p, (box = nodeBox(p)));
  return box;
}

export function buildGraphIndex(layout: Layout, edges: readonly GraphEdge[]): GraphIndex {
  const nodes = [...layout.placed.values()];
  const nodeBoxes = nodes.map(cachedBox);
  const nodeById = new Map(nodes.map((p, i) => [p.node.id, i]));
  const bandsById = new Map(layout.turns.map((t) => [t.nodeId, t]));
  const indexed: IndexedEdge[] = [];
  for (const e of edges) {
    const a = layout.placed.get(e.from);
    const b = layout.placed.get(e.to);
    if (!b) continue;
    const band = a ? undefined : bandsById.get(e.from);
    const was = pathOf.get(e);
    // A band edge's path depends on its node only (and on the band being laid out).
    if (was && was.a === a && was.b === b && was.fromBand === (band !== undefined)) {
      indexed.push(was.entry);
      continue;
    }
    const d = edgePath(a, b, band);
    if (!d) continue;
    const entry = { key: `${e.from}>${e.to}>${e.kind}`, edge: e, d, box: edgeBox(a, b) };
    pathOf.set(e, { a, b, fromBand: band !== undefined, entry });
    indexed.push(entry);
  }
  const bands = layout.turns.map((band, index) => ({ band, index, box: bandBox(band, layout.height) })).sort((p, q) => p.box.x0 - q.box.x0);
  const edgeBoxes = indexed.map((e) => e.box);
  return {
    width: layout.width,
    height: layout.height,
    nodes,
    nodeBoxes,
    nodeById,
    edges: indexed,
    edgeBoxes,
    bands,
    nodeGrid: buildGrid(nodeBoxes),
    edgeGrid: buildGrid(edgeBoxes),
  };
}

function bandsIn(bands: readonly IndexedBand[], win: Box): IndexedBand[] {
  // First band whose right side reaches the window (bands are disjoint and sorted, so right sides ascend too).
  let lo = 0;
  let hi = bands.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bands[mid]!.box.x1 < win.x0) lo = mid + 1;
    else hi = mid;
  }
  const out: IndexedBand[] = [];
  for (let i = lo; i < bands.length && bands[i]!.box.x0 <= win.x1; i++) if (intersects(bands[i]!.box, win)) out.push(bands[i]!);
  return out.sort((p, q) => p.index - q.index);
}

/**
 * The bands, edges and nodes whose boxes meet `win`, in layout order, plus the nodes named in `pinned`
 * (the selected and the focused node stay drawn wherever they are).
 */
export function visibleSet(index: GraphIndex, win: Box, pinned: readonly (string | null)[] = []): VisibleSet {
  const nodeIdx = query(index.nodeGrid, index.nodeBoxes, win);
  for (const id of pinned) {
    const i = id === null ? undefined : index.nodeById.get(id);
    if (i !== undefined && !nodeIdx.includes(i)) nodeIdx.push(i);
  }
  nodeIdx.sort((a, b) => a - b);
  const edgeIdx = query(index.edgeGrid, index.edgeBoxes, win);
  return { bands: bandsIn(index.bands, win), edges: edgeIdx.map((i) => index.edges[i]!), nodes: nodeIdx.map((i) => index.nodes[i]!) };
}
