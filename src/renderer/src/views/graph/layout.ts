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

/**
 * `folded` names turn node ids (`turn:<id>`) whose rows are left out: the turn keeps one column for its band, so a
 * long trace's turns read as a row of headers the reader opens one at a time.
 */
export function layoutGraph(g: Pick<TraceGraph, 'nodes' | 'edges' | 'turns'>, folded: ReadonlySet<string> = new Set()): Layout {
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
  const placed = new Map<string, Placed>();
  const put = (id: string, col: number, row: number): void => {
    const node = nodes.get(id);
    if (node && !placed.has(id)) placed.set(id, { node, x: col, y: row });
  };
  const targets = (id: string, kind?: GraphEdge['kind']): string[] =>
    (out.get(id) ?? []).filter((e) => !kind || e.kind === kind).map((e) => e.to);

  // Margin columns on the left (rows from elsewhere feeding this page) are counted once the page is placed.
  let shift = 0;
  const colOf = (c: number): number => (c + shift) * (NODE_W + COL_GAP) + 8;
  const bandCols: { nodeId: string; start: number; end: number }[] = [];
  let col = 0;
  let maxRow = 0;
  const turnOrder = g.turns.map((t) => t.nodeId).filter((id) => nodes.has(id));
  for (const turnId of turnOrder) {
    const start = col;
    let row = 0;
    const mcs = targets(turnId, 'contains').filter((id) => nodes.get(id)?.kind === 'model_call');
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
    const loose = targets(turnId, 'contains').filter((id) => nodes.get(id)?.kind !== 'model_call');
    if (loose.length || mcs.length === 0) {
      if (mcs.length === 0) col += 1;
      let r = mcs.length ? row : 0;
      const c = mcs.length ? col - 1 : col - 1;
      for (const id of loose) {
        put(id, c, r++);
        for (const child of [...targets(id, 'emits'), ...targets(id, 'response'), ...targets(id, 'item')]) {
          put(child, c, r++);
          for (const grand of targets(child, 'response')) put(grand, c, r++);
        }
      }
      row = Math.max(row, r);
    }
    targets(turnId, 'events').forEach((ev, i) =>
      put(ev, start + (i % Math.max(1, col - start)), row + 1 + Math.floor(i / Math.max(1, col - start))),
    );
    maxRow = Math.max(maxRow, row + 1 + Math.ceil(targets(turnId, 'events').length / Math.max(1, col - start)));
    bandCols.push({ nodeId: turnId, start, end: col });
  }
  // Whatever is left came from elsewhere (left margins, one column per hop back: a stub, then the response it
  // answered) or goes elsewhere (right margin).
  const depth = new Map<string, number>();
  for (let hop = 1, grew = true; grew && hop < 6; hop++) {
    grew = false;
    for (const n of nodes.values()) {
      if (placed.has(n.id) || depth.has(n.id) || n.kind === 'turn') continue;
      const feeds = targets(n.id).some((t) => (hop === 1 ? placed.has(t) : depth.get(t) === hop - 1));
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
  const rightRows = [...nodes.values()].filter((n) => !placed.has(n.id) && n.kind !== 'turn').map((n) => n.id);
  rightRows.forEach((id, i) => put(id, col, i));
  maxRow = Math.max(maxRow, ...rows.values(), rightRows.length);
  shift = leftDepth;
  const px = new Map<string, Placed>();
  for (const [id, p] of placed) px.set(id, { node: p.node, x: colOf(p.x), y: TURN_HEAD_H + p.y * ROW_H });
  for (const t of turnOrder) px.delete(t);
  const place = new Map(g.turns.map((t, i) => [t.nodeId, i]));
  const turns = bandCols.map((b, i) => {
    const summary = g.turns[place.get(b.nodeId) ?? -1];
    return {
      nodeId: b.nodeId,
      label: nodes.get(b.nodeId)?.label ?? b.nodeId,
      number: (place.get(b.nodeId) ?? i) + 1,
      x: colOf(b.start),
      width: colOf(b.end) - colOf(b.start) - COL_GAP,
      folded: folded.has(b.nodeId),
      modelCalls: summary?.modelCalls ?? 0,
      toolCalls: summary?.toolCalls ?? 0,
    };
  });
  return { placed: px, turns, width: colOf(col + (rightRows.length ? 1 : 0)) + 8, height: TURN_HEAD_H + (maxRow + 1) * ROW_H };
}
