/**
 * Where an edge of the laid-out graph runs: its SVG path, and a box that surely holds everything it paints
 * (curve, arrowhead, stroke), so the visible-set index never drops an edge that shows on screen.
 */
import type { Placed, TurnBand } from './layout.js';
import { NODE_H, NODE_W, TURN_HEAD_H } from './layout.js';
import type { Box } from './visible-box.js';

/** Horizontal room for the backward loop's control points (30 px) plus the arrowhead and stroke. */
export const EDGE_PAD_X = 40;
/** The backward loop dips one node height below the lower endpoint's middle; twice that plus the stroke is safe. */
export const EDGE_PAD_BELOW = NODE_H * 2;
export const EDGE_PAD_ABOVE = 8;

export function edgePath(a: Placed | undefined, b: Placed | undefined, band: TurnBand | undefined): string | null {
  if (!b) return null;
  if (!a) {
    // From a turn band header down to its node.
    if (!band) return null;
    const x = b.x + 12;
    return `M ${x} ${TURN_HEAD_H - 10} L ${x} ${b.y}`;
  }
  const ay = a.y + NODE_H / 2;
  const by = b.y + NODE_H / 2;
  if (b.x > a.x + 1) {
    const x1 = a.x + NODE_W;
    const mid = (x1 + b.x) / 2;
    return `M ${x1} ${ay} C ${mid} ${ay}, ${mid} ${by}, ${b.x} ${by}`;
  }
  if (Math.abs(b.x - a.x) <= 1) {
    // Same column (a model call's items, a call's responses): an elbow down the left side.
    const x = a.x + 6;
    return `M ${x} ${a.y + NODE_H} L ${x} ${by} L ${b.x} ${by}`;
  }
  // Backwards (into an earlier column): loop under the nodes.
  const drop = Math.max(ay, by) + NODE_H;
  return `M ${a.x} ${ay} C ${a.x - 30} ${ay}, ${a.x - 30} ${drop}, ${(a.x + b.x + NODE_W) / 2} ${drop} S ${b.x + NODE_W + 30} ${by}, ${b.x + NODE_W} ${by}`;
}

/**
 * The box of an edge's two endpoints (a node's whole box; a band edge starts at the band header), padded on
 * every side by the backward loop's reach. Every edge gets the same generous pad: a few edges drawn early cost
 * nothing, a visible edge dropped would be a lie.
 */
export function edgeBox(a: Placed | undefined, b: Placed): Box {
  const ax0 = a ? a.x : b.x + 12;
  const ay0 = a ? a.y : TURN_HEAD_H - 10;
  const ax1 = a ? a.x + NODE_W : b.x + 12;
  const ay1 = a ? a.y + NODE_H : TURN_HEAD_H - 10;
  return {
    x0: Math.min(ax0, b.x) - EDGE_PAD_X,
    y0: Math.min(ay0, b.y) - EDGE_PAD_ABOVE,
    x1: Math.max(ax1, b.x + NODE_W) + EDGE_PAD_X,
    y1: Math.max(ay1, b.y + NODE_H) + EDGE_PAD_BELOW,
  };
}
