/**
 * The window of a scroll box worth drawing (see scrollWindow), kept in React state: measured before the first
 * paint, then at most once per animation frame while scrolling or resizing, and stored only when the snapped
 * window actually changed, so scrolling within one step renders nothing.
 */
import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';
import type { Box } from './visible-box.js';
import { sameBox, scrollWindow } from './visible-box.js';

/** Until the box is measured (it is, before the first paint): the top left corner of a typical screen. */
const UNMEASURED: Box = { x0: 0, y0: 0, x1: 2048, y1: 2048 };

export function useScrollWindow(ref: RefObject<HTMLElement | null>): Box {
  const [win, setWin] = useState<Box>(UNMEASURED);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const measure = (): void => {
      frame = 0;
      const next = scrollWindow({ left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight });
      setWin((prev) => (sameBox(prev, next) ? prev : next));
    };
    const schedule = (): void => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    el.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', schedule);
      resize.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [ref]);
  return win;
}
