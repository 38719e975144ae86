// Every grid at scale (issues 26 and 22), in Chromium against serve mode, on a generated 100,000-row ledger:
// a SQL result of 100,000 rows pages to its end (its scrollbar spans the count once counted, "go to row" lands on the
// row plain SQL puts there); a table sorts by a column no index serves, showing the background sort's progress and
// then the rows in `ORDER BY col DESC, rowid DESC` order; the every-hit grid of a search walks with j/k and Enter.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_TABLE_ROWS, bigLedger } from './fixtures.js';
import type { BrowserSuite } from './harness.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import { join } from 'node:path';

/** DataGrid's GRID_ROW_HEIGHT (a .tsx module the test project does not compile). */
const GRID_ROW_HEIGHT = 26;

let suite: BrowserSuite;
let page: Page;
let ev: string;
const db = () => suite.server.service.registry.get(ev).db;

beforeAll(async () => {
  suite = await startBrowserSuite('grids', {
    serve: async (dir) => ({ paths: [(await bigLedger(join(dir, 'big'))).sessionDir] }),
  });
  ev = ok(suite.server.opened[0]!).id;
  page = suite.page;
});

afterAll(async () => {
  await suite?.close();
});

/** The text of each drawn cell of the row drawn at `key` (its data-rowkey). */
const cellsOf = (key: number): Promise<string[]> =>
  page.$$eval(`.gr[data-rowkey="${key}"] .gc`, (cells) => cells.map((c) => c.textContent ?? ''));

describe('Start with one ledger open', () => {
  it('a fresh load goes straight to the ledger; Start and the brand stay on Start afterwards', async () => {
    await page.goto('about:blank');
    await page.goto(suite.url('#/'));
    await page.waitForSelector('.overview .identity');
    for (const link of ['.topbar a.brand', 'nav.sidebar a[href="#/"]']) {
      await page.click(link);
      await page.waitForSelector('.start .evidence-list tbody tr');
      // Two frames: React has run the effects of the render that drew the list.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => window.location.hash)).toBe('#/');
      await page.goto(suite.url(`#/e/${ev}/overview`));
      await page.waitForSelector('.overview .identity');
    }
  });
});

describe('grids at scale', () => {
  it('pages a 100,000-row SQL result to its end', async () => {
    const query = 'SELECT id, bytes_sent, path FROM net_events ORDER BY bytes_sent DESC, path';
    const want = db().prepare(query).raw(true).all() as [number, number, string][];
    expect(want.length).toBe(BIG_TABLE_ROWS);
    await page.goto(suite.url(`#/e/${ev}/sql?sql=${encodeURIComponent(query)}`));
    await page.waitForSelector('.sql-editor');
    await page.click('button.primary');
    await page.waitForSelector('.gr[data-rowkey="0"]');
    expect((await cellsOf(0))[0]).toBe(String(want[0]![0]));
    // Go to the last row at once, while the child may still be reading: it lands there when the stream gets there,
    // drawn at its own place, with the row plain SQL puts last.
    await page.fill('.goto-row', '100000');
    await page.press('.goto-row', 'Enter');
    await page.waitForSelector(`.gr[data-rowkey="${BIG_TABLE_ROWS - 1}"]`);
    expect((await cellsOf(BIG_TABLE_ROWS - 1))[0]).toBe(String(want[BIG_TABLE_ROWS - 1]![0]));
    // The count is exact once the child has read every row, and the scrollbar spans it.
    await page.waitForSelector('.sql-count[data-done="yes"]');
    expect(await page.textContent('.sql-count')).toBe('100,000 rows');
    expect(await page.$eval('.grid-body', (el) => el.getBoundingClientRect().height)).toBe(BIG_TABLE_ROWS * GRID_ROW_HEIGHT);
    await shot(page, 'grids-01-sql-last-row');
    // A drag to the middle brings the rows there.
    await page.$eval('.grid-scroll', (el) => (el.scrollTop = (el.scrollHeight - el.clientHeight) / 2));
    const mid = await page.waitForSelector('.gr[data-rowkey]:not([data-rowkey^="999"])');
    const key = Number(await mid.getAttribute('data-rowkey'));
    expect(Math.abs(key - BIG_TABLE_ROWS / 2)).toBeLessThan(200);
    expect((await cellsOf(key))[0]).toBe(String(want[key]![0]));
    // Every drawn row is the row plain SQL has at that place.
    const drawn = await page.$$eval('.gr[data-rowkey]', (rows) =>
      rows.map((r) => [Number(r.getAttribute('data-rowkey')), r.querySelector('.gc')?.textContent ?? '']),
    );
    for (const [k, id] of drawn as [number, string][]) expect(id).toBe(String(want[k]![0]));
    await shot(page, 'grids-02-sql-middle');
  });

  it('pages every hit of a search with more hits than a page, its scrollbar spanning them all', async () => {
    // trace-big-7 is on every 50th generated row: 2,000 hits (search shows 200 at a time).
    const want = (
      db().prepare(`SELECT _rowid_ FROM net_events WHERE trace_id = 'trace-big-7' ORDER BY _rowid_`).pluck().all() as number[]
    ).map(Number);
    expect(want.length).toBeGreaterThan(1000);
    await page.goto(suite.url(`#/e/${ev}/search?q=trace-big-7`));
    await page.waitForSelector('.hits-count[data-done="yes"]');
    const count = Number((await page.textContent('.hits-count'))!.replace(/\D/g, ''));
    // Every table carrying trace_id is searched; net_events' hits are among them.
    expect(count).toBeGreaterThanOrEqual(want.length);
    expect(await page.$eval('.all-hits .grid-body', (el) => el.getBoundingClientRect().height)).toBe(count * GRID_ROW_HEIGHT);
    await page.fill('.all-hits .goto-row', String(count));
    await page.press('.all-hits .goto-row', 'Enter');
    await page.waitForSelector(`.all-hits .gr[data-rowkey="${count - 1}"]`);
    const last = await page.$$eval(`.all-hits .gr[data-rowkey="${count - 1}"] .gc`, (cells) => cells.map((c) => c.textContent ?? ''));
    expect(last.slice(0, 3)).toEqual(['trace_id', 'net_events', String(want[want.length - 1])]);
    await shot(page, 'grids-04-search-all-hits');
  });

  it('walks every hit with j/k and opens the selected one with Enter, also after going to a far hit', async () => {
    // The test before left this very search scrolled to its last hit; a reload starts it afresh, at its first hit.
    await page.goto(suite.url(`#/e/${ev}/search?q=trace-big-7`));
    await page.reload();
    await page.waitForSelector('.hits-count[data-done="yes"]');
    const count = Number((await page.textContent('.hits-count'))!.replace(/\D/g, ''));
    const selKey = async (): Promise<number> => {
      await page.waitForSelector('.all-hits .gr.sel');
      expect(await page.locator('.all-hits .gr.sel').count()).toBe(1);
      return Number(await page.getAttribute('.all-hits .gr.sel', 'data-rowkey'));
    };
    // Keys go to the page, not to the search box. The first j selects the first hit (0), so j j j k ends on 1.
    await page.locator('.all-hits .result-meta').click({ position: { x: 2, y: 2 } });
    for (const k of ['j', 'j', 'j', 'k']) await page.keyboard.press(k);
    await page.waitForSelector('.all-hits .gr.sel[data-rowkey="1"]');
    expect(await selKey()).toBe(1);
    // Enter opens the selected hit's row in the side pane.
    const [, table, rowid] = await cellsOf(1);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`aside.side-pane .row-panel[data-row="${table}/${rowid}"]`);
    // Far away (the rows held move there): j selects the first hit held there; j, k step from it, and k above the
    // rows held goes on up to the hit before them, whether or not it was held.
    await page.fill('.all-hits .goto-row', String(count - 10));
    await page.press('.all-hits .goto-row', 'Enter');
    await page.waitForSelector(`.all-hits .gr[data-rowkey="${count - 11}"]`);
    await page.locator('.all-hits .result-meta').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('j');
    const first = await selKey();
    expect(first).toBeGreaterThan(2);
    expect(first).toBeLessThanOrEqual(count - 11);
    await page.keyboard.press('j');
    await page.waitForSelector(`.all-hits .gr.sel[data-rowkey="${first + 1}"]`);
    await page.keyboard.press('k');
    await page.waitForSelector(`.all-hits .gr.sel[data-rowkey="${first}"]`);
    await page.keyboard.press('k');
    await page.waitForSelector(`.all-hits .gr.sel[data-rowkey="${first - 1}"]`);
    expect(await selKey()).toBe(first - 1);
    // The row selected there has arrived: a hit with its rowid drawn.
    const [, , above] = await cellsOf(first - 1);
    expect(Number(above)).toBeGreaterThan(0);
    await shot(page, 'grids-05-search-hits-walked');
  });

  it('sorts a table by an unindexed column in the background, with progress, then shows the sorted rows', async () => {
    const want = (db().prepare('SELECT id FROM net_events ORDER BY bytes_sent DESC, id DESC LIMIT 20').pluck().all() as number[]).map(
      Number,
    );
    await page.goto(suite.url(`#/e/${ev}/tables/net_events`));
    await page.waitForSelector('.gr[data-rowkey="1"]');
    // Every state the header's sort note passes through, as the page draws it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { sortStates: string[] }).sortStates = seen;
      new MutationObserver(() => {
        const note = document.querySelector('.sort-note');
        const state = note?.getAttribute('data-sort-state');
        const text = note?.textContent ?? '';
        if (state && seen[seen.length - 1] !== `${state}|${text}`) seen.push(`${state}|${text}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // Ascending first, then descending (a second click), as a reader does.
    await page.click('.gh-sort:has-text("bytes_sent")');
    await page.waitForSelector('.sort-note[data-sort-state="done"]');
    await page.click('.gh-sort:has-text("bytes_sent")');
    await page.waitForSelector('.sort-note[data-sort-state="done"]');
    await page.waitForSelector(`.gr[data-rowkey="${want[0]}"]`);
    const keys = await page.$$eval('.gr[data-rowkey]', (rows) =>
      rows.map((r) => ({ key: Number(r.getAttribute('data-rowkey')), top: r.getBoundingClientRect().top })),
    );
    const order = keys.sort((a, b) => a.top - b.top).map((k) => k.key);
    expect(order.slice(0, 20)).toEqual(want);
    const states = await page.evaluate(() => (window as unknown as { sortStates: string[] }).sortStates);
    // It ran in the background with its progress said (rows read of the table's count), then was done.
    expect(states.some((s) => s.startsWith('running|') && /no index serves a sort by bytes_sent/.test(s))).toBe(true);
    expect(states.some((s) => s.startsWith('done|'))).toBe(true);
    expect(states.findIndex((s) => s.startsWith('running|'))).toBeLessThan(states.findIndex((s) => s.startsWith('done|')));
    await shot(page, 'grids-03-sorted-unindexed');
  });
});
