// At scale (issue 26), in Chromium against serve mode, on a generated 100,000-row ledger: the table's scrollbar spans
// every row and "go to row" and a drag to the middle land there; the trace list sorts by a column both ways; a pasted
// turn, tool call or event id opens its item (from the trace list and from Search).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTraces } from '../../src/main/core/traces/traces.js';
import type { RunningServer } from '../../src/main/serve/server.js';
/** DataGrid's GRID_ROW_HEIGHT (a .tsx module the test project does not compile). */
const GRID_ROW_HEIGHT = 26;
import { BIG_TABLE_ROWS, bigLedger } from './fixtures.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite, Watched } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let w: Watched;
let page: Page;
let ev: string;

const go = (hash: string): Promise<unknown> => page.goto(suite.url(hash));
const db = () => server.service.registry.get(ev).db;

beforeAll(async () => {
  suite = await startBrowserSuite('scale', {
    serve: async (dir) => {
      const big = await bigLedger(join(dir, 'big'));
      return { paths: [big.sessionDir] };
    },
  });
  ({ server, watched: w, page } = suite);
  ev = ok(server.opened[0]!).id;
});

afterAll(() => suite?.close());

describe('at scale', () => {
  it('spans every row of a table and goes to row N, or to where the scrollbar is dragged', async () => {
    await go(`#/e/${ev}/tables/net_events`);
    await page.waitForSelector('.gr[data-rowkey="1"]');
    await page.waitForSelector('.goto-row');
    // The scroll height covers all rows, not the ones loaded.
    const height = await page.$eval('.grid-body', (el) => el.getBoundingClientRect().height);
    expect(height).toBe(BIG_TABLE_ROWS * GRID_ROW_HEIGHT);
    await page.fill('.goto-row', '60,000');
    await page.press('.goto-row', 'Enter');
    await page.waitForSelector('.gr[data-rowkey="60000"]');
    // Drawn at its own place along the whole table (its row number less one, in rows).
    const top = await page.$eval(
      '.gr[data-rowkey="60000"]',
      (el) => el.getBoundingClientRect().top - document.querySelector('.grid-body')!.getBoundingClientRect().top,
    );
    expect(top).toBe(59_999 * GRID_ROW_HEIGHT);
    await shot(page, 'scale-01-goto-row');
    // A drag of the scrollbar to the middle: the rows there come by one seek.
    await page.$eval('.grid-scroll', (el) => (el.scrollTop = (el.scrollHeight - el.clientHeight) / 2));
    await expect
      .poll(async () =>
        (await page.$$eval('.gr[data-rowkey]', (rows) => rows.map((r) => Number(r.getAttribute('data-rowkey'))))).some(
          (k) => Math.abs(k - BIG_TABLE_ROWS / 2) < 100,
        ),
      )
      .toBe(true);
    await shot(page, 'scale-02-mid-table');
    // Rows around the place are contiguous (no gap where the seek's page joins what is paged on).
    const keys = (await page.$$eval('.gr[data-rowkey]', (rows) => rows.map((r) => Number(r.getAttribute('data-rowkey'))))).sort(
      (a, b) => a - b,
    );
    expect(keys[keys.length - 1]! - keys[0]!).toBe(keys.length - 1);
  });

  it('sorts the trace list by model calls, both ways, and filters it', async () => {
    const traces = listTraces(db()).traces;
    expect(traces.length).toBeGreaterThan(1);
    const byCalls = [...traces].sort((a, b) => b.modelCalls - a.modelCalls || a.traceId.localeCompare(b.traceId));
    await go(`#/e/${ev}/graph`);
    await page.waitForSelector('table.traces tbody tr');
    await page.click('button[data-sort="modelCalls"]');
    const rows = (): Promise<string[]> => page.$$eval('table.traces tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-trace-id')!));
    await expect.poll(rows).toEqual(byCalls.map((t) => t.traceId));
    await page.click('button[data-sort="modelCalls"]');
    await expect
      .poll(async () => (await rows())[0])
      .toBe([...traces].sort((a, b) => a.modelCalls - b.modelCalls || a.traceId.localeCompare(b.traceId))[0]!.traceId);
    await page.fill('.trace-filter', traces[1]!.traceId.toUpperCase());
    await expect.poll(rows).toEqual([traces[1]!.traceId]);
  });

  it('opens the item a pasted turn, tool call or event id names', async () => {
    const mc = db().prepare('SELECT trace_id AS t, turn_id AS u FROM model_calls WHERE turn_id IS NOT NULL ORDER BY id LIMIT 1').get() as {
      t: string;
      u: string;
    };
    const tc = db().prepare('SELECT id, call_id AS c, event_id AS e FROM tool_calls ORDER BY id LIMIT 1').get() as {
      id: number;
      c: string;
      e: string;
    };
    await go(`#/e/${ev}/graph`);
    await page.waitForSelector('.trace-filter');
    await page.fill('.trace-filter', mc.u);
    await page.press('.trace-filter', 'Enter');
    await page.waitForURL((u) => u.hash === `#/e/${ev}/graph/${encodeURIComponent(mc.t)}`);
    await go(`#/e/${ev}/graph`);
    await page.waitForSelector('.trace-filter');
    await page.fill('.trace-filter', tc.c);
    await page.press('.trace-filter', 'Enter');
    await page.waitForURL((u) => u.hash.startsWith(`#/e/${ev}/row/tool_calls/${tc.id}`));
    // From Search: the links above the rows that mention it.
    await go(`#/e/${ev}/search?q=${tc.e}`);
    await page.waitForSelector('.id-links a[data-kind="event"]');
    await shot(page, 'scale-03-search-id');
    await page.click('.id-links a[data-kind="event"]');
    await page.waitForURL((u) => u.hash.startsWith(`#/e/${ev}/row/tool_calls/${tc.id}`));
    expect(w.pageErrors).toEqual([]);
  });
});
