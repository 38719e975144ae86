/**
 * The transcript in headless Chromium against serve mode: a known trace's model call responses, tool call
 * arguments and response contents appear in order, as the core tells them; clicking a line opens its row in the
 * side pane beside the transcript and a body link that body (URL, reload, Back); j/k/Enter; the graph link; a long trace keeps only a screenful of lines in the DOM; screenshots at 1440×900
 * and 1024×700 of the fixture and the bundled sample.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTraces } from '../../src/main/core/traces/traces.js';
import { findBundledSample } from '../../src/main/core/service/registry.js';
import { transcriptPage } from '../../src/main/core/transcript/transcript-page.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import type { TranscriptLine } from '../../src/shared/contract/transcript.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { PlantedUntraced } from '../fixtures/writer/untraced-rows.js';
import { FOREIGN_POST, plantUntracedRows } from '../fixtures/writer/untraced-rows.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite, Watched } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let w: Watched;
let page: Page;
let fixtureId: string;
let sampleId: string;
let planted: PlantedUntraced;

const go = (hash: string): Promise<void> => goToHash(page, hash);

beforeAll(async () => {
  suite = await startBrowserSuite('transcript-browser', {
    serve: async (dir) => {
      const fixture = await writeLedger(join(dir, 'fx'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-trns' });
      // As independently written ledgers have them: rows no trace carries, a denied POST to a foreign host among them.
      planted = plantUntracedRows(fixture.dbPath);
      return { paths: [fixture.sessionDir], sampleDir: findBundledSample() };
    },
  });
  ({ server, watched: w, page } = suite);
  fixtureId = ok(server.opened[0]!).id;
  sampleId = ok(await server.service.handle('evidence.openSample', null)).id;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(suite.url(`#/e/${fixtureId}/graph`));
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(() => suite?.close());

/** Every line drawn so far, scrolling the list to its end a screen at a time (only a window is ever in the DOM). */
async function readAll(total: number): Promise<Map<number, { kind: string; row: string | null; blocks: Record<string, string> }>> {
  const seen = new Map<number, { kind: string; row: string | null; blocks: Record<string, string> }>();
  for (let guard = 0; guard < 200 && seen.size < total; guard++) {
    await page.waitForFunction(() => !document.querySelector('.tl-pending'));
    const drawn = await page.$$eval('.transcript-scroll article.tl', (els) =>
      els.map((e) => ({
        seq: Number(e.getAttribute('data-seq')),
        kind: e.getAttribute('data-kind') ?? '',
        row: e.getAttribute('data-row'),
        blocks: Object.fromEntries(
          Array.from(e.querySelectorAll('.tl-block')).map((b) => [
            b.getAttribute('data-block') ?? '',
            b.querySelector('pre')?.textContent ?? '',
          ]),
        ),
      })),
    );
    for (const d of drawn) seen.set(d.seq, d);
    await page.$eval('.transcript-scroll', (el) => el.scrollBy(0, el.clientHeight * 0.8));
    await page.waitForTimeout(50);
  }
  return seen;
}

describe('transcript in Chromium', () => {
  it('shows each response text, each tool call argument and each response content, in order', async () => {
    const evidence = server.service.registry.get(fixtureId);
    const traces = listTraces(evidence.db).traces;
    // The trace list and the graph link to the transcript.
    await page.waitForSelector('table.traces tbody tr');
    expect(await page.locator('table.traces a[href*="/transcript/"]').count()).toBe(traces.length);
    for (const t of traces) {
      const expected = transcriptPage(evidence, { traceId: t.traceId, limit: 500 }).lines;
      await go(`#/e/${fixtureId}/transcript/${encodeURIComponent(t.traceId)}`);
      await page.waitForSelector(`.transcript-view[data-trace-id="${t.traceId}"] article.tl`);
      expect(await page.getAttribute('.transcript-view', 'data-total')).toBe(String(expected.length));
      const seen = await readAll(expected.length);
      expect([...seen.keys()].sort((a, b) => a - b)).toEqual(expected.map((l) => l.seq));
      for (const l of expected) {
        const d = seen.get(l.seq)!;
        expect([d.kind, d.row]).toEqual([l.kind, l.row ? `${l.row.table}:${l.row.rowid}` : null]);
        const want = (label: string): string | undefined => l.blocks.find((b) => b.label === label)?.text;
        // Folded texts show their head; the browser's text must be that head of the core's text.
        for (const label of ['response', 'command', 'arguments', 'content']) {
          const text = want(label);
          if (text === undefined) continue;
          const shown = d.blocks[label]!.replace(/^\$ /, '').replace(/\n…$/, '');
          expect(text.startsWith(shown) && shown.length > 0, `${label} of line ${l.seq}`).toBe(true);
        }
      }
    }
  });

  it('clicking a line opens its row in the side pane beside the transcript, a body link its body; reload and Back restore them', async () => {
    const evidence = server.service.registry.get(fixtureId);
    const t = listTraces(evidence.db).traces[0]!.traceId;
    const mc = transcriptPage(evidence, { traceId: t, limit: 500 }).lines.find(
      (l) => l.kind === 'model_call' && l.bodies.some((b) => b.direction === 'response'),
    )!;
    const base = `#/e/${fixtureId}/transcript/${encodeURIComponent(t)}`;
    const sel = `sel=row%2Fmodel_calls%2F${mc.row!.rowid}`;
    await go(base);
    await page.waitForSelector(`article.tl[data-seq="${mc.seq}"]`);
    await page.click(`article.tl[data-seq="${mc.seq}"] a.tl-title`);
    await page.waitForSelector(`.side-pane .row-panel[data-row="model_calls/${mc.row!.rowid}"]`);
    expect(await page.evaluate(() => window.location.hash)).toBe(`${base}?${sel}`);
    // The transcript stays on screen, the line marked as the one shown.
    expect(await page.isVisible('.transcript-scroll')).toBe(true);
    expect(await page.getAttribute(`article.tl[data-seq="${mc.seq}"]`, 'aria-current')).toBe('true');
    // Reload: the same row in the pane.
    await page.reload();
    await page.waitForSelector(`.side-pane .row-panel[data-row="model_calls/${mc.row!.rowid}"]`);
    await page.waitForSelector(`article.tl[data-seq="${mc.seq}"][aria-current="true"]`);
    // Its response body opens in the pane, beside the transcript.
    await page.click(`article.tl[data-seq="${mc.seq}"] .tl-links a:has-text("response body")`);
    await page.waitForSelector('.side-pane .pane-body-view[data-body-shown="model_calls/response"]');
    expect(await page.evaluate(() => window.location.hash)).toBe(`${base}?${sel}&pb=model_calls%2Fresponse`);
    expect(await page.isVisible('.transcript-scroll')).toBe(true);
    // Back: the row without its body; Back again: no pane.
    await page.goBack();
    await page.waitForFunction((h) => window.location.hash === h, `${base}?${sel}`);
    await page.waitForSelector(`.side-pane .row-panel[data-row="model_calls/${mc.row!.rowid}"]`);
    await page.goBack();
    await page.waitForFunction((h) => window.location.hash === h, base);
    await page.waitForSelector('.side-pane', { state: 'detached' });
    // The row's own view is still the link's href (new tab, copy link).
    expect(await page.getAttribute(`article.tl[data-seq="${mc.seq}"] a.tl-title`, 'href')).toBe(
      `#/e/${fixtureId}/row/model_calls/${mc.row!.rowid}`,
    );
  });

  it("j/k move through the lines and Enter opens one; a line's graph link selects its node in the graph", async () => {
    const evidence = server.service.registry.get(fixtureId);
    const t = listTraces(evidence.db).traces[0]!.traceId;
    const lines = transcriptPage(evidence, { traceId: t, limit: 500 }).lines;
    const base = `#/e/${fixtureId}/transcript/${encodeURIComponent(t)}`;
    await go(base);
    await page.waitForSelector('article.tl[data-seq="2"]');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // j from nothing: the first line drawn (the trace header), then the turn, then the first row's line.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.waitForSelector('article.tl.tl-cursor[data-seq="2"]');
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    await page.waitForSelector('article.tl.tl-cursor[data-seq="2"]');
    await page.keyboard.press('Enter');
    const l2 = lines[2]!;
    await page.waitForSelector(`.side-pane .row-panel[data-row="${l2.row!.table}/${l2.row!.rowid}"]`);
    expect(await page.getAttribute('article.tl[data-seq="2"]', 'aria-current')).toBe('true');
    // Escape closes the pane, the transcript stays.
    await page.keyboard.press('Escape');
    await page.waitForSelector('.side-pane', { state: 'detached' });
    expect(await page.isVisible('article.tl[data-seq="2"]')).toBe(true);
    // The graph link of a model call selects its node in the trace's identity graph.
    const mc = lines.find((l) => l.kind === 'model_call')!;
    await page.click(`article.tl[data-seq="${mc.seq}"] a[data-graph-link]`);
    await page.waitForSelector(`g.node.selected[data-node-id="${mc.nodeId}"]`);
    await page.waitForSelector(`.side-pane .row-panel[data-row="model_calls/${mc.row!.rowid}"]`);
  });

  it("g x from a trace's graph opens that trace's transcript, and g r its graph again", async () => {
    const t = listTraces(server.service.registry.get(fixtureId).db).traces[0]!.traceId;
    const graph = `#/e/${fixtureId}/graph/${encodeURIComponent(t)}`;
    await go(graph);
    await page.waitForSelector('g.node');
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('g');
    await page.keyboard.press('x');
    await page.waitForSelector(`.transcript-view[data-trace-id="${t}"] article.tl`);
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await page.waitForFunction((h) => window.location.hash === h, graph);
  });

  it('tells the rows no trace carries after the traces of the whole session, the denied foreign POST among them', async () => {
    await go(`#/e/${fixtureId}/transcript`);
    await page.waitForSelector('.transcript-view[data-trace-id=""] article.tl');
    await page.waitForFunction(() => !document.querySelector('[data-counting="true"]'));
    const total = Number(await page.getAttribute('.transcript-view', 'data-total'));
    const seen = await readAll(total);
    expect(seen.size).toBe(total);
    const post = [...seen.values()].find((l) => l.row === `net_events:${planted.foreignPostId}`);
    expect(post).toBeDefined();
    const el = page.locator(`article.tl[data-row="net_events:${planted.foreignPostId}"]`);
    expect(await el.getAttribute('data-untraced')).toBe('true');
    expect(await el.locator('.tl-title').textContent()).toContain(`POST ${FOREIGN_POST.domain}${FOREIGN_POST.path}`);
    expect(await el.locator('.tl-placement').textContent()).toBe('carries no trace_id: placed by time among the untraced rows');
    // Every planted row is drawn, and the page says up front that rows no trace carries follow the traces.
    for (const k of planted.keys) expect([...seen.values()].some((l) => l.row === k)).toBe(true);
    expect(await page.locator('.transcript-view .warn').first().textContent()).toMatch(/11 rows carry no told trace/);
    // The tail's header says what left the sandbox among these rows, the denied POST counted, in the core's words.
    const ledger = server.service.registry.get(fixtureId);
    let tailHead: TranscriptLine | undefined;
    for (let offset = 0; !tailHead && offset < total; offset += 500)
      tailHead = transcriptPage(ledger, { offset, limit: 500 }).lines.find((l) => l.kind === 'trace' && l.traceId === null);
    expect(tailHead!.egress!.says).toMatch(/ · \d+ denied$/);
    const head = page.locator(`article.tl[data-seq="${tailHead!.seq}"]`);
    // readAll left the list at its end: back up a screen at a time until the header is drawn.
    for (let i = 0; i < 50 && (await head.count()) === 0; i++) {
      await page.$eval('.transcript-scroll', (x) => x.scrollBy(0, -x.clientHeight * 0.8));
      // The list draws on the frames after the scroll event: look once two frames went by and no line is pending.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.waitForFunction(() => !document.querySelector('.tl-pending'));
    }
    expect(await head.getAttribute('data-untraced')).toBe('true');
    expect(await head.locator('[data-egress]').getAttribute('title')).toBe(tailHead!.egress!.says);
    await el.scrollIntoViewIfNeeded();
    await shot(page, 'transcript-06-untraced-tail');
    // The denied POST met policy: its line opens the decision chain of its event.
    await el.locator('[data-chain-link]').click();
    await page.waitForSelector('.dc-chain[data-chain-ready]');
    expect(decodeURIComponent(await page.evaluate(() => window.location.hash))).toMatch(/\/decisions\?event=[0-9a-f]{12}$/);
  });

  it('screenshots of a trace (scrolled, and with the side pane open) and of the whole session at 1440×900 and 1024×700', async () => {
    const t = listTraces(server.service.registry.get(sampleId).db).traces[0]!.traceId;
    for (const [wd, ht] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width: wd, height: ht });
      await go(`#/e/${sampleId}/transcript/${encodeURIComponent(t)}`);
      await page.waitForSelector(`.transcript-view[data-trace-id="${t}"] article.tl`);
      await page.waitForFunction(() => !document.querySelector('.tl-pending'));
      await shot(page, `transcript-01-trace-${wd}x${ht}`);
      await page.$eval('.transcript-scroll', (el) => el.scrollBy(0, 900));
      await page.waitForTimeout(100);
      await shot(page, `transcript-02-trace-scrolled-${wd}x${ht}`);
      // A model call opened in the side pane, with its response body, beside the transcript.
      const mcSeq = await page.$eval('.transcript-scroll article.tl[data-kind="model_call"]', (e) => e.getAttribute('data-seq'));
      await page.click(`article.tl[data-seq="${mcSeq}"] a.tl-title`);
      await page.waitForSelector('.side-pane .row-panel[data-related-ready="true"]');
      await shot(page, `transcript-04-pane-${wd}x${ht}`);
      const body = await page.$(`article.tl[data-seq="${mcSeq}"] .tl-links a:has-text("response body")`);
      if (body) {
        await body.click();
        await page.waitForSelector('.side-pane .pane-body-view');
        await page.waitForTimeout(200);
        await shot(page, `transcript-05-pane-body-${wd}x${ht}`);
      }
      await go(`#/e/${fixtureId}/transcript`);
      await page.waitForSelector('.transcript-view[data-trace-id=""] article.tl');
      await shot(page, `transcript-03-session-${wd}x${ht}`);
    }
    expect(w.pageErrors).toEqual([]);
    expect(w.requests.filter((u) => !u.startsWith(server.origin))).toEqual([]);
  });
});
