// The Search view over bodies, in Chromium against serve mode: every planted match streams in grouped by event, a
// damaged body is listed as not searched, a match opens the body viewer scrolled to it and highlighted, and a running
// search shows its progress and can be cancelled.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../../src/main/serve/server.js';
import type { VerifyRunner } from '../../../../src/main/core/jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../../../../src/main/core/jobs/verify-runner.js';
import type { Result } from '../../../../src/shared/errors.js';
import type { VerifySummary } from '../../../../src/main/core/jobs/verify-types.js';
import type { ContentBody } from '../../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { shot, startBrowserSuite } from '../../harness.js';
import type { BrowserSuite } from '../../harness.js';

const NEEDLE = 'exfil-marker-91c2';
let suite: BrowserSuite;
let ledger: WrittenLedger;
let server: RunningServer;
let page: Page;
let evId: string;
/** When set, a search is a stand-in that reports progress and one match, then runs until it is cancelled. */
let slow = false;

const runner: VerifyRunner = {
  prestart: (n) => inProcessVerifyRunner.prestart(n),
  start(spec, options) {
    if (!slow) return inProcessVerifyRunner.start(spec, options);
    let settle: (r: Result<VerifySummary>) => void = () => undefined;
    const result = new Promise<Result<VerifySummary>>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => {
      options.onProgress?.({ itemsDone: 3, itemsTotal: 10, bytesDone: 300, bytesTotal: 1000, failed: 0 });
      options.onMatches?.([
        {
          eventId: 'aaaaaaaaaaaa',
          source: { kind: 'body', sourceTable: 'net_events', direction: 'request' },
          offset: 5,
          length: NEEDLE.length,
          before: 'x',
          match: NEEDLE,
          after: 'y',
        },
      ]);
    }, 50);
    return {
      result,
      cancel: () => {
        clearTimeout(timer);
        settle({ ok: false, error: { code: 'CANCELLED', message: 'body search was cancelled before it finished' } });
      },
      activeWorkers: () => 0,
    };
  },
};

/** The needle at the start and at the very end of every body (so one lies deep in the longest). */
function plant(b: ContentBody): Uint8Array {
  if (b.contentType?.includes('msgpack')) return b.bytes;
  return Buffer.concat([Buffer.from(NEEDLE), b.bytes, Buffer.from(NEEDLE)]);
}

const keyOf = (k: { eventId: string; sourceTable: string; direction: string }): string => `${k.eventId}/${k.sourceTable}/${k.direction}`;

beforeAll(async () => {
  suite = await startBrowserSuite('body-search', {
    serve: async (dir) => {
      ledger = await writeLedger(join(dir, 'l'), {
        generation: 'A4',
        seed: 7,
        sessionId: '20260302-150000-bs00',
        bodyScale: 20,
        plant,
        damage: 'flip-payload-byte',
      });
      return { paths: [ledger.sessionDir], verifyRunner: runner };
    },
  });
  ({ server, page } = suite);
  const first = server.opened[0]!;
  if (!first.ok) throw new Error(first.error.message);
  evId = first.value.id;
});

afterAll(() => suite?.close());

describe('Search view: inside the bodies', () => {
  it('streams every match of the verified bodies, grouped by event, and lists the damaged bodies as not searched', async () => {
    await page.goto(suite.url(`#/e/${evId}/search?q=${NEEDLE}`));
    await page.getByRole('button', { name: /Search every body for/ }).click();
    await page.waitForSelector('.body-search-status[data-phase="done"]');
    const affected = new Set(ledger.damage!.affected.map(keyOf));
    const searched = ledger.bodies.filter((b) => !b.injected && !affected.has(keyOf(b.key)) && !b.row.contentType?.includes('msgpack'));
    expect(await page.locator('.match-total').textContent()).toBe(String(2 * searched.length));
    expect(await page.locator('.hit-group').count()).toBe(new Set(searched.map((b) => b.key.eventId)).size);
    expect(await page.locator('.not-searched li').count()).toBe(affected.size);
    await shot(page, 'search-bodies-done');
  });

  it('opens a match in the body viewer, scrolled to it and highlighted', async () => {
    const longest = [...ledger.bodies]
      .filter((b) => !ledger.damage!.affected.some((k) => keyOf(k) === keyOf(b.key)) && !b.injected)
      .sort((a, b) => b.bytes.length - a.bytes.length)[0]!;
    const at = longest.bytes.length - NEEDLE.length;
    const link = page.locator(`.hit-group[data-event="${longest.key.eventId}"] a.hit`, {
      hasText: `${longest.key.sourceTable}/${longest.key.direction} @${at}`,
    });
    await link.first().click();
    await page.waitForFunction(() => {
      const v = document.querySelector('.body-view');
      return v !== null && v.getAttribute('data-total') !== '' && v.getAttribute('data-loaded') === v.getAttribute('data-total');
    });
    expect(page.url()).toContain(`at=${at}%2B${NEEDLE.length}`);
    const mark = page.locator('.brow.hit mark').first();
    await mark.waitFor();
    expect(await mark.textContent()).toBe(NEEDLE);
    // Scrolled into the list's visible box.
    const list = (await page.locator('.rowlist').boundingBox())!;
    const box = (await mark.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(list.y);
    expect(box.y + box.height).toBeLessThanOrEqual(list.y + list.height);
    expect(await page.locator('.rowlist').evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
    await shot(page, 'search-bodies-match-opened');
  });

  it('shows progress while a search runs, and cancels it', async () => {
    slow = true;
    try {
      await page.goto(suite.url(`#/e/${evId}/search?q=${NEEDLE}`));
      await page.getByRole('button', { name: /Search every body for/ }).click();
      await page.waitForSelector('progress[aria-label="body search progress"]');
      await expect.poll(() => page.locator('.match-total').textContent()).toBe('1');
      expect(await page.locator('.body-search-status').textContent()).toContain('3 of 10 bodies checked');
      await shot(page, 'search-bodies-running');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForSelector('.body-search-status[data-phase="failed"]');
      expect(await page.locator('.body-search-status').textContent()).toContain('cancelled');
      expect(await page.locator('progress[aria-label="body search progress"]').count()).toBe(0);
    } finally {
      slow = false;
    }
  });
});
