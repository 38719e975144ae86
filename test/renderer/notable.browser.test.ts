/**
 * The notable set in Chromium, serve mode with --notable: a session opened from the command line is scanned for the
 * saved set by itself, and its Overview then says "Notable: 1 of 2 saved indicators found here", naming the planted
 * entry (not the absent one); the entry opens to its hits, and a hit's link goes to its row. The page waits for the
 * app's own signal (notable.changed, then the summary drawn), never a sleep. Screenshots at 1440×900 and 1024×700.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceSummary } from '../../src/shared/contract.js';
import { addNotable } from '../../src/main/core/notable/notable-edit.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { plantRows } from '../cli/commands/hunt-run.js';
import { SHOTS, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

const PLANTED = 'beacon.notable-browser.example';
/** Where the review looks at them, beside the suite's own screenshot folder. */
const REVIEW_SHOTS = '/tmp/shots-notable';
let suite: BrowserSuite;
let page: Page;
let id: string;

async function shotForReview(name: string): Promise<void> {
  await shot(page, name);
  mkdirSync(REVIEW_SHOTS, { recursive: true });
  copyFileSync(join(SHOTS, `${name}.png`), join(REVIEW_SHOTS, `${name}.png`));
}

beforeAll(async () => {
  suite = await startBrowserSuite('notable', {
    serve: async (dir) => {
      const w = await writeLedger(join(dir, 'evidence'), { generation: 'A4', sessionId: 'notable-view', journalMode: 'delete' });
      plantRows(w, `UPDATE net_events SET domain = '${PLANTED}' WHERE id = (SELECT MIN(id) FROM net_events)`);
      const notablePath = join(dir, 'set.capsem-notable');
      addNotable(notablePath, 'c2-beacon', [{ kind: 'domain', value: PLANTED }]);
      addNotable(notablePath, 'absent-token', [{ kind: 'fixed', value: 'NOTABLE-browser-nowhere' }]);
      return { paths: [w.sessionDir], notablePath };
    },
  });
  page = suite.page;
  id = (ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[])[0]!.id;
}, 120_000);
afterAll(() => suite?.close());

describe('the notable set on the Overview', () => {
  it('flags the saved indicator the session holds, with links to its hits', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${id}/overview`));
    const summary = page.locator('[data-testid="notable-summary"]');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toBe('Notable: 1 of 2 saved indicators found here');
    const found = page.locator('[data-testid="notable-found"]');
    expect(await found.evaluateAll((li) => li.map((l) => l.getAttribute('data-name')))).toEqual(['c2-beacon']);
    await found.locator('summary').click();
    const hit = page.locator('[data-testid="notable-hit"]').first();
    await hit.waitFor();
    const rowid = suite.server.service.registry.get(id).db.prepare('SELECT MIN(id) FROM net_events').pluck().get() as number;
    expect(await hit.getAttribute('href')).toBe(`#/e/${id}/row/net_events/${rowid}`);
    await shotForReview('notable-overview-1440');
    await page.setViewportSize({ width: 1024, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shotForReview('notable-overview-1024');
    await hit.click();
    await page.waitForFunction((h) => window.location.hash.startsWith(h), `#/e/${id}/row/net_events/`);
    expect(suite.watched.pageErrors).toEqual([]);
    expect(readdirSync(REVIEW_SHOTS)).toEqual(expect.arrayContaining(['notable-overview-1440.png', 'notable-overview-1024.png']));
  });
});
