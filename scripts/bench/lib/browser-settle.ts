// Waits, before a timed navigation, for the browser's own work of opening a window to end.
//
// A fresh context is a new window, and a new Chromium window starts its own furniture: measured on the 2-core bench
// machine, ~1.6 s of CPU over the first second (a top-chrome WebUI renderer loading the omnibox popup's scripts, and
// the browser process), then nothing. Navigated at once, the page under test shared both cores with it: the
// 1,000,000-row table's first view took 756-1108 ms over six loads; navigated once the window was idle, 522-773 ms.
// A user's window is open before they load the inspector (and the desktop app's window has no such furniture), so
// the first-view figures start from an idle browser. Serve and its background host are not waited for: an open's
// follow-up running beside the page is part of what a user sees, and stays in the figure.
import { commandLine, cpuMs, childPids, processTree } from './proc-tree.js';

export interface SettleOptions {
  /** How often the browser's CPU time is read. */
  readonly sampleMs: number;
  /** The browser is idle once it used at most `budgetMs` of CPU over the last `quietMs`. */
  readonly quietMs: number;
  readonly budgetMs: number;
  /** Give up after this long (the navigation goes ahead; the caller reports that it did not settle). */
  readonly timeoutMs: number;
}

/** An idle headless Chromium uses 0-10 ms per 100 ms; a window still opening, 110-230 ms per 100 ms. */
export const DEFAULT_SETTLE: SettleOptions = { sampleMs: 100, quietMs: 300, budgetMs: 20, timeoutMs: 10_000 };

export interface Settled {
  readonly settled: boolean;
  readonly waitedMs: number;
}

/** Whether the last `quietMs` of CPU deltas (one per sample, newest last) stayed within the budget. */
export function isQuiet(deltasMs: readonly number[], opts: SettleOptions): boolean {
  const n = Math.ceil(opts.quietMs / opts.sampleMs);
  if (deltasMs.length < n) return false;
  return deltasMs.slice(-n).reduce((a, b) => a + b, 0) <= opts.budgetMs;
}

/** CPU time used since the last reading by every process now in the browser's tree (a new one counts whole). */
export function cpuDeltaReader(pids: () => readonly number[], cpu: (pid: number) => number): () => number {
  let last = new Map<number, number>();
  return () => {
    const now = new Map(pids().map((pid) => [pid, cpu(pid)]));
    let used = 0;
    for (const [pid, ms] of now) used += ms - (last.get(pid) ?? 0);
    last = now;
    return Math.max(0, used);
  };
}

/** The browsers this process launched (Playwright drives them over a pipe) and every process below them. */
function launchedBrowserTree(): number[] {
  const browsers = childPids(process.pid).filter((pid) => commandLine(pid).includes('--remote-debugging-pipe'));
  return browsers.flatMap((pid) => processTree(pid));
}

export async function browserIdle(opts: SettleOptions = DEFAULT_SETTLE): Promise<Settled> {
  if (launchedBrowserTree().length === 0) throw new Error('no browser launched by this process to wait for (/proc shows none)');
  const read = cpuDeltaReader(launchedBrowserTree, cpuMs);
  read();
  const deltas: number[] = [];
  const t0 = performance.now();
  while (!isQuiet(deltas, opts)) {
    if (performance.now() - t0 >= opts.timeoutMs) return { settled: false, waitedMs: performance.now() - t0 };
    await new Promise((resolve) => setTimeout(resolve, opts.sampleMs));
    deltas.push(read());
  }
  return { settled: true, waitedMs: performance.now() - t0 };
}
