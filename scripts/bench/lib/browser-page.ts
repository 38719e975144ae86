// What is measured inside the page: the first view after a fresh load, frame times while a scroller moves
// (requestAnimationFrame deltas, PerformanceObserver 'longtask'), and the renderer's JS heap after a GC (CDP).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Settled } from './browser-settle.js';
import { browserIdle } from './browser-settle.js';

export interface FirstView {
  /** From navigation start (the page's time origin) to the first frame holding every ready selector. */
  readonly ms: number;
  /** Where the time went, from the page's own timing entries (ms after navigation start). */
  readonly phases: LoadPhases;
  /** The wait, before navigating, for the new window's own start-up work to end (browser-settle.ts). */
  readonly settle: Settled;
  readonly page: Page;
  readonly context: BrowserContext;
}

/** A fresh context (empty cache, no cookie). tsx compiles named functions with esbuild's keepNames, which wraps
 * them in `__name(...)`; functions handed to page.evaluate carry that call into the page, so the page gets a no-op. */
async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  return context;
}

export interface BenchPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Requests the page made to anything but our own server (the browser cannot resolve other hosts; see
   * launchChromium), recorded rather than intercepted: interception paused every request for a round trip
   * through Playwright, about 100 ms of a first view's time that no user's browser pays. */
  readonly stray: string[];
}

export async function newPage(browser: Browser, origin: string): Promise<BenchPage> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  const stray: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin)) stray.push(r.url());
  });
  return { page, context, stray };
}

/** Nothing but our own server: a request elsewhere would be a leak, and fails the figure. */
export function assertNoStray(p: BenchPage): void {
  if (p.stray.length) throw new Error(`the page requested ${p.stray.length} URL(s) outside serve: ${p.stray.slice(0, 3).join(', ')}`);
}

/**
 * Runs in the page from its first script on (an init script): checks every frame for the ready selectors and
 * reports the frame's time by a console message. Polling from outside (page.waitForFunction) first compiles
 * Playwright's injected script in the page, 60-70 ms of its main thread, and then runs it each frame: 250-300 ms
 * added to a first view of the table on the 2-core bench machine, a cost of the harness, not of the page.
 */
const READY_MESSAGE = 'capsem-bench-ready ';
function readyWatcher(ready: readonly string[]): string {
  return `(() => {
    const sels = ${JSON.stringify(ready)};
    const tick = () => {
      if (sels.every((s) => document.querySelector(s) !== null)) return console.debug(${JSON.stringify(READY_MESSAGE)} + performance.now());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

/**
 * Installs the watcher before navigation; the returned function waits (at most timeoutMs from its call) for the page
 * time of the first frame holding every ready selector. The timer starts only when waited on, so a navigation
 * that fails first leaves no timer behind to reject with nobody listening.
 */
async function watchReady(page: Page, ready: readonly string[], timeoutMs: number): Promise<() => Promise<number>> {
  await page.addInitScript(readyWatcher(ready));
  const got = new Promise<number>((resolve) => {
    page.on('console', (m) => {
      const text = m.text();
      if (text.startsWith(READY_MESSAGE)) resolve(Number(text.slice(READY_MESSAGE.length)));
    });
  });
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms: ${ready.join(', ')}`)), timeoutMs);
    });
    try {
      return await Promise.race([got, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A fresh context (empty cache, no cookie) in a window that has finished opening, the URL loaded, timed until
 * every selector is in a frame. */
export async function firstView(
  browser: Browser,
  origin: string,
  url: string,
  ready: readonly string[],
  timeoutMs = 120_000,
): Promise<FirstView> {
  const p = await newPage(browser, origin);
  const readyAt = await watchReady(p.page, ready, timeoutMs);
  const settle = await browserIdle();
  await p.page.goto(url, { waitUntil: 'commit' });
  const ms = await readyAt();
  assertNoStray(p);
  return { ms, phases: await loadPhases(p.page), settle, page: p.page, context: p.context };
}

export interface LoadPhases {
  /** The script bundle fully received. */
  readonly scriptMs: number | null;
  /** DOMContentLoaded ended: the (module) script has run. */
  readonly domReadyMs: number | null;
  /** First API request sent, last API response received. */
  readonly apiFirstMs: number | null;
  readonly apiLastMs: number | null;
}

export function loadPhases(page: Page): Promise<LoadPhases> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const js = res.filter((r) => /\/assets\/.*\.js$/.test(r.name));
    const api = res.filter((r) => r.name.includes('/api/'));
    return {
      scriptMs: js.length ? Math.max(...js.map((r) => r.responseEnd)) : null,
      domReadyMs: nav ? nav.domContentLoadedEventEnd : null,
      apiFirstMs: api.length ? Math.min(...api.map((r) => r.startTime)) : null,
      apiLastMs: api.length ? Math.max(...api.map((r) => r.responseEnd)) : null,
    };
  });
}

/** An empty page loaded in a fresh context, timed the same way: navigation start to its first frame (what any
 * page load costs now). */
export async function blankLoadReference(browser: Browser): Promise<number> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    const readyAt = await watchReady(page, ['p'], 60_000);
    await browserIdle();
    await page.goto('data:text/html,<!doctype html><title>reference</title><p>empty page</p>', { waitUntil: 'commit' });
    return await readyAt();
  } finally {
    await context.close();
  }
}

/** Milliseconds from now until every selector is present (polled per frame). */
export async function timeUntil(page: Page, ready: readonly string[], timeoutMs = 120_000): Promise<number> {
  const t0 = await page.evaluate(() => performance.now());
  const handle = await page.waitForFunction(
    (sels) => (sels.every((s) => document.querySelector(s) !== null) ? performance.now() : false),
    ready,
    { polling: 'raf', timeout: timeoutMs },
  );
  return ((await handle.jsonValue()) as number) - t0;
}

export interface ScrollPlan {
  /** The scrolling element; null scrolls nothing (an idle page's frame pacing). */
  readonly selector: string | null;
  readonly pxPerFrame: number;
  readonly axes: 'y' | 'xy';
  /** Turn round at the ends (a graph); off, the scroller keeps pushing down (a table waiting for its next page). */
  readonly bounce: boolean;
  readonly durationMs: number;
}

export interface FrameSample {
  readonly deltas: number[];
  readonly longTasks: number[];
  readonly scrolledPx: number;
  readonly durationMs: number;
}

/** Runs in the page: moves the scroller once per frame and records every frame delta and long task. */
function scrollInPage(plan: ScrollPlan): Promise<FrameSample> {
  const el = plan.selector ? document.querySelector<HTMLElement>(plan.selector) : null;
  if (plan.selector && !el) throw new Error(`no ${plan.selector} to scroll`);
  const longTasks: number[] = [];
  const po = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  po.observe({ type: 'longtask' });
  const deltas: number[] = [];
  let dx = plan.axes === 'xy' ? plan.pxPerFrame : 0;
  let dy = plan.pxPerFrame;
  let scrolled = 0;
  return new Promise((resolve) => {
    let last: number | null = null;
    let start = 0;
    const step = (t: number): void => {
      if (last === null) start = t;
      else deltas.push(t - last);
      last = t;
      if (el) {
        const [x0, y0] = [el.scrollLeft, el.scrollTop];
        if (plan.bounce) {
          if (dx > 0 ? x0 + el.clientWidth >= el.scrollWidth - 1 : x0 <= 0) dx = -dx;
          if (dy > 0 ? y0 + el.clientHeight >= el.scrollHeight - 1 : y0 <= 0) dy = -dy;
        }
        el.scrollBy(dx, dy);
        scrolled += Math.abs(el.scrollLeft - x0) + Math.abs(el.scrollTop - y0);
      }
      if (t - start < plan.durationMs) return void requestAnimationFrame(step);
      // Entries of tasks that ended before this frame are queued already; take them with the rest.
      for (const e of po.takeRecords()) longTasks.push(e.duration);
      po.disconnect();
      resolve({ deltas, longTasks, scrolledPx: scrolled, durationMs: t - start });
    };
    requestAnimationFrame(step);
  });
}

export function measureScroll(page: Page, plan: ScrollPlan): Promise<FrameSample> {
  return page.evaluate(scrollInPage, plan);
}

export interface FrameStats {
  readonly frames: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly worstMs: number;
  readonly longTasks: number;
  readonly longestTaskMs: number;
  readonly scrolledPx: number;
  readonly durationMs: number;
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export function frameStats(s: FrameSample): FrameStats {
  const sorted = [...s.deltas].sort((a, b) => a - b);
  return {
    frames: sorted.length,
    medianMs: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    worstMs: sorted[sorted.length - 1] ?? NaN,
    longTasks: s.longTasks.length,
    longestTaskMs: s.longTasks.length ? Math.max(...s.longTasks) : 0,
    scrolledPx: s.scrolledPx,
    durationMs: s.durationMs,
  };
}

/** The renderer's JS heap after a full GC (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage). */
export async function heapAfterGc(page: Page): Promise<{ usedBytes: number; totalBytes: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const h = await cdp.send('Runtime.getHeapUsage');
    return { usedBytes: h.usedSize, totalBytes: h.totalSize };
  } finally {
    await cdp.detach();
  }
}

/** Frame pacing of an empty page in the same browser at the same moment: what the machine allows any page. */
export async function idleReference(browser: Browser, durationMs: number): Promise<FrameStats> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>reference</title><p>empty page</p>');
    await page.evaluate('globalThis.__name = globalThis.__name || ((f) => f);');
    return frameStats(await measureScroll(page, { selector: null, pxPerFrame: 0, axes: 'y', bounce: false, durationMs }));
  } finally {
    await context.close();
  }
}
