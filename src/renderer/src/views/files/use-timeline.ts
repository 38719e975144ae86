/**
 * The timeline of one range, asked of the server binned for the chart's width. The previous range's bins stay drawn
 * until the new ones arrive (a zoom never flashes an empty chart), and an answer for a range no longer wanted is
 * dropped.
 */
import { useEffect, useRef, useState } from 'react';
import type { FsTimeline } from '../../../../shared/contract/fs.js';
import { client } from '../../api/client.js';
import type { Range } from '../../components/timeline-geometry.js';

export function useTimeline(ev: string, range: Range | null, width: number) {
  const [value, setValue] = useState<FsTimeline | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    if (width <= 0) return;
    const mine = ++seq.current;
    void client
      .call('fs.timeline', { evidenceId: ev, width: Math.round(width), ...(range ? { from: range.from, to: range.to } : {}) })
      .then((r) => {
        if (mine !== seq.current) return;
        if (r.ok) {
          setValue(r.value);
          setError(null);
        } else setError(r.error);
      });
  }, [ev, range?.from, range?.to, Math.round(width)]);
  return { value, error };
}
