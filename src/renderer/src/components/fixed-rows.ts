/**
 * Windowing for rows of one fixed height, by arithmetic: the rows in view follow from scrollTop alone, so the cost
 * of a render is the rows shown, never the row count (a 10 MiB body has a million rows; a fold changes the count).
 * Past MAX_PX of content (browsers cap an element's height) the scrollbar is scaled: scrollTop maps linearly onto
 * the full height and rows are placed relative to the scroll position.
 */
import type { RefObject } from 'react';
import { useCallback, useEffect, useState } from 'react';

export const FIXED_ROW_HEIGHT = 18;
const MAX_PX = 15_000_000;
const OVERSCAN = 20;

export interface FixedItem {
  readonly index: number;
  readonly start: number;
  readonly key: number;
}

export function useFixedRows(
  parent: RefObject<HTMLDivElement | null>,
  count: number,
): { items: FixedItem[]; totalPx: number; onScroll: () => void; scrollToIndex: (i: number) => void } {
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const el = parent.current;
    if (!el) return;
    setHeight(el.clientHeight || 600);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, [parent]);
  const fullPx = count * FIXED_ROW_HEIGHT;
  const totalPx = Math.min(fullPx, MAX_PX);
  // Virtual offset per pixel scrolled: 1 unless the content is taller than the cap.
  const ratio = totalPx < fullPx && totalPx > height ? (fullPx - height) / (totalPx - height) : 1;
  const virtualTop = top * ratio;
  const first = Math.max(0, Math.floor(virtualTop / FIXED_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count - 1, Math.ceil((virtualTop + height) / FIXED_ROW_HEIGHT) + OVERSCAN);
  const items: FixedItem[] = [];
  for (let i = first; i <= last; i++) items.push({ index: i, start: top + (i * FIXED_ROW_HEIGHT - virtualTop), key: i });
  const onScroll = useCallback(() => setTop(parent.current?.scrollTop ?? 0), [parent]);
  const scrollToIndex = useCallback(
    (i: number) => {
      const el = parent.current;
      if (!el) return;
      const want = Math.max(0, (i * FIXED_ROW_HEIGHT - height / 2 + FIXED_ROW_HEIGHT / 2) / ratio);
      el.scrollTop = want;
      setTop(el.scrollTop);
    },
    [parent, height, ratio],
  );
  return { items, totalPx, onScroll, scrollToIndex };
}
