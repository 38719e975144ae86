// The transcript's browser figures on the 5,000-model-call trace: its first screen after a user's navigation
// (the hash change from the trace list, timed in the page from the change to the first frame showing a screenful
// of lines), beside the same navigation to the trace list; and scrolling it while a verification runs.
import type { Browser, Page } from 'playwright-core';
import { shot } from '../../../test/renderer/harness.js';
import type { ScrollTarget } from './browser-session.js';
import { assertNoStray, newPage, timeUntil } from './browser-page.js';
import type { ChunkTiming } from './browser-chunk.js';
import { chunkTiming, describeChunk, pageNow } from './browser-chunk.js';
import type { ServeChild } from './browser-serve.js';
import type { FigureRow } from './report.js';
import { ms, notMeasured, pass } from './report.js';

/** A screenful: the first lines drawn with their text, no placeholder left. */
const SCREEN = '.transcript-scroll article.tl[data-seq="6"]';
export const TRANSCRIPT_GOAL = '< 300 ms after navigation';

export interface TranscriptNavigations {
  /** Each navigation's time; [0] is the first (the core orders the trace then; later ones reuse that order). */
  readonly ms: number[];
  /** The same navigation to the trace list, timed the same way (median). */
  readonly referenceMs: number;
  readonly lines: number;
  /** How long after the trace list its order was ready (made in the trace keys' worker), when waited for. */
  readonly readyMs?: number;
  /** When the view's lazy chunk was fetched, relative to the first navigation. */
  readonly chunk?: ChunkTiming | null;
}

/** Runs in the page: sets the hash and resolves with the time until a frame holds `ready` and no placeholder. */
function navigateTimed(arg: { hash: string; ready: string }): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const tick = (): void => {
      if (document.querySelector(arg.ready) && !document.querySelector('.tl-pending, .hint')) return resolve(performance.now() - t0);
      requestAnimationFrame(tick);
    };
    window.location.hash = arg.hash;
    requestAnimationFrame(tick);
  });
}

const timed = (page: Page, hash: string, ready: string): Promise<number> => page.evaluate(navigateTimed, { hash, ready });

export async function transcriptNavigations(
  browser: Browser,
  serve: ServeChild,
  ev: string,
  traceId: string,
  times: number,
): Promise<TranscriptNavigations> {
  serve.phase('transcript: first screens');
  const bench = await newPage(browser, serve.origin);
  const { page, context } = bench;
  try {
    const list = `#/e/${ev}/graph`;
    const transcript = `#/e/${ev}/transcript/${encodeURIComponent(traceId)}`;
    await page.goto(`${serve.url}${list}`);
    await timeUntil(page, ['table.traces tbody tr']);
    const out: number[] = [];
    const refs: number[] = [];
    let lines = NaN;
    let chunk: ChunkTiming | null = null;
    for (let i = 0; i < times; i++) {
      const navStart = await pageNow(page);
      out.push(await timed(page, transcript, SCREEN));
      if (i === 0) {
        chunk = await chunkTiming(page, 'TranscriptView-', navStart);
        await shot(page, 'bench-transcript');
        lines = Number(await page.evaluate(() => document.querySelector('.transcript-view')?.getAttribute('data-total') ?? 'NaN'));
      }
      refs.push(await timed(page, list, 'table.traces tbody tr'));
    }
    assertNoStray(bench);
    refs.sort((a, b) => a - b);
    return { ms: out, referenceMs: refs[Math.floor(refs.length / 2)]!, lines, chunk };
  } finally {
    await context.close();
  }
}

export function transcriptTarget(ev: string, traceId: string): ScrollTarget {
  return {
    evidenceId: ev,
    hash: `#/e/${ev}/transcript/${encodeURIComponent(traceId)}`,
    ready: [SCREEN],
    name: 'transcript',
    plan: { selector: '.transcript-scroll', pxPerFrame: 60, axes: 'y', bounce: false, durationMs: 5000 },
    describe: (page) =>
      page.evaluate(() => {
        const seqs = Array.from(document.querySelectorAll('.transcript-scroll article.tl')).map((e) => Number(e.getAttribute('data-seq')));
        const total = document.querySelector('.transcript-view')?.getAttribute('data-total') ?? '?';
        return `reached line ${seqs.length ? Math.max(...seqs).toLocaleString('en-US') : '?'} of ${Number(total).toLocaleString('en-US')}, ${document.querySelectorAll('.transcript-scroll .tl-slot').length} lines in the DOM`;
      }),
  };
}

/** The navigations after the first, when there were any (`--loads 1` makes one). */
function thenLabel(times: readonly number[]): string {
  return times.length > 1
    ? `, then ${times
        .slice(1)
        .map((x) => ms(x))
        .join(', ')}`
    : '';
}

export function transcriptFirstRow(n: TranscriptNavigations | string, traceId: string | null): FigureRow {
  const figure = `Browser: the transcript's first screen of the 5,000-model-call trace (${traceId ?? 'no such trace'}; in-app navigation from the trace list, timed in the page from the hash change to the first frame showing its first lines with their text)`;
  if (typeof n === 'string') return notMeasured(figure, TRANSCRIPT_GOAL, n);
  return {
    figure: `${figure}; ${n.lines.toLocaleString('en-US')} lines`,
    inspector: `first navigation ${ms(n.ms[0])}${thenLabel(n.ms)}${n.readyMs === undefined ? ' (the core orders the whole trace once, then pages it)' : ` (after its order was made in the trace keys' worker, ${ms(n.readyMs)} after the trace list answered)`}${describeChunk(n.chunk)}`,
    reference: `the same navigation to the trace list, same page: ${ms(n.referenceMs)} (median)`,
    goal: TRANSCRIPT_GOAL,
    verdict: pass(Math.max(...n.ms) < 300),
  };
}

export interface SessionNavigations {
  readonly ms: number[];
  readonly referenceMs: number;
  /** Whether the first navigation's page came before the session was counted (the head), and the final total. */
  readonly firstCounting: boolean;
  readonly lines: number;
  /** How long the count took after the first page (transcript.page with untilCounted). */
  readonly countedMs: number;
  /** When the view's lazy chunk was fetched, relative to the first navigation. */
  readonly chunk?: ChunkTiming | null;
}

/**
 * The whole session's first page after an in-app navigation from the trace list, `times` times; the first meets the
 * session uncounted (its page comes from its first traces, the count behind it), later ones the counted index.
 */
export async function sessionNavigations(browser: Browser, serve: ServeChild, ev: string, times: number): Promise<SessionNavigations> {
  serve.phase('transcript: whole session');
  const bench = await newPage(browser, serve.origin);
  const { page, context } = bench;
  try {
    const list = `#/e/${ev}/graph`;
    const session = `#/e/${ev}/transcript`;
    await page.goto(`${serve.url}${list}`);
    await timeUntil(page, ['table.traces tbody tr']);
    const out: number[] = [];
    const refs: number[] = [];
    let firstCounting = false;
    let countedMs = NaN;
    let lines = NaN;
    let chunk: ChunkTiming | null = null;
    for (let i = 0; i < times; i++) {
      const navStart = await pageNow(page);
      out.push(await timed(page, session, SCREEN));
      if (i === 0) {
        chunk = await chunkTiming(page, 'TranscriptView-', navStart);
        firstCounting = (await page.locator('[data-counting="true"]').count()) > 0;
        const t0 = performance.now();
        await serve.api('transcript.page', { evidenceId: ev, limit: 1, untilCounted: true });
        countedMs = performance.now() - t0;
        await page.waitForFunction(() => !document.querySelector('[data-counting="true"]'), null, { polling: 'raf', timeout: 120_000 });
        await shot(page, 'bench-transcript-session');
        lines = Number(await page.evaluate(() => document.querySelector('.transcript-view')?.getAttribute('data-total') ?? 'NaN'));
      }
      refs.push(await timed(page, list, 'table.traces tbody tr'));
    }
    assertNoStray(bench);
    refs.sort((a, b) => a - b);
    return { ms: out, referenceMs: refs[Math.floor(refs.length / 2)]!, firstCounting, lines, countedMs, chunk };
  } finally {
    await context.close();
  }
}

export function sessionFirstRow(n: SessionNavigations | string): FigureRow {
  const figure =
    "Browser: the whole-session transcript's first page (in-app navigation from the trace list once the trace keys and the trace list were in, timed in the page from the hash change to the first frame showing its first lines with their text)";
  if (typeof n === 'string') return notMeasured(figure, TRANSCRIPT_GOAL, n);
  return {
    figure: `${figure}; ${Number.isNaN(n.lines) ? '?' : n.lines.toLocaleString('en-US')} lines`,
    inspector: `first navigation ${ms(n.ms[0])}${n.firstCounting ? ' (before the session was counted: from its first traces)' : ''}${thenLabel(n.ms)}; the count behind the first page took ${ms(n.countedMs)}${describeChunk(n.chunk)}`,
    reference: `the same navigation to the trace list, same page: ${ms(n.referenceMs)} (median)`,
    goal: TRANSCRIPT_GOAL,
    verdict: pass(Math.max(...n.ms) < 300),
  };
}
