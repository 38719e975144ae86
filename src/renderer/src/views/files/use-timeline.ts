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
  // The request depends on the range's ends and the whole pixels, not on the objects that carry them.
  const from = range?.from;
  const to = range?.to;
  const pixels = Math.round(width);
  const shown = width > 0;
  useEffect(() => {
    if (!shown) return;
    const mine = ++seq.current;
    void client
      .call('fs.timeline', { evidenceId: ev, width: pixels, ...(from !== undefined && to !== undefined ? { from, to } : {}) })
      .then((r) => {
        if (mine !== seq.current) return;
        if (r.ok) {
          setValue(r.value);
          setError(null);
        } else setError(r.error);
      });
  }, [ev, from, to, pixels, shown]);
  return { value, error };
}
