/**
 * Pure arithmetic of a time axis (the File activity timeline, the lifecycle swimlanes, their zoom buttons): zoom
 * about a point, pan, clamping to the session, axis ticks.
 */

/** A window of session time, in ms. */
export interface Range {
  readonly from: number;
  readonly to: number;
}

/** The narrowest range a zoom reaches (a few ms: finer than any recorded time). */
export const MIN_SPAN_MS = 4;

/** `r` kept inside [lo, hi) and at least MIN_SPAN_MS wide; null when that is the whole session. */
export function clampRange(r: Range, lo: number, hi: number): Range | null {
  const span = Math.min(hi - lo, Math.max(MIN_SPAN_MS, r.to - r.from));
  let from = Math.max(lo, Math.min(r.from, hi - span));
  let to = from + span;
  if (to > hi) {
    to = hi;
    from = hi - span;
  }
  return from <= lo && to >= hi ? null : { from, to };
}

/** Zoomed by `factor` (< 1 narrows) about time `at`, which stays under the pointer. */
export function zoomAbout(r: Range, at: number, factor: number): Range {
  return { from: at - (at - r.from) * factor, to: at + (r.to - at) * factor };
}

export function panBy(r: Range, fraction: number): Range {
  const d = (r.to - r.from) * fraction;
  return { from: r.from + d, to: r.to + d };
}

const STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 15e3, 3e4, 6e4, 12e4, 3e5, 6e5, 9e5, 18e5, 36e5, 72e5, 108e5, 216e5, 864e5,
];

/** Tick times (multiples of a round step from the session start) for about `count` ticks over the range. */
export function ticks(r: Range, origin: number, count: number): number[] {
  const want = (r.to - r.from) / Math.max(1, count);
  const step = STEPS.find((s) => s >= want) ?? Math.ceil(want / 864e5) * 864e5;
  const out: number[] = [];
  for (let t = origin + Math.ceil((r.from - origin) / step) * step; t < r.to; t += step) out.push(t);
  return out;
}

/** An offset from the session start, in the unit its size calls for. */
export function offsetLabel(ms: number): string {
  const a = Math.abs(ms);
  if (a < 1000) return `+${Math.round(ms)} ms`;
  if (a < 60_000) return `+${(ms / 1000).toFixed(a < 10_000 ? 2 : 1)} s`;
  if (a < 3_600_000) return `+${(ms / 60_000).toFixed(a < 600_000 ? 2 : 1)} min`;
  return `+${(ms / 3_600_000).toFixed(2)} h`;
}
