/**
 * How many of `total` items to draw: `chunk` at first, then `chunk` more each animation frame until all are, so a
 * long list with rich rows never blocks the page in one frame (a new total starts again from the first chunk).
 */
import { useEffect, useState } from 'react';

export function useChunkedCount(total: number, chunk: number): number {
  const [shown, setShown] = useState(Math.min(total, chunk));
  useEffect(() => {
    let n = Math.min(total, chunk);
    setShown(n);
    let frame = 0;
    const grow = (): void => {
      n = Math.min(total, n + chunk);
      setShown(n);
      if (n < total) frame = requestAnimationFrame(grow);
    };
    if (n < total) frame = requestAnimationFrame(grow);
    return () => cancelAnimationFrame(frame);
  }, [total, chunk]);
  return shown;
}
