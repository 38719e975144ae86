// In-page measurement of one step of a view (issue 26): a hash navigation or an action started inside the page, the
// page time of the first frame that holds every ready selector (requestAnimationFrame, no polling from outside), and
// the long tasks (PerformanceObserver 'longtask', observed from the page's first script) from the step's start until
// the view has rested a moment after it was ready.
import type { Page } from 'playwright-core';

/** Installed before the first script: every long task of the page's life, kept in the page. */
export const LONG_TASK_RECORDER = `(() => {
  globalThis.__name = globalThis.__name || ((f) => f);
  const tasks = (globalThis.__capsemLongTasks = []);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

export interface StepFigure {
  /** Page time from the step's start to the first frame holding every ready selector. */
  readonly ms: number;
  /** Long tasks (ms) between the step's start and `restMs` after it was ready. */
  readonly longTasks: readonly number[];
}

/**
 * Runs `act` (a function body, run in the page) and measures until `ready` (CSS selectors) are all present in one frame.
 * `act` is a string so nothing of tsx's compiled output is carried into the page.
 */
export async function step(page: Page, act: string, ready: readonly string[], restMs = 500, timeoutMs = 120_000): Promise<StepFigure> {
  const r = (await page.evaluate(`new Promise((resolve, reject) => {
    const sels = ${JSON.stringify(ready)};
    const t0 = performance.now();
    const give = setTimeout(() => reject(new Error('not ready after ${timeoutMs} ms: ' + sels.join(', '))), ${timeoutMs});
    const tick = () => {
      if (sels.every((s) => document.querySelector(s) !== null)) {
        clearTimeout(give);
        const at = performance.now();
        return resolve({ t0, at });
      }
      requestAnimationFrame(tick);
    };
    (() => { ${act} })();
    requestAnimationFrame(tick);
  })`)) as { t0: number; at: number };
  await page.waitForTimeout(restMs);
  const tasks = (await page.evaluate('globalThis.__capsemLongTasks || []')) as [number, number][];
  return { ms: r.at - r.t0, longTasks: tasks.filter(([start]) => start >= r.t0 - 1 && start <= r.at + restMs).map(([, d]) => d) };
}

export const longTaskText = (t: readonly number[]): string =>
  t.length === 0 ? 'no long task' : `${t.length} long task${t.length > 1 ? 's' : ''}, longest ${Math.max(...t).toFixed(0)} ms`;
