/**
 * Boxes in graph pixels, and the window of the graph worth drawing for a scroll position: what the scroll
 * box shows plus half a viewport of overscan on every side, snapped outward to a grid so a small scroll that
 * brings nothing new in yields the very same window (and so no re-render).
 */

/** Closed box in SVG pixels: x0 ≤ x ≤ x1, y0 ≤ y ≤ y1. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface ScrollState {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Window steps: the drawn set changes at most once per this many pixels scrolled. */
export const WINDOW_QUANTUM = 256;

export function intersects(a: Box, b: Box): boolean {
  return a.x0 <= b.x1 && a.x1 >= b.x0 && a.y0 <= b.y1 && a.y1 >= b.y0;
}

export function sameBox(a: Box, b: Box): boolean {
  return a.x0 === b.x0 && a.y0 === b.y0 && a.x1 === b.x1 && a.y1 === b.y1;
}

/**
 * Overscan as a share of the viewport, each side. A change of the window repaints the drawn SVG (measured in
 * Chromium: 10-25 ms of paint per change with one viewport of overscan, the longest tasks while scrolling), so
 * what is drawn is kept small: half a viewport each side is 4 screens' worth instead of 9, and still 10+ frames of
 * fast scrolling ahead.
 */
export const OVERSCAN_SHARE = 0.5;

/**
 * [left − overscan, left + width + overscan] × [top − overscan, top + height + overscan], each side snapped
 * outward to a multiple of `quantum`; the overscan is half a viewport in each direction.
 */
export function scrollWindow(s: ScrollState, quantum: number = WINDOW_QUANTUM): Box {
  const down = (v: number): number => Math.floor(v / quantum) * quantum;
  const up = (v: number): number => Math.ceil(v / quantum) * quantum;
  const ox = s.width * OVERSCAN_SHARE;
  const oy = s.height * OVERSCAN_SHARE;
  return {
    x0: down(s.left - ox),
    y0: down(s.top - oy),
    x1: up(s.left + s.width + ox),
    y1: up(s.top + s.height + oy),
  };
}
