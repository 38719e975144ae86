// The at-scale rows of issue 26 (see scripts/bench/scale.ts), as a function both scale.ts and `npm run bench` call.
import type { Browser, Page } from 'playwright-core';
import type { EvidenceSummary } from '../../../src/shared/contract.js';
import type { TraceGraph, TraceList } from '../../../src/shared/contract/graph.js';
import { ensureRendererBuilt, launchChromium } from '../../../test/renderer/harness.js';
import { blankLoadReference } from './browser-page.js';
import type { ServeChild } from './browser-serve.js';
import { startServe } from './browser-serve.js';
import { useBuiltWorkers } from './built-workers.js';
import type { FigureRow } from './report.js';
import { ms, pass } from './report.js';
import type { StepFigure } from './scale-page.js';
import { LONG_TASK_RECORDER, longTaskText, step } from './scale-page.js';
import { timelineRows } from './timeline-rows.js';

const GOAL_MS = 300;
const LONG_TASK_GOAL = 50;

export async function openPage(browser: Browser, serve: ServeChild, hash: string, ready: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(LONG_TASK_RECORDER);
  const page = await context.newPage();
  await page.goto(`${serve.url}${hash}`);
  await page.waitForSelector(ready, { timeout: 120_000 });
  await page.waitForTimeout(1000);
  return page;
}

/** Waits until serve's follow-up and trace keys are in: the trace list answers from the keys' worker at once then. */
export async function settled(serve: ServeChild, ev: string): Promise<number> {
  const t0 = performance.now();
  await serve.api('overview', { evidenceId: ev });
  await serve.api<TraceList>('graph.traces', { evidenceId: ev });
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await serve.api('graph.trace', {
      evidenceId: ev,
      traceId: (await serve.api<TraceList>('graph.traces', { evidenceId: ev })).traces[0]!.traceId,
    });
    if (performance.now() - t < 200) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  return performance.now() - t0;
}

export const row = (figure: string, f: StepFigure, reference: string, extra = ''): FigureRow => {
  const worst = f.longTasks.length ? Math.max(...f.longTasks) : 0;
  return {
    figure,
    inspector: `${ms(f.ms)}; ${longTaskText(f.longTasks)}${extra ? `; ${extra}` : ''}`,
    reference,
    goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`,
    verdict: pass(f.ms < GOAL_MS && worst <= LONG_TASK_GOAL),
  };
};

const hashOf = (ev: string, rest: string): string => `#/e/${encodeURIComponent(ev)}/${rest}`;
const go = (hash: string): string => `location.hash = ${JSON.stringify(hash)};`;

/** Runs every row on `dir` (a session folder) and, when given, the table drag on `tableDir` (a session folder). */
export async function scaleRows(dir: string, tableDir: string | null): Promise<FigureRow[]> {
  useBuiltWorkers();
  ensureRendererBuilt();
  const browser = await launchChromium();
  const rows: FigureRow[] = [];
  try {
    const blank = await blankLoadReference(browser);
    const reference = `empty page, fresh context, same Chromium: first frame at ${ms(blank)}`;
    const serve = await startServe(dir);
    try {
      const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
      const waited = await settled(serve, ev);
      const traces = (await serve.api<TraceList>('graph.traces', { evidenceId: ev })).traces;
      const big = [...traces].sort((a, b) => b.modelCalls - a.modelCalls)[0]!;
      const ordinary = [...traces]
        .filter((t) => t.modelCalls <= 300)
        .sort((a, b) => Math.abs(a.modelCalls - 67) - Math.abs(b.modelCalls - 67))[0]!;
      const page = await openPage(browser, serve, hashOf(ev, 'graph'), 'table.traces tbody tr');
      const open = await step(page, go(hashOf(ev, `graph/${encodeURIComponent(ordinary.traceId)}`)), [
        `.graph-view[data-trace-id="${ordinary.traceId}"] svg.graph-svg [data-node-id]`,
      ]);
      rows.push(
        row(
          `Browser (scale): open an ordinary trace from the trace list (${ordinary.traceId}, ${ordinary.modelCalls} model calls, ${ordinary.turns} turns; in-app navigation after the follow-up and trace keys were in, ${ms(waited)} after serve answered)`,
          open,
          reference,
        ),
      );
      await step(page, go(hashOf(ev, 'graph')), ['table.traces tbody tr']);
      const first = await step(page, go(hashOf(ev, `graph/${encodeURIComponent(big.traceId)}`)), [
        `.graph-view[data-trace-id="${big.traceId}"] svg.graph-svg [data-node-id]`,
      ]);
      const lastTurn = (await serve.api<TraceGraph>('graph.trace', { evidenceId: ev, traceId: big.traceId })).turns.filter(
        (t) => t.firstModelCallId !== null,
      );
      const last = lastTurn[lastTurn.length - 1]!;
      const jump = await step(
        page,
        `const i = document.querySelector('.turn-jump'); i.value = '${lastTurn.length}'; i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));`,
        [`svg.graph-svg [data-node-id="${last.nodeId.replace(/"/g, '\\"')}"]`],
      );
      rows.push(
        row(
          `Browser (scale): open the ${big.modelCalls.toLocaleString('en-US')}-model-call trace (${big.traceId}, ${big.turns} turns), first screen`,
          first,
          reference,
        ),
      );
      rows.push(row(`Browser (scale): in that trace, go to its last turn (turn ${lastTurn.length}, "go to turn")`, jump, reference));
      rows.push(...(await timelineRows(page, ev, ordinary, reference, row)));
      await page.context().close();
    } finally {
      await serve.stop();
    }
    if (tableDir) {
      const tserve = await startServe(tableDir);
      try {
        const ev = (await tserve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
        await tserve.api('tables.list', { evidenceId: ev });
        const tables = await tserve.api<{ name: string; rowCount: number }[]>('tables.list', { evidenceId: ev });
        const t = [...tables].sort((a, b) => b.rowCount - a.rowCount)[0]!;
        const page = await openPage(browser, tserve, hashOf(ev, `tables/${t.name}`), '.goto-row');
        const mid = Math.floor(t.rowCount / 2);
        const drag = await step(
          page,
          "const s = document.querySelector('.grid-scroll'); s.scrollTop = (s.scrollHeight - s.clientHeight) / 2;",
          [`.gr[data-rowkey="${mid}"]`, `.gr[data-rowkey="${mid + 10}"]`],
          1000,
        );
        rows.push(
          row(
            `Browser (scale): drag the scrollbar of a ${t.rowCount.toLocaleString('en-US')}-row table (${t.name}) to its middle, until rows ${mid.toLocaleString('en-US')}-${(mid + 10).toLocaleString('en-US')} are drawn`,
            drag,
            reference,
          ),
        );
        await page.screenshot({ path: 'test-artifacts/screenshots/bench-scale-mid-table.png' });
        await page.context().close();
      } finally {
        await tserve.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
