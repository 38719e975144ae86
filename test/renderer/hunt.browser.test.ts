/**
 * The Hunt view in real headless Chromium against serve mode started on a Capsem home (three sessions on disk, two
 * gone, one with damaged bodies): reached from the Library, a hunt runs to its end, its hits are grouped by session,
 * the missing sessions and damaged bodies are listed apart, and a hit opens its session at the event. Every wait is
 * on the app's own signals (data attributes), never a sleep.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/main/serve/server.js';
import { NEEDLE, writeHuntHome } from '../main/core/hunt/hunt-home.js';
import type { BrowserSuite, Watched } from './harness.js';
import { shot, startBrowserSuite } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let w: Watched;
let page: Page;

beforeAll(async () => {
  suite = await startBrowserSuite('hunt-browser', {
    serve: async (d) => {
      await writeHuntHome(join(d, 'home'));
      return { paths: [join(d, 'home')], sampleDir: null, openOptions: { scratchRoot: d } };
    },
  });
  ({ server, watched: w, page } = suite);
});

afterAll(() => suite?.close());

const attrs = (p: Page, sel: string, name: string): Promise<string[]> =>
  p.$$eval(sel, (els, n) => els.map((e) => e.getAttribute(n) ?? ''), name);

describe('Hunt view (serve mode on a Capsem home)', () => {
  it('is reached from the Library and hunts every session, hits grouped by session', async () => {
    await page.goto(suite.url('#/'));
    await page.waitForSelector('[data-testid="library"]');
    await page.click('[data-testid="library-hunt"]');
    await page.waitForSelector('[data-testid="hunt-form"]');
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/library\/lib-[0-9a-f]+\/hunt$/);
    await page.fill('input[aria-label="indicator 1 value"]', NEEDLE);
    await page.click('text=+ Add indicator');
    await page.selectOption('select[aria-label="indicator 2 kind"]', 'process');
    await page.fill('input[aria-label="indicator 2 value"]', 'no-such-process-here');
    await page.click('[data-testid="hunt-run"]');
    await page.waitForSelector('[data-testid="hunt-progress"][data-done="true"]');
    expect(await page.textContent('[data-testid="hunt-progress"]')).toMatch(/^Done: 5 of 5 sessions/);
    // Newest first, as the host ledger lists them: s-delta, then s-alpha; s-charlie holds no needle.
    expect(await attrs(page, '[data-testid="hunt-group"]', 'data-session')).toEqual(['s-delta', 's-alpha']);
    expect(await page.locator('[data-testid="hunt-group"][data-session="s-alpha"] [data-testid="hunt-hit"]').count()).toBeGreaterThan(10);
    expect((await attrs(page, '[data-testid="hunt-skipped-session"]', 'data-session')).sort()).toEqual(['s-bravo', 's-echo']);
    expect(await page.textContent('[data-testid="hunt-skipped"]')).toContain('missing from disk');
    expect(await page.textContent('[data-testid="hunt-damaged"]')).toContain('failed verification, not searched');
    await shot(page, 'hunt-01-results');
    await page.setViewportSize({ width: 1024, height: 700 });
    await shot(page, 'hunt-02-results-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('opens a hit’s session at the event, its body verified with the match shown', async () => {
    const hit = page.locator('[data-testid="hunt-group"][data-session="s-alpha"] [data-testid="hunt-hit"]').first();
    const eventId = (await hit.getAttribute('data-event'))!;
    const where = (await hit.locator('td').first().textContent())!;
    const [table, direction] = where.replace(/ body$/, '').split(' / ');
    await hit.locator('[data-testid="hunt-open"]').click();
    await page.waitForFunction((id) => window.location.hash.includes(`/event/${id}`), eventId);
    expect(await page.evaluate(() => decodeURIComponent(window.location.hash))).toContain(`/event/${eventId}?body=${table}/${direction}`);
    // The body itself, verified, with the hit's bytes found in it: what a reviewer opened the hit to see.
    await page.waitForFunction(() => /✓ verified/.test(document.body.innerText) && /match at byte \d+/.test(document.body.innerText));
    await shot(page, 'hunt-03-opened-hit');
    expect(server.opened).toEqual([]);
    expect(w.pageErrors).toEqual([]);
    expect(w.consoleErrors).toEqual([]);
  });
});
