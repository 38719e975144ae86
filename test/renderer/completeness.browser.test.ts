/**
 * Completeness beside integrity, in Chromium (issue 38): the header and the overview's Integrity card say "gaps"
 * beside the verdict (the card with the kinds); the Integrity view lists each gap with its count, what it means and
 * its example ids linked. The overview sets the writer's counters beside the rows, a tail cut after the snapshot
 * shown as the rows it lacks.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceSummary } from '../../src/shared/contract.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let ledger: WrittenLedger;
let id: string;
let cutId: string;

beforeAll(async () => {
  suite = await startBrowserSuite('completeness', {
    serve: async (dir) => {
      ledger = await writeLedger(join(dir, 'a4'), { generation: 'A4', sessionId: 'with-gaps' });
      // A copy of the fixture with its last three net rows removed after the writer's counter snapshot.
      const cut = join(dir, 'cut', 'tail-cut');
      cpSync(ledger.sessionDir, cut, { recursive: true });
      const db = new Database(join(cut, 'session.db'));
      db.exec('DELETE FROM net_events WHERE id IN (SELECT id FROM net_events ORDER BY id DESC LIMIT 3)');
      db.close();
      return { paths: [ledger.sessionDir, cut] };
    },
  });
  page = suite.page;
  const listed = ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];
  id = listed.find((e) => e.sessionId === 'with-gaps')!.id;
  cutId = listed.find((e) => e.sessionId === 'tail-cut')!.id;
}, 120_000);
afterAll(() => suite?.close());

describe('completeness in the page', () => {
  it('the overview says gaps beside the verdict; the Integrity view lists each gap with its rows', async () => {
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(suite.url(`#/e/${id}/overview`));
      await page.waitForSelector('.overview [data-testid="completeness"][data-completeness="gaps"]');
      expect(await page.locator('.overview .completeness-line').textContent()).toContain('BODY_CUT · FILE_EVENTS_OVERFLOW');
      // The header says it beside the verdict, on every view.
      await page.waitForSelector('.topbar [data-testid="completeness"][data-completeness="gaps"]');
      await shot(page, `completeness-01-overview-${width}`);
      await goToHash(page, `#/e/${id}/integrity`);
      await page.waitForSelector('.completeness-card [data-gap="BODY_CUT"]');
      const cut = (await page.locator('.completeness-card [data-gap="BODY_CUT"]').textContent()) ?? '';
      expect(cut).toContain(`${ledger.expected.truncatedBodies}`);
      expect(cut).toContain('cut at capture');
      expect(await page.locator('.completeness-card [data-gap="FILE_EVENTS_OVERFLOW"]').count()).toBe(1);
      await page.locator('.completeness-card').scrollIntoViewIfNeeded();
      await shot(page, `completeness-02-integrity-${width}`);
    }
    expect(suite.watched.pageErrors).toEqual([]);
  });

  it("the overview sets the writer's counters beside the rows, the cut tail shown as rows it lacks", async () => {
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(suite.url(`#/e/${cutId}/overview`));
      await page.waitForSelector('[aria-label="counters beside the rows"]');
      const net = page.locator('[aria-label="counters beside the rows"] tr[data-counter="net.total"]');
      expect(await net.locator('[data-difference="snapshot"]').textContent()).toBe('-3');
      expect(await net.locator('[data-difference="snapshot"]').getAttribute('title')).toContain('3 counted but not in the ledger');
      expect(
        await page
          .locator('[aria-label="counters beside the rows"] tr[data-counter="model.total.calls"] [data-difference="snapshot"]')
          .textContent(),
      ).toBe('=');
      await page.locator('[aria-label="counters beside the rows"]').scrollIntoViewIfNeeded();
      await shot(page, `completeness-03-counters-${width}`);
    }
    await page.locator('[aria-label="counters beside the rows"] tr[data-counter="net.total"] a').click();
    await page.waitForFunction(() => window.location.hash.includes('/tables/net_events'));
    expect(suite.watched.pageErrors).toEqual([]);
  });
});
