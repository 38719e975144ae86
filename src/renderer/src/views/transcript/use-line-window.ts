/**
 * How many of a transcript's lines the virtualizer lays out: a window from the top that grows ahead of the screen,
 * the rest stood in for by padding at its estimated height. The virtualizer recomputes every laid-out line's offset
 * whenever one drawn line's measured height differs from its estimate, which each newly drawn line does: over all
 * 146,930 lines of the 5,000-call trace that was the scrolling's long frames (CDP profile: getMeasurements and the
 * estimates it asks for, 60-200 ms frames); over a window of a few thousand it is a fraction of a millisecond.
 */
import { useCallback, useState } from 'react';

/** Lines laid out beyond the last one asked for. */
export const WINDOW_AHEAD = 2000;
/** The height a line not yet laid out is counted at (the padding below the window). */
export const UNLAID_LINE_PX = 64;

export interface LineWindow {
  /** Lines laid out (the virtualizer's count). */
  readonly count: number;
  /** Padding below the window standing in for the lines not laid out. */
  readonly paddingEnd: number;
  /**
   * Grows the window when the last line drawn nears its end, or when the screen's bottom (a scrollbar dragged
   * down) lies past the window's end; a no-op otherwise (no state update on a plain scroll frame).
   */
  follow(lastDrawn: number, shownToPx: number, windowEndPx: number): void;
}

/** The window's next end (lines) after a frame that drew up to `lastDrawn` and showed down to `shownToPx`. */
export function grownWindowEnd(end: number, total: number, lastDrawn: number, shownToPx: number, windowEndPx: number): number {
  const count = Math.min(total, end);
  let need = lastDrawn;
  if (shownToPx > windowEndPx) need = Math.max(need, count + Math.ceil((shownToPx - windowEndPx) / UNLAID_LINE_PX));
  if (need + WINDOW_AHEAD / 2 < end || count >= total) return end;
  return Math.min(Math.ceil((need + WINDOW_AHEAD) / WINDOW_AHEAD) * WINDOW_AHEAD, Math.max(end, total));
}

export function useLineWindow(total: number): LineWindow {
  const [end, setEnd] = useState(WINDOW_AHEAD);
  const count = Math.min(total, end);
  const follow = useCallback(
    (lastDrawn: number, shownToPx: number, windowEndPx: number) => {
      const next = grownWindowEnd(end, total, lastDrawn, shownToPx, windowEndPx);
      if (next !== end) setEnd(next);
    },
    [end, total],
  );
  return { count, paddingEnd: (total - count) * UNLAID_LINE_PX, follow };
}
