/**
 * A layered left-to-right layout for one trace page, no graph library: turns follow each other left to right;
 * inside a turn every model call gets two columns — the call with its ordered model_items under it, then the
 * tool calls it emitted, each followed by its responses — and a response's edge runs right, into the model call
 * that consumed it. Rows from elsewhere (another trace or page, missing rows) sit in a margin column at each side.
 */
import type { GraphEdge, GraphNode, TraceGraph } from '../../../../shared/contract/graph.js';
import { TRACE_LEVEL_TURN } from '../../../../shared/contract/graph.js';

export const NODE_W = 156;
export const NODE_H = 30;
export const ROW_H = 38;
export const COL_GAP = 28;
export const TURN_HEAD_H = 44;

export interface Placed {
  readonly node: GraphNode;
  readonly x: number;
  readonly y: number;
}

export interface TurnBand {
  readonly nodeId: string;
  readonly label: string;
  /** The turn's place among all the trace's turns (1-based), also when a jump drew it first. */
  readonly number: number;
  readonly x: number;
  readonly width: number;
  /** Folded: drawn as one narrow band (its header), its nodes left out of the layout. */
  readonly folded: boolean;
  /** The turn's model and tool calls in the whole trace (not only the page), for the folded band's label. */
  readonly modelCalls: number;
  readonly toolCalls: number;
}

export interface Layout {
  readonly placed: ReadonlyMap<string, Placed>;
  readonly turns: readonly TurnBand[];
  readonly width: number;
  readonly height: number;
}

/** The graph the layout works on: the nodes left after folding, each node's outgoing edges, the turns in order. */
export interface Prepared {
  readonly nodes: ReadonlyMap<string, GraphNode>;
  readonly out: ReadonlyMap<string, readonly GraphEdge[]>;
  readonly turnOrder: readonly string[];
}

/** Edge kinds a turn's block follows (the other kind, consumed_by, only places rows in the margins). */
export const BLOCK_EDGE_KINDS: ReadonlySet<GraphEdge['kind']> = new Set(['contains', 'item', 'emits', 'response', 'events']);

export function prepareGraph(g: Pick<TraceGraph, 'nodes' | 'edges' | 'turns'>, folded: ReadonlySet<string>): Prepared {
  const nodes = new Map(g.nodes.map((n) => [n.id, n]));
  if (folded.size > 0) {
    const gone = new Set(g.nodes.filter((n) => n.kind !== 'turn' && folded.has(`turn:${n.turnId ?? TRACE_LEVEL_TURN}`)).map((n) => n.id));
    // Stubs of rows elsewhere (another page or trace, a missing row) that only joined a folded turn's rows go with them.
    const others = new Map<string, string[]>();
    for (const e of g.edges) {
      (others.get(e.from) ?? others.set(e.from, []).get(e.from)!).push(e.to);
      (others.get(e.to) ?? others.set(e.to, []).get(e.to)!).push(e.from);
    }
    for (const n of g.nodes) {
      const stub = n.kind === 'external_model_call' || n.kind === 'external_tool_call' || n.kind === 'missing';
      const near = others.get(n.id) ?? [];
      if (stub && near.length > 0 && near.every((o) => gone.has(o))) gone.add(n.id);
    }
    for (const id of gone) nodes.delete(id);
  }
  const out = new Map<string, GraphEdge[]>();
  for (const e of g.edges) if (nodes.has(e.from) && nodes.has(e.to)) (out.get(e.from) ?? out.set(e.from, []).get(e.from)!).push(e);
  return { nodes, out, turnOrder: g.turns.map((t) => t.nodeId).filter((id) => nodes.has(id)) };
}

/** A node placed in grid units (column, row) before the margins are counted. */
export interface Cell {
  readonly node: GraphNode;
  readonly x: number;
  readonly y: number;
}

/**
 * The turns laid out so far, in grid units: the placed rows in the order they were placed, each turn's columns, and
 * the running column and row count. `owner` names the turn (its place in the turn order) that placed each row.
 */
export interface TurnBlocks {
  readonly placed: Map<string, Cell>;
  readonly owner: Map<string, number>;
  readonly bandCols: { nodeId: string; start: number; end: number }[];
  col: number;
  maxRow: number;
}

export const noBlocks = (): TurnBlocks => ({ placed: new Map(), owner: new Map(), bandCols: [], col: 0, maxRow: 0 });

const targetsIn =
  (p: Prepared) =>
  (id: string, kind?: GraphEdge['kind']): string[] =>
    (p.out.get(id) ?? []).filter((e) => !kind || e.kind === kind).map((e) => e.to);

/** Lays out the next turn of the order to the right of the ones laid out (blocks.bandCols.length of them). */
export function layTurn(p: Prepared, b: TurnBlocks): void {
  const index = b.bandCols.length;
  const turnId = p.turnOrder[index]!;
  const targets = targetsIn(p);
  const put = (id: string, col: number, row: number): void => {
    const node = p.nodes.get(id);
    if (node && !b.placed.has(id)) {
      b.placed.set(id, { node, x: col, y: row });
      b.owner.set(id, index);
    }
  };
  let col = b.col;
  const start = col;
  let row = 0;
  const mcs = targets(turnId, 'contains').filter((id) => p.nodes.get(id)?.kind === 'model_call');
  for (const mc of mcs) {
    put(mc, col, 0);
    targets(mc, 'item').forEach((it, i) => put(it, col, i + 1));
    let r = 0;
    for (const tc of targets(mc, 'emits')) {
      put(tc, col + 1, r++);
      for (const resp of targets(tc, 'response')) put(resp, col + 1, r++);
    }
    row = Math.max(row, targets(mc, 'item').length + 1, r);
    col += 2;
  }
  // Rows of the turn that hang off no model call of the page (loose calls, missing rows), then its event kinds.
  const loose = targets(turnId, 'contains').filter((id) => p.nodes.get(id)?.kind !== 'model_call');
  if (loose.length || mcs.length === 0) {
    if (mcs.length === 0) col += 1;
    let r = mcs.length ? row : 0;
    const c = col - 1;
    for (const id of loose) {
      put(id, c, r++);
      for (const child of [...targets(id, 'emits'), ...targets(id, 'response'), ...targets(id, 'item')]) {
        put(child, c, r++);
        for (const grand of targets(child, 'response')) put(grand, c, r++);
      }
    }
    row = Math.max(row, r);
  }
  const events = targets(turnId, 'events');
  events.forEach((ev, i) => put(ev, start + (i % Math.max(1, col - start)), row + 1 + Math.floor(i / Math.max(1, col - start))));
  b.maxRow = Math.max(b.maxRow, row + 1 + Math.ceil(events.length / Math.max(1, col - start)));
  b.owner.set(turnId, index);
  b.bandCols.push({ nodeId: turnId, start, end: col });
  b.col = col;
}

/**
 * The margins (rows from elsewhere on the left, one column per hop back; rows going elsewhere on the right) and the
 * pixel positions. `reuse`: the previous layout's positions, whose objects are kept where nothing moved (so what is
 * built from them, the visible-set index, can be kept too).
 */
export function finishLayout(
  g: Pick<TraceGraph, 'turns'>,
  p: Prepared,
  b: TurnBlocks,
  folded: ReadonlySet<string>,
  reuse?: ReadonlyMap<string, Placed>,
): Layout {
  const targets = targetsIn(p);
  const margin = new Map<string, Cell>();
  const isPlaced = (id: string): boolean => b.placed.has(id) || margin.has(id);
  const put = (id: string, col: number, row: number): void => {
    const node = p.nodes.get(id);
    if (node && !isPlaced(id)) margin.set(id, { node, x: col, y: row });
  };
  const depth = new Map<string, number>();
  for (let hop = 1, grew = true; grew && hop < 6; hop++) {
    grew = false;
    for (const n of p.nodes.values()) {
      if (isPlaced(n.id) || depth.has(n.id) || n.kind === 'turn') continue;
      const feeds = targets(n.id).some((t) => (hop === 1 ? isPlaced(t) : depth.get(t) === hop - 1));
      if (feeds) {
        depth.set(n.id, hop);
        grew = true;
      }
    }
  }
  const leftDepth = Math.max(0, ...depth.values());
  const rows = new Map<number, number>();
  for (const [id, d] of depth) {
    const r = rows.get(d) ?? 0;
    put(id, -d, r);
    rows.set(d, r + 1);
  }
  const rightRows = [...p.nodes.values()].filter((n) => !isPlaced(n.id) && n.kind !== 'turn').map((n) => n.id);
  rightRows.forEach((id, i) => put(id, b.col, i));
  const maxRow = Math.max(b.maxRow, ...rows.values(), rightRows.length);
  const colOf = (c: number): number => (c + leftDepth) * (NODE_W + COL_GAP) + 8;
  const px = new Map<string, Placed>();
  const turnIds = new Set(p.turnOrder);
  const pixel = (id: string, c: Cell): void => {
    if (turnIds.has(id)) return;
    const x = colOf(c.x);
    const y = TURN_HEAD_H + c.y * ROW_H;
    const was = reuse?.get(id);
    px.set(id, was && was.node === c.node && was.x === x && was.y === y ? was : { node: c.node, x, y });
  };
  for (const [id, c] of b.placed) pixel(id, c);
  for (const [id, c] of margin) pixel(id, c);
  const place = new Map(g.turns.map((t, i) => [t.nodeId, i]));
  const turns = b.bandCols.map((band, i) => {
    const summary = g.turns[place.get(band.nodeId) ?? -1];
    return {
      nodeId: band.nodeId,
      label: p.nodes.get(band.nodeId)?.label ?? band.nodeId,
      number: (place.get(band.nodeId) ?? i) + 1,
      x: colOf(band.start),
      width: colOf(band.end) - colOf(band.start) - COL_GAP,
      folded: folded.has(band.nodeId),
      modelCalls: summary?.modelCalls ?? 0,
      toolCalls: summary?.toolCalls ?? 0,
    };
  });
  return { placed: px, turns, width: colOf(b.col + (rightRows.length ? 1 : 0)) + 8, height: TURN_HEAD_H + (maxRow + 1) * ROW_H };
}

/**
 * `folded` names turn node ids (`turn:<id>`) whose rows are left out: the turn keeps one column for its band, so a
 * long trace's turns read as a row of headers the reader opens one at a time.
 */
export function layoutGraph(g: Pick<TraceGraph, 'nodes' | 'edges' | 'turns'>, folded: ReadonlySet<string> = new Set()): Layout {
  const p = prepareGraph(g, folded);
  const b = noBlocks();
  while (b.bandCols.length < p.turnOrder.length) layTurn(p, b);
  return finishLayout(g, p, b, folded);
}
