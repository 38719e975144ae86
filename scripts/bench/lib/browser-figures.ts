// Turns the browser measurements into the bench's rows, each judged against issue 9's goal.
import type { FrameStats } from './browser-page.js';
import { DEFAULT_SETTLE } from './browser-settle.js';
import type { ProcessMemory } from './browser-serve.js';
import type { FirstViews, ScrollRun } from './browser-session.js';
import type { FigureRow } from './report.js';
import { ms, notMeasured, pass } from './report.js';

export const FRAME_GOAL = 'p95 < 17 ms and no long task > 50 ms';
const MB = (b: number): string => `${(b / 1e6).toFixed(0)} MB`;

export interface ServeMeasured {
  /** Which ledger this serve process had open, in words. */
  readonly ledger: string;
  readonly startMs: number;
  readonly memory: ProcessMemory;
  /** Serve's background host (a child process of its own session: verification, the open's follow-up, the report), peak VmHWM; 0 when none ran. */
  readonly childrenPeakBytes: number;
  readonly phases: readonly { readonly phase: string; readonly peakBytes: number }[];
}

export interface BrowserMeasured {
  readonly overview: (FirstViews & { readonly ledger: string }) | string;
  readonly table: (FirstViews & { readonly ledger: string; readonly rows: number }) | string;
  readonly tableScroll: (ScrollRun & { readonly how: string }) | string;
  readonly graphScroll: (ScrollRun & { readonly how: string }) | string;
  /** Issue 21's rows: the transcript of the 5,000-model-call trace (browser-transcript.ts). */
  readonly transcript: FigureRow[];
  readonly serves: readonly ServeMeasured[];
  /** Why a serve process could not be measured at all. */
  readonly serveFailures: readonly string[];
}

function firstViewRow(figure: string, v: FirstViews | string, extra = ''): FigureRow {
  if (typeof v === 'string') return notMeasured(figure, '< 1 s', v);
  const worst = Math.max(...v.ms);
  const later = v.ms
    .slice(1)
    .map((x) => ms(x))
    .join(', ');
  const p = v.phases;
  const phases = `first load: script bundle received at ${ms(p.scriptMs)}, run by DOMContentLoaded at ${ms(p.domReadyMs)}, API calls ${ms(p.apiFirstMs)}–${ms(p.apiLastMs)}`;
  const settle =
    `each navigated once its new window was idle, after ${v.settleMs.map((x) => ms(x)).join(', ')}` +
    (v.unsettled
      ? `; ${v.unsettled} window${v.unsettled === 1 ? '' : 's'} did NOT go idle within ${DEFAULT_SETTLE.timeoutMs / 1000} s and loaded anyway`
      : '');
  return {
    figure,
    inspector: `first load ${ms(v.ms[0])}${later ? `, then ${later}` : ''}${extra} (${phases}; ${settle})`,
    reference: `empty page, fresh context in an idle window, same Chromium: first frame at ${ms(v.blankMs)} (median)`,
    goal: '< 1 s (every load)',
    verdict: pass(worst < 1000),
  };
}

const frames = (s: FrameStats): string =>
  `p95 ${ms(s.p95Ms)}, worst ${ms(s.worstMs)}, median ${ms(s.medianMs)}, ${s.frames} frames in ${(s.durationMs / 1000).toFixed(1)} s; ` +
  `${s.longTasks} long task${s.longTasks === 1 ? '' : 's'}${s.longTasks ? `, longest ${ms(s.longestTaskMs)}` : ''}`;

export function scrollRow(figure: string, r: (ScrollRun & { how: string }) | string): FigureRow {
  if (typeof r === 'string') return notMeasured(figure, FRAME_GOAL, r);
  const v = r.verification;
  const progress = `${v.runs} verification run${v.runs === 1 ? '' : 's'} back to back from the click on, ${MB(v.bytesDone)} verified; longest stretch of the scroll window without one ${ms(v.longestGapMs)}`;
  const during = v.ranThroughout
    ? `verification running throughout (${progress})`
    : `a verification did NOT run for the whole window (${progress})`;
  return {
    figure: `${figure} (${r.how}; ${r.detail})`,
    inspector: `${frames(r.busy)} — ${during}. Without a verification: ${frames(r.quiet)}`,
    reference: `empty page, same Chromium, verification running: ${frames(r.reference)}`,
    goal: FRAME_GOAL,
    verdict: pass(r.busy.p95Ms < 17 && r.busy.longestTaskMs <= 50),
  };
}

function overviewLater(extra: Record<string, number>): string {
  const chart = extra.chartMs === undefined ? 'the token chart did not appear within 60 s' : `the token chart at ${ms(extra.chartMs)}`;
  const verdict =
    extra.verdictMs === undefined ? 'the integrity verdict did not appear within 60 s' : `the integrity verdict at ${ms(extra.verdictMs)}`;
  return `; then ${chart}, ${verdict}`;
}

export function browserFigureRows(m: BrowserMeasured): FigureRow[] {
  const rows: FigureRow[] = [];
  const ov = m.overview;
  rows.push(
    firstViewRow(
      `Browser: first view of the overview (serve mode, fresh page load until the session identity and the rows per table are painted; ${typeof ov === 'string' ? 'ledger' : ov.ledger})`,
      ov,
      typeof ov !== 'string' ? overviewLater(ov.extra) : '',
    ),
  );
  const tb = m.table;
  rows.push(
    firstViewRow(
      `Browser: first view of a 1,000,000-row table (fresh page load of the Tables view until its first rows are painted; ${typeof tb === 'string' ? 'ledger' : tb.ledger})`,
      tb,
    ),
  );
  rows.push(scrollRow('Browser: scrolling that table while a body verification runs', m.tableScroll));
  rows.push(scrollRow('Browser: scrolling the identity graph of the 5,000-model-call trace while a body verification runs', m.graphScroll));
  rows.push(...m.transcript);

  const heaps = [m.tableScroll, m.graphScroll].flatMap((r) =>
    typeof r === 'string' ? [] : [{ what: r === m.tableScroll ? 'table page' : 'graph page', ...r.heap }],
  );
  if (heaps.length === 0) rows.push(notMeasured('Browser: renderer heap', '< 300 MB', 'no page was measured'));
  else {
    const max = Math.max(...heaps.map((h) => h.usedBytes));
    rows.push({
      figure: 'Browser: renderer JS heap after a GC (CDP Runtime.getHeapUsage), at the end of each scroll run',
      inspector: heaps.map((h) => `${h.what} ${MB(h.usedBytes)} used of ${MB(h.totalBytes)}`).join('; '),
      reference: '—',
      goal: '< 300 MB',
      verdict: pass(max < 300e6),
    });
  }

  const label =
    "Serve-mode server process RSS (stand-in for Electron's main process: the same core behind HTTP instead of IPC; its own child process; verification, an open's follow-up and the integrity report run in serve's background host, a child process shown apart)";
  if (m.serves.length === 0) rows.push(notMeasured(label, '< 300 MB', m.serveFailures.join('; ') || 'serve mode was not started'));
  else {
    const peak = Math.max(...m.serves.map((s) => s.memory.hwmBytes));
    rows.push({
      figure: label,
      inspector:
        m.serves
          .map(
            (s) =>
              `${s.ledger}: peak (VmHWM) ${MB(s.memory.hwmBytes)}, at the end (VmRSS) ${MB(s.memory.rssBytes)}, ready to serve after ${ms(s.startMs)}; ` +
              `peak by phase: ${s.phases.map((p) => `${p.phase} ${MB(p.peakBytes)}`).join(', ')}; its background host (child process): peak ${MB(s.childrenPeakBytes)}`,
          )
          .join('; ') + (m.serveFailures.length ? `; not measured: ${m.serveFailures.join('; ')}` : ''),
      reference: '—',
      goal: '< 300 MB (peak)',
      verdict: pass(peak < 300e6),
    });
  }
  return rows;
}
