// The fastest of several runs of one probe, with every run's time kept beside it. The native references are the
// fastest of their runs (timed before and after the probes); the judged verification figures are taken the same
// way, so both sides of a ratio are the same statistic. The peak RSS is the highest of the runs (memory is judged
// on the worst run, not the fastest).
import type { ProbeOutcome } from './run-probe.js';

const msOf = (o: ProbeOutcome): number | null => (o.ok && typeof o.result.figures.ms === 'number' ? o.result.figures.ms : null);

export function fastestOf(runs: readonly ProbeOutcome[]): ProbeOutcome {
  const timed = runs.filter((o) => msOf(o) !== null);
  if (timed.length === 0) return runs[0] ?? { ok: false, reason: 'probe not run' };
  const best = timed.reduce((a, b) => (msOf(b)! < msOf(a)! ? b : a));
  if (!best.ok) return best;
  const list = runs.map((o) => (msOf(o) === null ? 'failed' : msOf(o)!.toFixed(0))).join(', ');
  const peakRssBytes = Math.max(...timed.map((o) => (o.ok ? o.result.peakRssBytes : 0)));
  return { ok: true, result: { ...best.result, peakRssBytes, figures: { ...best.result.figures, runs: list } } };
}
