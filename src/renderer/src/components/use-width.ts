/**
 * The width in whole pixels of the element the returned ref is put on, kept up to date as it resizes (0 until it is
 * laid out). The charts ask the server for bins at exactly this width.
 */
import { useEffect, useRef, useState } from 'react';

export function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setW(Math.floor(el.clientWidth)));
    ro.observe(el);
    setW(Math.floor(el.clientWidth));
    return () => ro.disconnect();
  }, []);
  return [ref, w];
}
