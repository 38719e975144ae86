/**
 * Completeness beside integrity, in Chromium (issue 38): the header and the overview's Integrity card say "gaps"
 * beside the verdict (the card with the kinds); the Integrity view lists each gap with its count, what it means and
 * its example ids linked.
 */
import { join } from 'node:path';
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

beforeAll(async () => {
  suite = await startBrowserSuite('completeness', {
    serve: async (dir) => {
      ledger = await writeLedger(join(dir, 'a4'), { generation: 'A4', sessionId: 'with-gaps' });
      return { paths: [ledger.sessionDir] };
    },
  });
  page = suite.page;
  id = (ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[])[0]!.id;
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
});
