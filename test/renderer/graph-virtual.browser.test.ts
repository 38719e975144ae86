/**
 * The identity graph of a trace far larger than the screen, in headless Chromium: only what meets the scroll
 * window (plus overscan) is in the SVG, scrolling right and down brings the far nodes in and drops the first
 * ones, a focused node stays drawn when scrolled away from, and the hidden text list still names every node.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { buildTraceGraph } from '../../src/main/core/graph/trace-graph.js';
import { GRAPH_PAGE_DEFAULT } from '../../src/shared/contract/graph.js';
import type { RunningServer, ServerOptions } from '../../src/main/serve/server.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite, Watched } from './harness.js';

const EXTRA_CALLS = 60;
const TALL_ITEMS = 90;

let suite: BrowserSuite;
let server: RunningServer;
let w: Watched;
let page: Page;
let evId: string;
let traceId: string;
let firstMc: string;
let lastMc: string;
let lastItem: string;

const drawnIds = (): Promise<string[]> =>
  page.$$eval('svg.graph-svg [data-node-id]', (els) => els.map((e) => e.getAttribute('data-node-id')!));
const counts = (): Promise<{ drawn: number; total: number; edges: number; totalEdges: number }> =>
  page.$eval('svg.graph-svg', (s) => ({
    drawn: Number(s.getAttribute('data-drawn-nodes')),
    total: Number(s.getAttribute('data-total-nodes')),
    edges: Number(s.getAttribute('data-drawn-edges')),
    totalEdges: Number(s.getAttribute('data-total-edges')),
  }));

async function scrollTo(left: number | 'end', top: number | 'end'): Promise<void> {
  await page.$eval(
    '.graph-scroll',
    (el, [l, t]) => {
      el.scrollLeft = l === 'end' ? el.scrollWidth : (l as number);
      el.scrollTop = t === 'end' ? el.scrollHeight : (t as number);
    },
    [left, top] as const,
  );
}

async function writeFixture(dir: string): Promise<ServerOptions> {
  const fixture = await writeLedger(join(dir, 'fx'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-gvrt' });
  // One trace made long (its first page, 40 model calls, is 80 columns wide) and tall (90 items under the
  // last call of that page).
  const db = new Database(fixture.dbPath);
  const seed = db.prepare('SELECT id, trace_id, turn_id FROM model_calls WHERE trace_id IS NOT NULL ORDER BY id LIMIT 1').get() as {
    id: number;
    trace_id: string;
    turn_id: string | null;
  };
  traceId = seed.trace_id;
  const cols = (db.prepare("SELECT name FROM pragma_table_info('model_calls')").all() as { name: string }[])
    .map((c) => c.name)
    .filter((c) => c !== 'id' && c !== 'event_id');
  const copy = db.prepare(`INSERT INTO model_calls (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM model_calls WHERE id = ?`);
  for (let i = 0; i < EXTRA_CALLS; i++) copy.run(seed.id);
  const last = (
    db.prepare('SELECT id FROM model_calls WHERE trace_id = ? ORDER BY id LIMIT 1 OFFSET ?').get(seed.trace_id, GRAPH_PAGE_DEFAULT - 1) as {
      id: number;
    }
  ).id;
  const item = db.prepare(
    "INSERT INTO model_items (model_call_id, trace_id, turn_id, kind, item_index, content) VALUES (?, ?, ?, 'request', ?, ?)",
  );
  let lastItemRow = 0;
  for (let i = 0; i < TALL_ITEMS; i++) lastItemRow = Number(item.run(last, seed.trace_id, seed.turn_id, i, `item ${i}`).lastInsertRowid);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  firstMc = `mc:${seed.id}`;
  lastMc = `mc:${last}`;
  lastItem = `item:${lastItemRow}`;
  return { paths: [fixture.sessionDir] };
}

beforeAll(async () => {
  suite = await startBrowserSuite('graph-virtual', { serve: writeFixture });
  ({ server, watched: w, page } = suite);
  evId = ok(server.opened[0]!).id;
  await page.goto(`${server.origin}/?token=${server.token}#/e/${evId}/graph/${encodeURIComponent(traceId)}`);
  await page.waitForSelector(`.graph-view[data-trace-id="${traceId}"] svg.graph-svg [data-node-id]`);
});

afterAll(() => suite?.close());

describe('a large identity graph is drawn for the scroll window only', () => {
  it('draws fewer nodes than the trace has, and lists them all as text', async () => {
    const g = buildTraceGraph(server.service.registry.get(evId).db, traceId);
    const c = await counts();
    expect(c.total).toBe(g.nodes.length);
    expect(c.totalEdges).toBe(g.edges.length);
    expect(c.drawn).toBeLessThan(c.total / 2);
    expect(c.edges).toBeLessThan(c.totalEdges / 2);
    const ids = await drawnIds();
    expect(ids.length).toBe(c.drawn);
    expect(await page.locator('svg.graph-svg [data-edge]').count()).toBe(c.edges);
    expect(ids).toContain(firstMc);
    expect(ids).not.toContain(lastMc);
    expect(ids).not.toContain(lastItem);
    // The scroll box is as large as the whole graph.
    const scroll = await page.$eval('.graph-scroll', (el) => ({ w: el.scrollWidth, h: el.scrollHeight, cw: el.clientWidth }));
    expect(scroll.w).toBeGreaterThan(GRAPH_PAGE_DEFAULT * 2 * 170);
    expect(scroll.w).toBeGreaterThan(scroll.cw * 8);
    expect(scroll.h).toBeGreaterThan(TALL_ITEMS * 38);
    // The text lists are written a frame after the graph is painted.
    await page.waitForSelector('[data-list-node]', { state: 'attached' });
    expect((await page.$$eval('[data-list-node]', (els) => els.map((e) => e.getAttribute('data-list-node')))).sort()).toEqual(
      g.nodes.map((n) => n.id).sort(),
    );
    await shot(page, 'graph-virtual-01-start');
  });

  it('scrolled to the far right, draws the last call and drops the first', async () => {
    await scrollTo('end', 0);
    await page.waitForSelector(`svg.graph-svg [data-node-id="${lastMc}"]`);
    const ids = await drawnIds();
    expect(ids).not.toContain(firstMc);
    expect(ids).not.toContain(lastItem);
    const c = await counts();
    expect(c.drawn).toBe(ids.length);
    expect(c.drawn).toBeLessThan(c.total / 2);
    await shot(page, 'graph-virtual-02-right');
  });

  it('scrolled to the bottom, draws the last item of the tall column and drops its top', async () => {
    await scrollTo('end', 'end');
    await page.waitForSelector(`svg.graph-svg [data-node-id="${lastItem}"]`);
    const box = await page.locator(`[data-node-id="${lastItem}"]`).boundingBox();
    const view = await page.locator('.graph-scroll').boundingBox();
    expect(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
    // The call heading the column is thousands of pixels above the window now: drawn only when scrolled up.
    const ids = await drawnIds();
    expect(ids).not.toContain(lastMc);
    expect(ids.filter((id) => id.startsWith('item:')).length).toBeLessThan(TALL_ITEMS / 2);
    await shot(page, 'graph-virtual-03-bottom-right');
  });

  it('keeps a focused node drawn when scrolled away from it, and draws the start again', async () => {
    await page.focus(`[data-node-id="${lastItem}"]`);
    await scrollTo(0, 0);
    await page.waitForSelector(`svg.graph-svg [data-node-id="${firstMc}"]`);
    const ids = await drawnIds();
    expect(ids).toContain(lastItem);
    expect(ids).not.toContain(lastMc);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id'))).toBe(lastItem);
    expect(w.pageErrors).toEqual([]);
    expect(w.consoleErrors).toEqual([]);
  });
});
