/** The File activity chart's overflow markers, aggregated per run of buckets (see ActivityChart.tsx). */
import type { FsActivity } from '../../../../shared/contract/fs.js';

export interface OverflowRun {
  readonly from: number;
  readonly to: number;
  readonly windows: number;
  /** Changes held back, when the run is one listed window (else unknown here). */
  readonly heldBack: number | null;
}

/**
 * Runs of consecutive buckets with overflow rows, each stretched to the later scan of its last listed window when that
 * lies further on. Buckets are the session's whole span, so every window is in a run, listed or not.
 */
export function overflowRuns(a: FsActivity, bucketOf: (t: number | null) => number | null): OverflowRun[] {
  const runs: { from: number; to: number; windows: number }[] = [];
  a.buckets.forEach((b, i) => {
    const n = b.byAction.overflow ?? 0;
    if (n === 0) return;
    const last = runs[runs.length - 1];
    if (last && last.to >= i - 1) {
      last.to = i;
      last.windows += n;
    } else runs.push({ from: i, to: i, windows: n });
  });
  for (const w of a.windows) {
    const from = bucketOf(w.t);
    const to = bucketOf(w.heldFor?.t ?? null);
    const run = from === null ? undefined : runs.find((r) => r.from <= from && from <= r.to);
    if (run && to !== null && to > run.to) run.to = to;
  }
  return runs.map((r) => ({
    ...r,
    heldBack: r.windows === 1 ? (a.windows.find((w) => bucketOf(w.t) === r.from)?.heldBack ?? null) : null,
  }));
}
