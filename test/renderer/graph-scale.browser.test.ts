// The identity graph of a long trace (issue 26), in Chromium against serve mode, on a generated ledger whose big trace
// spans many pages: the overview strip jumps to a turn and lays it out; a turn folds to one band and unfolds to its
// nodes; find walks its matches across turns, laying each one's turn out; the transcript's graph link selects a node
// of a late turn (issue 21). Screenshots at 1440×900 and 1024×700.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeLedger } from '../../scripts/gen-large/generate.js';
import type { TraceGraph } from '../../src/shared/contract/graph.js';
import { findInTrace } from '../../src/main/core/graph/find.js';
import { buildTraceGraph } from '../../src/main/core/graph/trace-graph.js';
import { transcriptPage, transcriptTotal } from '../../src/main/core/transcript/transcript-page.js';
import type { BrowserSuite } from './harness.js';
import { goToHash, ok, shot, SHOTS, startBrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let ev: string;
let trace: string;
let first: TraceGraph;

const evidence = () => suite.server.service.registry.get(ev);
const graphHash = (): string => `#/e/${ev}/graph/${encodeURIComponent(trace)}`;
const svgNode = (id: string): string => `svg.graph-svg [data-node-id="${id.replace(/"/g, '\\"')}"]`;

/** The band (or node) lies inside the graph's scroll box, horizontally: the jump landed on it. */
async function inView(id: string): Promise<boolean> {
  return page.$eval(svgNode(id), (el) => {
    const box = document.querySelector('.graph-scroll')!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return r.left >= box.left - 20 && r.left < box.right;
  });
}

/** The trace's graph drawn afresh (from the trace list: the view is mounted anew, its first page only). */
async function openGraph(): Promise<void> {
  await goToHash(page, `#/e/${ev}/graph`);
  await page.waitForSelector('table.traces tbody tr');
  await goToHash(page, graphHash());
  await page.waitForSelector('.ov-strip');
}

beforeAll(async () => {
  suite = await startBrowserSuite('graph-scale', {
    serve: async (dir) => {
      // 300 model calls in the big trace: the first page draws 40 of them, so most turns are laid out only on demand.
      const s = await generateLargeLedger({ dir: join(dir, 'l'), events: 30_000, bodyBytes: 2 * 1024 * 1024, seed: 7, bigTraceCalls: 300 });
      return { paths: [s.sessionDir] };
    },
  });
  page = suite.page;
  ev = ok(suite.server.opened[0]!).id;
  const db = evidence().db;
  const big = db.prepare('SELECT trace_id AS t, COUNT(*) AS n FROM model_calls GROUP BY 1 ORDER BY 2 DESC LIMIT 1').get() as { t: string };
  trace = big.t;
  first = buildTraceGraph(db, trace);
  expect(first.nextAfter).not.toBeNull();
});

afterAll(async () => {
  await suite?.close();
});

describe('a long trace in the identity graph', () => {
  it('the overview strip lists every turn and a click lands on the turn, laid out', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${ev}/graph`));
    await openGraph();
    const turns = first.turns;
    expect(await page.getAttribute('.ov-strip', 'data-turns')).toBe(String(turns.length));
    const last = turns.findLast((t) => t.firstModelCallId !== null)!;
    const li = turns.indexOf(last);
    // Not drawn by the first page.
    expect(first.modelCallIds).not.toContain(last.firstModelCallId);
    expect(await page.$(svgNode(last.nodeId))).toBeNull();
    const box = (await page.$eval('.ov-strip', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    }))!;
    await page.mouse.click(box.x + ((li + 0.5) / turns.length) * box.w, box.y + box.h / 2);
    await page.waitForSelector(svgNode(last.nodeId));
    await expect.poll(() => inView(last.nodeId)).toBe(true);
    // Its first model call is drawn too (the turn is laid out, not only its band).
    await page.waitForSelector(svgNode(`mc:${last.firstModelCallId}`));
    await shot(page, 'graph-scale-01-overview-jump-1440x900');
  });

  it('folding a turn hides its nodes and unfolding restores them', async () => {
    await openGraph();
    const turn = first.turns.find((t) => first.nodes.some((n) => n.kind === 'model_call' && n.turnId === t.turnId))!;
    const mcs = first.nodes.filter((n) => n.kind === 'model_call' && n.turnId === turn.turnId).map((n) => n.id);
    await page.waitForSelector(svgNode(mcs[0]!));
    const total = Number(await page.getAttribute('svg.graph-svg', 'data-total-nodes'));
    await page.click(`${svgNode(turn.nodeId)} [data-fold]`);
    await page.waitForSelector(svgNode(mcs[0]!), { state: 'detached' });
    for (const id of mcs) expect(await page.$(svgNode(id))).toBeNull();
    const folded = Number(await page.getAttribute('svg.graph-svg', 'data-total-nodes'));
    const ofTurn = first.nodes.filter((n) => n.kind !== 'turn' && n.turnId === turn.turnId).length;
    expect(folded).toBeLessThanOrEqual(total - ofTurn);
    expect(await page.textContent(`${svgNode(turn.nodeId)} .turn-folded`)).toContain(`${turn.modelCalls} model`);
    await page.click(`${svgNode(turn.nodeId)} [data-fold]`);
    await page.waitForSelector(svgNode(mcs[0]!));
    expect(Number(await page.getAttribute('svg.graph-svg', 'data-total-nodes'))).toBe(total);
    // Fold all: every band drawn is folded, no model call is drawn.
    await page.click('button:has-text("Fold all turns")');
    await page.waitForSelector('svg.graph-svg .turn-folded');
    expect(await page.$$('svg.graph-svg [data-kind="model_call"]')).toHaveLength(0);
    await shot(page, 'graph-scale-02-folded-1440x900');
    await page.click('button:has-text("Unfold all")');
    await page.waitForSelector(svgNode(mcs[0]!));
  });

  it('find walks its matches across turns, next and previous, laying each one out and selecting it', async () => {
    await openGraph();
    // A tool name in the trace's last turn: its matches run through many turns, most of them on no page drawn yet.
    const lastTc = evidence()
      .db.prepare('SELECT tool_name AS n FROM tool_calls WHERE trace_id = ? ORDER BY id DESC LIMIT 1')
      .get(trace) as { n: string };
    const found = findInTrace(evidence().db, trace, lastTc.n);
    const turnsHit = new Set(found.matches.map((m) => m.turnId));
    expect(turnsHit.size).toBeGreaterThan(2);
    await page.fill('input[aria-label="find in trace"]', lastTc.n);
    await page.press('input[aria-label="find in trace"]', 'Enter');
    const at = async (k: number): Promise<void> => {
      await page.waitForSelector(`.trace-find[data-find-at="${k + 1}"]`);
      await page.waitForSelector(`${svgNode(found.matches[k]!.nodeId)}.selected`);
    };
    await at(0);
    expect(await page.getAttribute('.trace-find', 'data-find-total')).toBe(String(found.matches.length));
    // Walk to the first match in another turn, then to one on no page the graph had drawn.
    const other = found.matches.findIndex((m) => m.turnId !== found.matches[0]!.turnId);
    for (let k = 1; k <= other; k++) {
      await page.click('button[aria-label="next match in the trace"]');
      await at(k);
    }
    const far = found.matches.length - 1;
    expect(first.nodes.some((n) => n.id === found.matches[far]!.nodeId)).toBe(false);
    // Previous from the first match wraps to the last.
    for (let k = other; k > 0; k--) await page.click('button[aria-label="previous match in the trace"]');
    await at(0);
    await page.press('input[aria-label="find in trace"]', 'Shift+Enter');
    await at(far);
    await expect.poll(() => inView(found.matches[far]!.nodeId)).toBe(true);
    await shot(page, 'graph-scale-03-find-last-1440x900');
  });

  it("the transcript's graph link selects a node of a late turn, laying that turn out first", async () => {
    const total = transcriptTotal(evidence(), trace);
    const lines = transcriptPage(evidence(), { traceId: trace, offset: Math.max(0, total - 200), limit: 200 }).lines;
    const line = lines.findLast((l) => l.kind === 'tool_call' && l.nodeId)!;
    expect(first.nodes.some((n) => n.id === line.nodeId)).toBe(false);
    await goToHash(page, `#/e/${ev}/transcript/${encodeURIComponent(trace)}`);
    await page.waitForSelector('.transcript-scroll article.tl');
    const link = `article.tl[data-seq="${line.seq}"] a[data-graph-link]`;
    // Scrolled to the bottom, the last lines are drawn at their estimated heights and then measured, which can move
    // the last line out of the drawn window again; so the link is clicked in the same turn of the page's event loop
    // that finds it drawn (a click after a separate look could wait forever on a line no longer drawn).
    await expect
      .poll(() =>
        page.$eval(
          '.transcript-scroll',
          (el, sel) => {
            const a = el.querySelector<HTMLAnchorElement>(sel);
            if (a) a.click();
            else el.scrollTop = el.scrollHeight;
            return a !== null;
          },
          link,
        ),
      )
      .toBe(true);
    await page.waitForSelector(`${svgNode(line.nodeId!)}.selected`);
    await expect.poll(() => inView(line.nodeId!)).toBe(true);
  });

  it('screenshots: start, overview, folded turns and last turn at 1440×900 and 1024×700', async () => {
    for (const [w, h] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await openGraph();
      await page.waitForSelector('svg.graph-svg [data-node-id]');
      await shot(page, `graph-scale-10-start-${w}x${h}`);
      const strip = (await page.$eval('.trace-overview', (el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height };
      }))!;
      await page.screenshot({ path: join(SHOTS, `graph-scale-11-overview-strip-${w}x${h}.png`), clip: strip });
      await page.click('button:has-text("Fold all turns")');
      await page.waitForSelector('svg.graph-svg .turn-folded');
      await shot(page, `graph-scale-12-folded-${w}x${h}`);
      await page.click('button:has-text("Unfold all")');
      await page.fill('input[aria-label="go to turn"]', String(first.turns.filter((t) => t.firstModelCallId !== null).length));
      await page.press('input[aria-label="go to turn"]', 'Enter');
      const last = first.turns.findLast((t) => t.firstModelCallId !== null)!;
      await page.waitForSelector(svgNode(`mc:${last.firstModelCallId}`));
      await expect.poll(() => inView(last.nodeId)).toBe(true);
      await shot(page, `graph-scale-13-last-turn-${w}x${h}`);
    }
  });
});
