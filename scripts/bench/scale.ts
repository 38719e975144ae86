// node --import tsx scripts/bench/scale.ts --dir <1,000,000-event ledger> [--table-dir <ledger with a 1,000,000-row table>]
// The at-scale rows of issue 26, measured in the page (scale-page.ts) against serve mode in headless Chromium: open an
// ordinary trace, open the 5,000-model-call trace and go to its last turn, drag a 1,000,000-row table to its middle,
// open File activity, filter the tool lifecycles to one trace. Each step is an in-app navigation or action (the page
// already loaded, as a reader moves between views), timed from its start in the page to the first frame showing it,
// with the long tasks meanwhile; beside it, an empty page's first frame in the same browser (the frame floor).
// Every view is opened once the open's follow-up and the trace keys are in (the views' steady state).
import type { Browser, Page } from 'playwright-core';
import type { EvidenceSummary } from '../../src/shared/contract.js';
import type { TraceGraph, TraceList } from '../../src/shared/contract/graph.js';
import { ensureRendererBuilt, launchChromium } from '../../test/renderer/harness.js';
import { blankLoadReference } from './lib/browser-page.js';
import type { ServeChild } from './lib/browser-serve.js';
import { startServe } from './lib/browser-serve.js';
import { useBuiltWorkers } from './lib/built-workers.js';
import { resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import type { FigureRow } from './lib/report.js';
import { markdownTable, ms, pass } from './lib/report.js';
import type { StepFigure } from './lib/scale-page.js';
import { LONG_TASK_RECORDER, longTaskText, step } from './lib/scale-page.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | null => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? null) : null;
};
const dir = arg('--dir');
if (!dir) {
  console.error('usage: node --import tsx scripts/bench/scale.ts --dir <ledger> [--table-dir <ledger with a 1,000,000-row table>]');
  process.exit(2);
}
const tableDir = arg('--table-dir');
const GOAL_MS = 300;
const LONG_TASK_GOAL = 50;

async function openPage(browser: Browser, serve: ServeChild, hash: string, ready: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(LONG_TASK_RECORDER);
  const page = await context.newPage();
  await page.goto(`${serve.url}${hash}`);
  await page.waitForSelector(ready, { timeout: 120_000 });
  await page.waitForTimeout(1000);
  return page;
}

/** Waits until serve's follow-up and trace keys are in: the trace list answers from the keys' worker at once then. */
async function settled(serve: ServeChild, ev: string): Promise<number> {
  const t0 = performance.now();
  await serve.api('overview', { evidenceId: ev });
  await serve.api<TraceList>('graph.traces', { evidenceId: ev });
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await serve.api('graph.trace', { evidenceId: ev, traceId: (await serve.api<TraceList>('graph.traces', { evidenceId: ev })).traces[0]!.traceId });
    if (performance.now() - t < 200) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  return performance.now() - t0;
}

const row = (figure: string, f: StepFigure, reference: string, extra = ''): FigureRow => {
  const worst = f.longTasks.length ? Math.max(...f.longTasks) : 0;
  return {
    figure, inspector: `${ms(f.ms)}; ${longTaskText(f.longTasks)}${extra ? `; ${extra}` : ''}`, reference,
    goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`, verdict: pass(f.ms < GOAL_MS && worst <= LONG_TASK_GOAL),
  };
};

const hashOf = (ev: string, rest: string): string => `#/e/${encodeURIComponent(ev)}/${rest}`;
const go = (hash: string): string => `location.hash = ${JSON.stringify(hash)};`;

useBuiltWorkers();
ensureRendererBuilt();
const browser = await launchChromium();
const rows: FigureRow[] = [];
try {
  const blank = await blankLoadReference(browser);
  const reference = `empty page, fresh context, same Chromium: first frame at ${ms(blank)}`;
  const serve = await startServe(resolveSessionDir(dir));
  try {
    const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
    const waited = await settled(serve, ev);
    const traces = (await serve.api<TraceList>('graph.traces', { evidenceId: ev })).traces;
    const big = [...traces].sort((a, b) => b.modelCalls - a.modelCalls)[0]!;
    const ordinary = [...traces].filter((t) => t.modelCalls <= 300).sort((a, b) => Math.abs(a.modelCalls - 67) - Math.abs(b.modelCalls - 67))[0]!;
    const page = await openPage(browser, serve, hashOf(ev, 'graph'), 'table.traces tbody tr');
    const open = await step(page, go(hashOf(ev, `graph/${encodeURIComponent(ordinary.traceId)}`)), [`.graph-view[data-trace-id="${ordinary.traceId}"] svg.graph-svg [data-node-id]`]);
    rows.push(row(`Browser (scale): open an ordinary trace from the trace list (${ordinary.traceId}, ${ordinary.modelCalls} model calls, ${ordinary.turns} turns; in-app navigation after the follow-up and trace keys were in, ${ms(waited)} after serve answered)`, open, reference));
    await step(page, go(hashOf(ev, 'graph')), ['table.traces tbody tr']);
    const first = await step(page, go(hashOf(ev, `graph/${encodeURIComponent(big.traceId)}`)), [`.graph-view[data-trace-id="${big.traceId}"] svg.graph-svg [data-node-id]`]);
    const lastTurn = (await serve.api<TraceGraph>('graph.trace', { evidenceId: ev, traceId: big.traceId })).turns.filter((t) => t.firstModelCallId !== null);
    const last = lastTurn[lastTurn.length - 1]!;
    const jump = await step(page, `const i = document.querySelector('.turn-jump'); i.value = '${lastTurn.length}'; i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));`,
      [`svg.graph-svg [data-node-id="${last.nodeId.replace(/"/g, '\\"')}"]`]);
    rows.push(row(`Browser (scale): open the ${big.modelCalls.toLocaleString('en-US')}-model-call trace (${big.traceId}, ${big.turns} turns), first screen`, first, reference));
    rows.push(row(`Browser (scale): in that trace, go to its last turn (turn ${lastTurn.length}, "go to turn")`, jump, reference));
    const files = await step(page, go(hashOf(ev, 'files')), ['.files-view .fs-chart svg', '.fs-overflow[data-windows]:not([data-windows=""])'], 1500);
    rows.push(row('Browser (scale): open File activity (charts and overflow windows drawn)', files, reference));
    const lanes = await step(page, go(hashOf(ev, `lifecycle?trace=${encodeURIComponent(ordinary.traceId)}`)), ['.lifecycle-view .gr[data-rowkey]', 'svg.swimlanes'], 1000);
    rows.push(row(`Browser (scale): Tool lifecycles filtered to one trace (${ordinary.traceId}, ${ordinary.toolCalls} tool calls)`, lanes, reference));
    await page.context().close();
  } finally {
    await serve.stop();
  }
  if (tableDir) {
    const tserve = await startServe(resolveSessionDir(tableDir));
    try {
      const ev = (await tserve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
      await tserve.api('tables.list', { evidenceId: ev });
      const tables = await tserve.api<{ name: string; rowCount: number }[]>('tables.list', { evidenceId: ev });
      const t = [...tables].sort((a, b) => b.rowCount - a.rowCount)[0]!;
      const page = await openPage(browser, tserve, hashOf(ev, `tables/${t.name}`), '.goto-row');
      const mid = Math.floor(t.rowCount / 2);
      const drag = await step(page, "const s = document.querySelector('.grid-scroll'); s.scrollTop = (s.scrollHeight - s.clientHeight) / 2;",
        [`.gr[data-rowkey="${mid}"]`, `.gr[data-rowkey="${mid + 10}"]`], 1000);
      rows.push(row(`Browser (scale): drag the scrollbar of a ${t.rowCount.toLocaleString('en-US')}-row table (${t.name}) to its middle, until rows ${mid.toLocaleString('en-US')}-${(mid + 10).toLocaleString('en-US')} are drawn`, drag, reference));
      await page.screenshot({ path: 'test-artifacts/screenshots/bench-scale-mid-table.png' });
      await page.context().close();
    } finally {
      await tserve.stop();
    }
  }
} finally {
  await browser.close();
}
console.log(`\n## At-scale browser figures (scripts/bench/scale.ts)\n\nLedger: ${dir}${tableDir ? `; table ledger: ${tableDir}` : ''}.\nMachine: ${machineLine()}.\n\n${markdownTable(rows)}\n`);
