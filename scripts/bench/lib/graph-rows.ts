// The identity graph rows of issue 26 at scale (scripts/bench/graph-scale.ts), measured in the page as scale-rows.ts
// measures its rows (scale-page.ts: an in-app step from its start to the first frame showing it, long tasks from a
// PerformanceObserver): open an ordinary trace, open the 5,000-model-call trace (first screen), draw its next 100
// model calls ten times, jump to its last turn from the overview strip, fold every turn, and find the trace's last
// match. Beside each, the same run's navigation to the trace list, measured the same way. The views are opened in their steady state: after the trace keys and
// the worker's memos for large traces are in (serve answers the big trace's first page fast).
import type { Page } from 'playwright-core';
import type { EvidenceSummary } from '../../../src/shared/contract.js';
import type { TraceFind, TraceGraph, TraceList } from '../../../src/shared/contract/graph.js';
import { ensureRendererBuilt, launchChromium } from '../../../test/renderer/harness.js';
import type { ServeChild } from './browser-serve.js';
import { startServe } from './browser-serve.js';
import { useBuiltWorkers } from './built-workers.js';
import type { FigureRow } from './report.js';
import { ms, pass } from './report.js';
import type { StepFigure } from './scale-page.js';
import { LONG_TASK_RECORDER, longTaskText, step } from './scale-page.js';

const GOAL_MS = 300;
const LONG_TASK_GOAL = 50;
const MORE_CLICKS = 10;

/** Until a trace's first page answers in under 200 ms twice running (keys and memos in), or 3 minutes. */
async function settle(serve: ServeChild, ev: string, traceId: string): Promise<number> {
  const t0 = performance.now();
  for (let fast = 0; fast < 2 && performance.now() - t0 < 180_000; ) {
    const t = performance.now();
    await serve.api<TraceGraph>('graph.trace', { evidenceId: ev, traceId });
    fast = performance.now() - t < 200 ? fast + 1 : 0;
    if (fast < 2) await new Promise((r) => setTimeout(r, 1000));
  }
  return performance.now() - t0;
}

const worst = (f: StepFigure): number => (f.longTasks.length ? Math.max(...f.longTasks) : 0);

const hashOf = (ev: string, rest: string): string => `#/e/${encodeURIComponent(ev)}/${rest}`;
const go = (hash: string): string => `location.hash = ${JSON.stringify(hash)};`;
const node = (id: string): string => `svg.graph-svg [data-node-id="${id.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;

export async function graphRows(dir: string, shots: string | null): Promise<FigureRow[]> {
  useBuiltWorkers();
  ensureRendererBuilt();
  const browser = await launchChromium();
  const rows: FigureRow[] = [];
  try {
    const serve = await startServe(dir);
    try {
      const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
      const traces = (await serve.api<TraceList>('graph.traces', { evidenceId: ev })).traces;
      const big = [...traces].sort((a, b) => b.modelCalls - a.modelCalls)[0]!;
      const ordinary = [...traces]
        .filter((t) => t.modelCalls <= 300)
        .sort((a, b) => Math.abs(a.modelCalls - 67) - Math.abs(b.modelCalls - 67))[0]!;
      const waited = (await settle(serve, ev, ordinary.traceId)) + (await settle(serve, ev, big.traceId));
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(LONG_TASK_RECORDER);
      const page: Page = await context.newPage();
      await page.goto(`${serve.url}${hashOf(ev, 'graph')}`);
      await page.waitForSelector('table.traces tbody tr', { timeout: 120_000 });
      await page.waitForTimeout(1000);
      const listStep = (): Promise<StepFigure> => step(page, go(hashOf(ev, 'graph')), ['table.traces tbody tr']);
      const row = (figure: string, f: StepFigure, ref: StepFigure): FigureRow => ({
        figure,
        inspector: `${ms(f.ms)}; ${longTaskText(f.longTasks)}`,
        reference: `navigation to the trace list, same page: ${ms(ref.ms)}; ${longTaskText(ref.longTasks)}`,
        goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`,
        verdict: pass(f.ms < GOAL_MS && worst(f) <= LONG_TASK_GOAL),
      });
      const ready = (traceId: string): string => `.graph-view[data-trace-id="${traceId}"] svg.graph-svg [data-node-id]`;

      const open = await step(page, go(hashOf(ev, `graph/${encodeURIComponent(ordinary.traceId)}`)), [ready(ordinary.traceId)]);
      const ref1 = await listStep();
      rows.push(
        row(
          `Browser (graph): open an ordinary trace (${ordinary.traceId}, ${ordinary.modelCalls} model calls, ${ordinary.turns} turns), painted; ${ms(waited)} of settling first`,
          open,
          ref1,
        ),
      );
      const first = await step(page, go(hashOf(ev, `graph/${encodeURIComponent(big.traceId)}`)), [ready(big.traceId), '.ov-strip']);
      if (shots) await page.screenshot({ path: `${shots}/bench-big-trace-start.png` });
      // "Draw the next 100 model calls" ten times over: each load lays out what it adds (layout-incremental.ts), so
      // the tenth costs what the first does; the row gives the tenth and the longest task of all ten.
      const loaded0 = Number(await page.getAttribute('.graph-view', 'data-loaded-model-calls'));
      const draws: StepFigure[] = [];
      for (let i = 1; i <= MORE_CLICKS; i++) {
        draws.push(
          await step(
            page,
            `[...document.querySelectorAll('.graph-view button')].find((b) => b.textContent.startsWith('Draw the next')).click();`,
            [`.graph-view[data-loaded-model-calls="${Math.min(loaded0 + i * 100, big.modelCalls)}"][data-loading="false"]`],
          ),
        );
      }
      if (shots) await page.screenshot({ path: `${shots}/bench-big-trace-drawn-more.png` });
      const g = await serve.api<TraceGraph>('graph.trace', { evidenceId: ev, traceId: big.traceId });
      const turns = g.turns;
      const last = turns.findLast((t) => t.firstModelCallId !== null)!;
      const reachable = turns.filter((t) => t.firstModelCallId !== null).length;
      const goto = await step(
        page,
        `const i = document.querySelector('.turn-jump'); i.value = '${reachable}'; i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));`,
        [node(`mc:${last.firstModelCallId}`)],
      );
      if (shots) await page.screenshot({ path: `${shots}/bench-big-trace-goto-last-turn.png` });
      // Drawn afresh from its first page (through the trace list) for the strip's jump.
      await listStep();
      await step(page, go(hashOf(ev, `graph/${encodeURIComponent(big.traceId)}`)), [ready(big.traceId), '.ov-strip']);
      // A click at the strip's last whole pixel (a 5,000-turn strip holds several turns a pixel): the turn the strip
      // maps that pixel to, as TraceOverview does, is the one that must be drawn.
      const strip = (await page.evaluate(
        "(() => { const r = document.querySelector('.ov-strip').getBoundingClientRect(); return { left: r.left, width: r.width, top: r.top }; })()",
      )) as { left: number; width: number; top: number };
      const x = Math.floor(strip.left + strip.width - 1);
      const li = Math.min(Math.floor(((x - strip.left) / strip.width) * turns.length), turns.length - 1);
      const landing = turns.slice(li).find((t) => t.firstModelCallId !== null) ?? last;
      const jump = await step(
        page,
        `document.querySelector('.ov-strip').dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: ${x}, clientY: ${Math.floor(strip.top + 4)} }));`,
        [node(`mc:${landing.firstModelCallId}`)],
      );
      if (shots) await page.screenshot({ path: `${shots}/bench-big-trace-last-turn.png` });
      const fold = await step(
        page,
        `[...document.querySelectorAll('.graph-view button')].find((b) => b.textContent === 'Fold all turns').click();`,
        ['svg.graph-svg .turn-folded'],
      );
      const ref2 = await listStep();
      rows.push(
        row(
          `Browser (graph): open the ${big.modelCalls.toLocaleString('en-US')}-model-call trace (${big.traceId}, ${turns.length} turns), first screen with the overview strip`,
          first,
          ref2,
        ),
      );
      rows.push(
        row(
          `Browser (graph): in that trace, click the overview strip at its right end (turn ${li + 1} of ${turns.length}) until that turn's first model call is drawn`,
          jump,
          ref2,
        ),
      );
      rows.push(
        row(
          `Browser (graph): in that trace, go to its last turn (turn ${reachable}, "go to turn") until its first model call is drawn`,
          goto,
          ref2,
        ),
      );
      rows.push(row('Browser (graph): in that trace, fold every turn', fold, ref2));
      const tenth = draws[draws.length - 1]!;
      const worstDraw = Math.max(0, ...draws.map(worst));
      rows.push({
        ...row(
          `Browser (graph): in that trace, "draw the next 100 model calls" ${MORE_CLICKS} times from its first page; the ${MORE_CLICKS}th (${(loaded0 + (MORE_CLICKS - 1) * 100).toLocaleString('en-US')} calls drawn before it), and the longest task of all ${MORE_CLICKS}`,
          tenth,
          ref2,
        ),
        inspector: `${ms(tenth.ms)}; ${longTaskText(tenth.longTasks)}; longest task of all ${MORE_CLICKS}: ${worstDraw.toFixed(0)} ms`,
        verdict: pass(tenth.ms < GOAL_MS && worstDraw <= LONG_TASK_GOAL),
      });

      // Find: a tool name of the last turn, then Shift+Enter from the first match to the last (in the last turns).
      await step(page, go(hashOf(ev, `graph/${encodeURIComponent(big.traceId)}`)), [ready(big.traceId)]);
      const tool = (
        await serve.api<TraceGraph>('graph.trace', { evidenceId: ev, traceId: big.traceId, after: last.firstModelCallId! - 1, limit: 1 })
      ).nodes.find((n) => n.kind === 'tool_call');
      // The node's label is "name (origin)": find the tool name itself.
      const text = tool ? tool.label.replace(/ \([^)]*\)$/, '') : '';
      const found = tool ? await serve.api<TraceFind>('graph.find', { evidenceId: ev, traceId: big.traceId, text }) : null;
      const lastMatch = found?.matches[found.matches.length - 1];
      if (found && lastMatch) {
        const find = await step(
          page,
          `const i = document.querySelector('input[aria-label="find in trace"]');
           const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set; set.call(i, ${JSON.stringify(text)});
           i.dispatchEvent(new Event('input', { bubbles: true }));
           setTimeout(() => i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true })), 0);`,
          [`${node(lastMatch.nodeId)}.selected`],
        );
        rows.push(
          row(
            `Browser (graph): in that trace, find "${text}" (${found.matches.length}${found.truncated ? '+' : ''} matches) and go to the last (Shift+Enter) until it is drawn selected`,
            find,
            await listStep(),
          ),
        );
      }
      await context.close();
    } finally {
      await serve.stop();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
