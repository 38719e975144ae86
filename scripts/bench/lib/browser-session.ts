// One view's measurements against one serve process: fresh-load first views, and scrolling (without, then
// with a verification started through the UI) beside an empty page's frame pacing at the same moment.
import type { Browser, Page } from 'playwright-core';
import { shot } from '../../../test/renderer/harness.js';
import type { JobWatch } from './browser-jobs.js';
import { keepVerifying, startVerificationInUi } from './browser-jobs.js';
import type { FrameStats, ScrollPlan } from './browser-page.js';
import type { LoadPhases } from './browser-page.js';
import {
  assertNoStray,
  blankLoadReference,
  firstView,
  frameStats,
  heapAfterGc,
  idleReference,
  measureScroll,
  newPage,
  timeUntil,
} from './browser-page.js';
import type { ServeChild } from './browser-serve.js';

export interface FirstViews {
  /** Each fresh load's time to the first frame showing the view; [0] is the first after serve started. */
  readonly ms: number[];
  /** Where the first load's time went. */
  readonly phases: LoadPhases;
  /** Extra timings of the first load (e.g. the integrity verdict on the overview). */
  readonly extra: Record<string, number>;
  /** An empty page's load to first frame, measured after each load (median). */
  readonly blankMs: number;
  /** How long each load waited for its new window to go idle, and how many gave up waiting (browser-settle.ts). */
  readonly settleMs: number[];
  readonly unsettled: number;
}

/** `loads` fresh page loads of `hash`, each in a new context; the first is screenshotted as bench-<name>. */
export async function firstViews(
  browser: Browser,
  serve: ServeChild,
  hash: string,
  ready: readonly string[],
  name: string,
  loads: number,
  after?: (page: Page) => Promise<Record<string, number>>,
): Promise<FirstViews> {
  serve.phase(`first views (${name})`);
  const ms: number[] = [];
  const blanks: number[] = [];
  const settleMs: number[] = [];
  let unsettled = 0;
  let extra: Record<string, number> = {};
  let phases: LoadPhases | null = null;
  for (let i = 0; i < loads; i++) {
    const v = await firstView(browser, serve.origin, `${serve.url}${hash}`, ready);
    ms.push(v.ms);
    settleMs.push(v.settle.waitedMs);
    if (!v.settle.settled) unsettled++;
    if (i === 0) {
      phases = v.phases;
      if (after) extra = await after(v.page);
      await shot(v.page, `bench-${name}`);
    }
    await v.context.close();
    blanks.push(await blankLoadReference(browser));
  }
  blanks.sort((a, b) => a - b);
  return { ms, phases: phases!, extra, blankMs: blanks[Math.floor(blanks.length / 2)]!, settleMs, unsettled };
}

export interface ScrollRun {
  /** Scrolling with nothing else running in serve mode (diagnostic). */
  readonly quiet: FrameStats;
  /** Scrolling while the verification runs: the judged figure. */
  readonly busy: FrameStats;
  /** An empty page's frame pacing in the same browser right after, the verification still running. */
  readonly reference: FrameStats;
  readonly verification: {
    readonly ranThroughout: boolean;
    readonly runs: number;
    readonly longestGapMs: number;
    readonly bytesDone: number;
  };
  readonly heap: { readonly usedBytes: number; readonly totalBytes: number };
  /** What the view showed, e.g. how far the table got. */
  readonly detail: string;
}

export interface ScrollTarget {
  readonly evidenceId: string;
  readonly hash: string;
  readonly ready: readonly string[];
  readonly plan: ScrollPlan;
  readonly name: string;
  /** Run after the view is ready, before measuring (e.g. draw more of the graph). */
  prepare?(page: Page): Promise<void>;
  /** Reads what the view shows after scrolling. */
  describe(page: Page): Promise<string>;
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function scrollDuringVerification(browser: Browser, serve: ServeChild, watch: JobWatch, t: ScrollTarget): Promise<ScrollRun> {
  const bench = await newPage(browser, serve.origin);
  const { page, context } = bench;
  try {
    serve.phase(`${t.name}: opening and scrolling`);
    await page.goto(`${serve.url}${t.hash}`);
    await timeUntil(page, t.ready);
    await t.prepare?.(page);
    await settle(500);
    const quiet = frameStats(await measureScroll(page, t.plan));
    // As a user would: Integrity view, "Verify all bodies", then back to the view while it runs.
    const jobId = await startVerificationInUi(page, t.evidenceId, watch);
    const relay = keepVerifying(
      watch,
      jobId,
      async () => (await serve.api<{ jobId: string }>('jobs.verify.start', { evidenceId: t.evidenceId })).jobId,
    );
    await go(page, t.hash);
    await timeUntil(page, t.ready);
    await t.prepare?.(page);
    await settle(300);
    serve.phase('scrolling during a verification');
    const from = performance.now();
    const busy = frameStats(await measureScroll(page, t.plan));
    const to = performance.now();
    await shot(page, `bench-${t.name}-during-verification`);
    const detail = await t.describe(page);
    const reference = await idleReference(browser, Math.min(3000, t.plan.durationMs));
    const r = relay.stop(from, to);
    // Running throughout the scroll window: progress arrived in it, and no gap between two runs longer than 1 s.
    const ranThroughout = watch.events.some((e) => e.at >= from && e.at <= to) && r.longestGapMs < 1000;
    for (const id of new Set(watch.events.map((e) => e.jobId)))
      if (watch.stateAt(id, performance.now()) === 'running') await serve.api('jobs.cancel', { jobId: id }).catch(() => null);
    serve.phase('after');
    const heap = await heapAfterGc(page);
    assertNoStray(bench);
    return {
      quiet,
      busy,
      reference,
      verification: { ranThroughout, runs: r.runs, longestGapMs: r.longestGapMs, bytesDone: r.bytesDone },
      heap,
      detail,
    };
  } finally {
    await context.close();
  }
}
