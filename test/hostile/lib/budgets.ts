/** Shared limits of the hostile suite (issue 10; reliability-anchors FUZ-1/FUZ-2). */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** fast-check runs per property: HOSTILE_RUNS, default 1000 (the CI figure). */
export const PROPERTY_RUNS = Math.max(1, Number(process.env.HOSTILE_RUNS ?? 1000));
/** No single open + read of every body may take longer (inputs are a few KiB, so this is a hang, not slowness). */
export const MAX_INPUT_MS = 1000;
/** RSS growth allowed over a whole property file. */
export const MAX_RSS_GROWTH_BYTES = 256 * 1024 * 1024;

export interface Outlier {
  readonly label: string;
  readonly ms: number;
  readonly detail: string;
}

/** Collects inputs over the time budget, to fail the run once with all of them listed. */
export class SlowInputs {
  readonly items: Outlier[] = [];
  slowest: Outlier | null = null;
  note(label: string, ms: number, detail: () => string): void {
    if (!this.slowest || ms > this.slowest.ms) this.slowest = { label, ms, detail: '' };
    if (ms > MAX_INPUT_MS) this.items.push({ label, ms: Math.round(ms), detail: detail() });
  }
}

/**
 * A full garbage collection, when the runtime lets us have one: V8 grows its heap lazily, so RSS read without
 * a collection measures the collector's mood rather than what the reader keeps alive.
 */
export const collectGarbage: () => void = (() => {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') return () => (gc as () => void)();
  } catch {
    // not available: measure without it
  }
  return () => undefined;
})();

/** Tracks peak RSS over a run, sampling every call and collecting garbage every `every` calls. */
export class RssWatch {
  private readonly base: number;
  private peak: number;
  private calls = 0;
  constructor(private readonly every = 100) {
    collectGarbage();
    this.base = process.memoryUsage.rss();
    this.peak = this.base;
  }
  sample(): void {
    if (++this.calls % this.every === 0) collectGarbage();
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }
  /** Peak RSS above the starting point, in bytes. */
  growth(): number {
    return this.peak - this.base;
  }
}
