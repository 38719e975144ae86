/**
 * A ledger SQLite cannot open, in Chromium (issue 35): serve given a page-damaged and a good ledger serves both, the
 * damaged one as DAMAGED with what could be read; the same ledger dropped onto the Start page shows the same, naming
 * the dropped folder rather than the server's upload folder.
 */
import { join, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceSummary } from '../../src/shared/contract.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let damaged: WrittenLedger;
let good: WrittenLedger;

beforeAll(async () => {
  suite = await startBrowserSuite('unreadable', {
    serve: async (dir) => {
      [damaged, good] = await Promise.all([
        writeLedger(join(dir, 'bad'), { generation: 'A4', sessionId: 'page-damaged', damage: 'corrupt-sqlite-page' }),
        writeLedger(join(dir, 'good'), { generation: 'A4', sessionId: 'good-one' }),
      ]);
      return { paths: [damaged.sessionDir, good.sessionDir] };
    },
  });
  page = suite.page;
  await page.setViewportSize({ width: 1440, height: 900 });
}, 120_000);
afterAll(() => suite?.close());

const evidence = async (): Promise<readonly EvidenceSummary[]> =>
  ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];

describe('a ledger SQLite cannot open', () => {
  it('is served beside a good one: DAMAGED, with its quick_check lines and the integrity report', async () => {
    expect(suite.server.opened.every((r) => r.ok)).toBe(true);
    const list = await evidence();
    const bad = list.find((e) => e.sessionId === 'page-damaged')!;
    const fine = list.find((e) => e.sessionId === 'good-one')!;
    expect(bad.unreadable?.code).toBe('DB_CORRUPT');
    await page.goto(suite.url(`#/e/${bad.id}/overview`));
    await page.waitForSelector('[data-testid="unreadable-overview"] [data-testid="quick-check-lines"] li');
    expect(await page.locator('.topbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('damaged');
    expect(await page.locator('[data-testid="unreadable-overview"]').textContent()).toContain('SQLite cannot read this ledger');
    await shot(page, 'unreadable-01-overview');
    await page.getByRole('link', { name: 'Open the integrity report →' }).click();
    await page.waitForSelector('.integrity [data-verdict="damaged"]');
    expect(await page.locator('.integrity').textContent()).toContain('PAGES_DAMAGED');
    // Nothing past the pages was read: no count reads as measured, nothing that reads bodies is offered.
    expect(await page.locator('[data-testid="stopped-at-pages"]').count()).toBe(1);
    expect(await page.locator('.integrity').textContent()).not.toMatch(/\d+ bodies in|tool calls/);
    expect(await page.getByRole('button', { name: /Verify all bodies|Search bodies for credentials/ }).count()).toBe(0);
    await shot(page, 'unreadable-02-integrity');
    // The good one beside it reads as ever.
    await goToHash(page, `#/e/${fine.id}/overview`);
    await page.waitForSelector('.overview .identity');
  });

  it('dropped onto the Start page, shows the verdict and names the dropped folder', async () => {
    await goToHash(page, '#/');
    await page.waitForSelector('.evidence-list tbody tr');
    expect(await page.locator('.evidence-list').textContent()).toContain('SQLite cannot read it');
    // Each row names its copy: where it was read from, and session.db's hash where one was taken.
    const copy = (await page.locator('.evidence-list tr', { hasText: 'good-one' }).locator('td.copy').textContent()) ?? '';
    expect(copy.startsWith(`…${sep}good${sep}good-one · SHA-256 `)).toBe(true);
    expect(copy).toMatch(/SHA-256 [0-9a-f]{12}…$/);
    // And its own verdict: the damaged copy reads DAMAGED beside the good one, whose bodies are verified as it opened.
    const verdictOf = (name: string) =>
      page.locator('.evidence-list tr', { hasText: name }).locator('td.verdict-cell [data-testid="verdict"]');
    await expect.poll(() => verdictOf('page-damaged').getAttribute('data-verdict')).toBe('damaged');
    await expect.poll(() => verdictOf('good-one').getAttribute('data-verdict')).toBe('intact');
    await shot(page, 'unreadable-00-start');
    const button = page.getByRole('button', { name: 'Choose a session folder…' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    await chooser.setFiles(damaged.sessionDir);
    await page.waitForSelector('[data-testid="unreadable-overview"] [data-testid="quick-check-lines"] li');
    const text = (await page.locator('[data-testid="unreadable-overview"]').textContent()) ?? '';
    expect(text).toContain('the dropped page-damaged');
    expect(text).not.toContain(suite.dir);
    expect(await page.locator('.topbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('damaged');
    await shot(page, 'unreadable-03-dropped');
    expect((await evidence()).filter((e) => e.origin === 'dropped' && e.unreadable).length).toBe(1);
    expect(suite.watched.pageErrors).toEqual([]);
  });
});
