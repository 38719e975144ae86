/**
 * Rows that exist only in session.db-wal (committed, never checkpointed into session.db) are marked wherever rows
 * are shown (issue 23): the Tables grid, the row view and the side pane's row panel; exactly those rows, none else.
 * The writer kept each table's first rows in session.db and wrote the rest into the -wal only, so the rows only in
 * the -wal are the last `walOnlyRowCounts[table]` rowids.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/main/serve/server.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import type { VerdictView } from '../../src/shared/contract.js';
import { goToHash, ok, shot, startBrowserSuite, until } from './harness.js';
import type { BrowserSuite } from './harness.js';

const TITLE = 'only in session.db-wal: a copy without the -wal loses this row';
let suite: BrowserSuite;
let server: RunningServer;
let page: Page;
let w: WrittenLedger;
let id: string;
/** The table the test looks at: the smallest one with rows in both files, so the grid shows all of it. */
let table: string;
let total: number;
let firstWalOnly: number;

beforeAll(async () => {
  suite = await startBrowserSuite('wal-only', {
    serve: async (dir) => {
      w = await writeLedger(join(dir, 'wal'), { generation: 'A4', wal: true });
      return { paths: [w.sessionDir] };
    },
  });
  ({ server, page } = suite);
  id = ok(server.opened[0]!).id;
  const candidates = Object.entries(w.walOnlyRowCounts).filter(([t, k]) => k > 0 && w.rowCounts[t]! > k && w.rowCounts[t]! <= 12);
  candidates.sort((a, b) => w.rowCounts[a[0]]! - w.rowCounts[b[0]]!);
  table = candidates[0]![0];
  total = w.rowCounts[table]!;
  firstWalOnly = total - w.walOnlyRowCounts[table]! + 1;
  await page.goto(suite.url(`#/e/${id}/tables/${table}`));
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(() => suite?.close());

describe('rows only in the -wal, in Chromium', () => {
  it('the Tables grid marks exactly the rows a copy without the -wal loses', async () => {
    // The mark comes once the report (which reads the copy without the -wal) is done.
    await page.waitForSelector('.gr[data-wal-only="true"]');
    await page.waitForFunction((n) => document.querySelectorAll('.gr[data-rowkey]').length === n, total);
    const rows = await page.$$eval('.gr[data-rowkey]', (trs) =>
      trs.map((r) => ({
        rowid: Number(r.getAttribute('data-rowkey')),
        marked: r.classList.contains('wal-only'),
        title: r.getAttribute('title'),
      })),
    );
    for (const r of rows) {
      const only = r.rowid >= firstWalOnly;
      expect({ rowid: r.rowid, marked: r.marked, title: r.title }).toEqual({ rowid: r.rowid, marked: only, title: only ? TITLE : null });
    }
    expect(rows.some((r) => r.marked) && rows.some((r) => !r.marked)).toBe(true);
    await shot(page, 'wal-only-01-tables');
  });

  it('the marks stay on while a finished verification has the report built again', async () => {
    // A verification that ends sends the report back to pending until it is built again; which rows live only in
    // the -wal does not change with it, so the grid must not drop its marks meanwhile (a reader caught them gone).
    await goToHash(page, `#/e/${id}/tables/${table}`);
    await page.waitForSelector('.gr[data-wal-only="true"]');
    await page.waitForSelector('header [data-testid="verdict"]:not([data-verdict="checking"])');
    await page.evaluate(() => {
      const w = window as unknown as { walMarksLost: boolean };
      w.walMarksLost = false;
      new MutationObserver(() => {
        if (!document.querySelector('.gr[data-wal-only="true"]')) w.walMarksLost = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const { jobId } = ok(await server.service.handle('jobs.verify.start', { evidenceId: id })) as { jobId: string };
    // The core's own account: this verification ended and the report that folds it in has arrived.
    await until(async () => {
      const v = ok(await server.service.handle('integrity.verdict', { evidenceId: id })) as VerdictView;
      return v.bodies.state === 'done' && v.bodies.jobId === jobId && v.report !== 'pending';
    });
    await page.waitForSelector('header [data-testid="verdict"]:not([data-verdict="checking"])');
    expect(await page.evaluate(() => (window as unknown as { walMarksLost: boolean }).walMarksLost)).toBe(false);
  });

  it("the side pane's row panel marks a row only in the -wal, and not one in session.db", async () => {
    for (const rowid of [firstWalOnly, firstWalOnly - 1]) {
      await goToHash(page, `#/e/${id}/tables/${table}?sel=${encodeURIComponent(`row/${table}/${rowid}`)}`);
      const panel = `aside.side-pane .row-panel[data-row="${table}/${rowid}"][data-wal-known="true"]`;
      await page.waitForSelector(panel);
      expect(await page.locator(`${panel} [data-testid="wal-only"]`).count()).toBe(rowid >= firstWalOnly ? 1 : 0);
    }
    await goToHash(page, `#/e/${id}/tables/${table}?sel=${encodeURIComponent(`row/${table}/${firstWalOnly}`)}`);
    await page.waitForSelector('aside.side-pane .row-panel [data-testid="wal-only"]');
    expect(await page.locator('aside.side-pane .row-panel [data-testid="wal-only"]').getAttribute('title')).toBe(TITLE);
    await shot(page, 'wal-only-02-pane');
  });

  it('the row view marks a row only in the -wal, and not one in session.db', async () => {
    for (const rowid of [total, firstWalOnly, firstWalOnly - 1, 1]) {
      await goToHash(page, `#/e/${id}/row/${table}/${rowid}`);
      await page.waitForFunction((r) => {
        const s = document.querySelector('.event-view .row-detail[data-wal-known="true"]');
        return s !== null && (s.querySelector('h2')?.textContent ?? '').includes(`rowid ${r}`);
      }, rowid);
      const marks = page.locator('.event-view .row-detail h2 [data-testid="wal-only"]');
      expect(await marks.count()).toBe(rowid >= firstWalOnly ? 1 : 0);
      if (rowid >= firstWalOnly) expect(await marks.getAttribute('title')).toBe(TITLE);
    }
    await shot(page, 'wal-only-03-row');
  });

  it('search hits mark a row only in the -wal, and not one in session.db', async () => {
    for (const rowid of [firstWalOnly, firstWalOnly - 1]) {
      await goToHash(page, `#/e/${id}/row/${table}/${rowid}`);
      await page.waitForSelector(`.event-view .row-detail h2:has-text("rowid ${rowid}")`);
      const eventId = (await page.locator('.event-view .row-detail > p.muted code').first().textContent())!;
      await goToHash(page, `#/e/${id}/search?q=${encodeURIComponent(eventId)}`);
      const hit = `ul.hits[data-wal-known="true"] li[data-hit="${table}/${rowid}"]`;
      await page.waitForSelector(hit);
      expect(await page.locator(`${hit} [data-testid="wal-only"]`).count()).toBe(rowid >= firstWalOnly ? 1 : 0);
    }
    await shot(page, 'wal-only-04-search');
  });
});
