/**
 * The grid's columns in pixels, and which of them a horizontal scroll position shows. A wide table (net_events
 * has 29 columns, 4,600 px) shows five or six at a time: rows hold cells only for those (plus one each side), so a
 * new row on a scroll frame is a handful of elements instead of one per column. Widths are fixed numbers, known
 * before any row is laid out, so the header and every row line up without measuring content.
 */
import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ColumnInfo } from '../../../shared/contract.js';
import type { TimeMode } from './format.js';

/** A column's share of a wide table; the grid is at least this many pixels per column wide. */
export const COLUMN_SHARE = 160;
export const COLUMN_MIN = 90;
export const COLUMN_MAX = 260;
/** A timestamp column is as wide as a timestamp: ISO in UTC, or longer in local time with its offset. */
export const STAMP_WIDTH: Readonly<Record<TimeMode, number>> = { utc: 220, local: 260 };
/** Columns drawn beyond each side of the view. */
export const COLUMN_OVERSCAN = 1;

/**
 * Each column's width for a view `viewWidth` pixels wide: timestamps fixed; the others share what is left of
 * max(view, columns × COLUMN_SHARE), each between COLUMN_MIN and COLUMN_MAX (what a CSS grid of
 * minmax(90px, 260px) tracks in a container that wide resolves to).
 */
export function columnWidths(kinds: readonly (ColumnInfo['kind'] | undefined)[], time: TimeMode, viewWidth: number): number[] {
  const stamp = STAMP_WIDTH[time];
  const stamps = kinds.filter((k) => k === 'timestamp').length;
  const others = kinds.length - stamps;
  const total = Math.max(viewWidth, kinds.length * COLUMN_SHARE);
  const share = others === 0 ? 0 : Math.floor(Math.min(COLUMN_MAX, Math.max(COLUMN_MIN, (total - stamps * stamp) / others)));
  return kinds.map((k) => (k === 'timestamp' ? stamp : share));
}

/** offsets[i] is the left edge of column i; offsets[n] the total width. */
export function columnOffsets(widths: readonly number[]): number[] {
  const out = [0];
  for (const w of widths) out.push(out[out.length - 1]! + w);
  return out;
}

/** Half-open range [from, to) of the columns meeting [left, left + width), widened by `overscan` each side. */
export function columnRange(
  offsets: readonly number[],
  left: number,
  width: number,
  overscan = COLUMN_OVERSCAN,
): { from: number; to: number } {
  const n = offsets.length - 1;
  if (n <= 0) return { from: 0, to: 0 };
  let from = 0;
  while (from < n - 1 && offsets[from + 1]! <= left) from++;
  let to = from;
  while (to < n && offsets[to]! < left + width) to++;
  return { from: Math.max(0, from - overscan), to: Math.min(n, Math.max(to, from + 1) + overscan) };
}

export interface ViewBox {
  readonly left: number;
  readonly width: number;
}

/**
 * The scroller's horizontal scroll position and inner width, as state: updated on scroll only when the left edge
 * moved (a vertical scroll changes nothing here) and on resize. Until the first resize callback (after the first
 * layout, so mounting forces none) the window's width stands in for the view's.
 */
export function useViewBox(ref: RefObject<HTMLElement | null>): ViewBox {
  const [box, setBox] = useState<ViewBox>(() => ({ left: 0, width: typeof window === 'undefined' ? 1280 : window.innerWidth }));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = (): void => {
      const left = el.scrollLeft;
      setBox((b) => (b.left === left ? b : { left, width: b.width }));
    };
    // A resize is rare and changes every column's width: drawn in the same frame, not one frame late.
    const resize = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]!.contentRect.width;
      flushSync(() => setBox((b) => (b.width === width ? b : { left: b.left, width })));
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [ref]);
  return box;
}
