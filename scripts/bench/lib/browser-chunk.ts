// When the transcript view's lazy chunk was fetched, relative to a navigation: tells whether a first navigation in a
// fresh page waited on the chunk's download (lazy-views.ts), or found it already fetched by the idle prefetch.
import type { Page } from 'playwright-core';

export interface ChunkTiming {
  /** The chunk's fetch start relative to the navigation's start, ms (negative: fetched before it). */
  readonly startMs: number;
  /** From the fetch's start to its last byte, ms. */
  readonly fetchMs: number;
}

/** The page's clock now, to be passed to chunkTiming after the navigation. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The resource timing of the first script whose name matches `chunk` (e.g. "TranscriptView-"), or null if none. */
export async function chunkTiming(page: Page, chunk: string, navStart: number): Promise<ChunkTiming | null> {
  const e = await page.evaluate(
    (c) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.name.includes(`/assets/${c}`) && r.name.endsWith('.js'))
        .map((r) => ({ start: r.startTime, end: r.responseEnd }))[0] ?? null,
    chunk,
  );
  return e ? { startMs: e.start - navStart, fetchMs: e.end - e.start } : null;
}

export function describeChunk(t: ChunkTiming | null | undefined): string {
  if (t === undefined) return '';
  if (t === null) return "; the view's chunk: no resource entry";
  const when = t.startMs < 0 ? `${Math.round(-t.startMs)} ms before the navigation` : `${Math.round(t.startMs)} ms after the hash change`;
  return `; the view's chunk was fetched ${when} (${Math.round(t.fetchMs)} ms)`;
}
