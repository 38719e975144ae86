// Browser figures (serve mode + Chromium): first view, scroll frame times, long tasks, heap. Serve mode and the
// renderer exist, but the page-side harness (PerformanceObserver probes driven by playwright-core) is not built
// yet, so these rows say so rather than guess.
import type { FigureRow } from './report.js';
import { notMeasured } from './report.js';

export async function browserRows(sessionDir: string): Promise<FigureRow[]> {
  void sessionDir;
  const reason = 'browser harness not built yet (serve mode + renderer exist; needs playwright-core driving PerformanceObserver probes)';
  return [
    notMeasured('Browser: first view of the overview', '< 1 s', reason),
    notMeasured('Browser: first view of a 1M-row table', '< 1 s', reason),
    notMeasured('Browser: scroll the table during a verification (p95 frame, long tasks)', 'p95 < 17 ms, no task > 50 ms', reason),
    notMeasured('Browser: scroll the identity graph of the 5,000-call trace during a verification', 'p95 < 17 ms, no task > 50 ms', reason),
    notMeasured('Browser: renderer heap', '< 300 MB', reason),
  ];
}
