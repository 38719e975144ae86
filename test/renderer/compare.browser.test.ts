/**
 * The Compare view in real headless Chromium against serve mode: two library sessions picked in the Library
 * (host counters exact, differences marked), two opened ledgers by link (row counts as written, findings from
 * each integrity report), the "only differences" filter, and the picker.
 */
import { join, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/main/serve/server.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { LibraryHome } from '../main/core/library/library-home.js';
import { writeLibraryHome } from '../main/core/library/library-home.js';
import type { BrowserSuite, Watched } from './harness.js';
import { ok, shot, startBrowserSuite } from './harness.js';

let suite: BrowserSuite;
let home: LibraryHome;
let one: WrittenLedger;
let damaged: WrittenLedger;
/** `one` again, the same session written the same way, with one body's bytes flipped in its archive. */
let oneFlipped: WrittenLedger;
let server: RunningServer;
let w: Watched;
let page: Page;

beforeAll(async () => {
  suite = await startBrowserSuite('compare-browser', {
    serve: async (dir) => {
      home = await writeLibraryHome(join(dir, 'home'));
      one = await writeLedger(join(dir, 'one'), { generation: 'A4', seed: 31, sessionId: '20260302-150000-one1' });
      damaged = await writeLedger(join(dir, 'two'), {
        generation: 'A4',
        seed: 32,
        sessionId: '20260302-150000-two2',
        damage: 'missing-archive',
      });
      oneFlipped = await writeLedger(join(dir, 'one-flipped'), {
        generation: 'A4',
        seed: 31,
        sessionId: '20260302-150000-one1',
        damage: 'flip-payload-byte',
      });
      return { paths: [home.home], sampleDir: null, openOptions: { scratchRoot: dir } };
    },
  });
  ({ server, watched: w, page } = suite);
});

afterAll(() => suite?.close());

async function row(section: string, key: string): Promise<{ a: string; b: string; differs: boolean } | null> {
  return page.evaluate(
    ([s, k]) => {
      const tr = Array.from(document.querySelectorAll(`[data-testid="cmp-${s}"] tr[data-key]`)).find(
        (t) => t.getAttribute('data-key') === k,
      );
      if (!tr) return null;
      const td = tr.querySelectorAll('td');
      return { a: td[1]?.textContent ?? '', b: td[2]?.textContent ?? '', differs: tr.classList.contains('differs') };
    },
    [section, key] as const,
  );
}

describe('Compare view (serve mode)', () => {
  it('compares two sessions picked in the Library: counters exact, differences marked, unknown sides explained', async () => {
    await page.goto(`${server.origin}/?token=${server.token}#/`);
    await page.waitForSelector('[data-testid="library"]');
    await page.locator('[data-rowkey="s-alpha"] td').nth(1).click();
    await page.getByRole('button', { name: 'Set as A' }).click();
    await page.locator('[data-rowkey="s-bravo"] td').nth(1).click();
    await page.getByRole('button', { name: 'Set as B' }).click();
    await page.getByRole('link', { name: /Compare A ↔ B/ }).click();
    await page.waitForSelector('[data-testid="compare"]');
    const hash = await page.evaluate(() => window.location.hash);
    expect(decodeURIComponent(hash)).toMatch(/^#\/compare\?a=l\.lib-[0-9a-f]+\.s-alpha&b=l\.lib-[0-9a-f]+\.s-bravo$/);
    expect(await row('counters', 'net.total')).toEqual({ a: '10', b: '0', differs: true });
    expect(await row('counters', 'net.bytes_received')).toEqual({ a: '4,096', b: '1,152,921,504,606,859,321', differs: true });
    expect(await row('counters', 'model.cost_usd')).toEqual({ a: '$0.012340', b: '$0.000000', differs: true });
    expect(await row('counters', 'tools.calls')).toEqual({ a: '2', b: '0', differs: true });
    expect(await row('models', 'anthropic · claude-x')).toEqual({ a: '3 calls · 1,000 in · 200 out · $0.012340', b: '—', differs: true });
    expect(await page.locator('[data-testid="cmp-tables"] .cmp-unknown').textContent()).toMatch(/B: .*no longer on disk/);
    expect(await page.locator('[data-testid="side-A"]').textContent()).toContain('s-alpha');
    expect(await page.locator('[data-testid="side-B"]').textContent()).toContain('crashed');
    // s-alpha's ledger was opened by id for its tables and domains; its integrity report fills the findings.
    await page.waitForSelector('[data-testid="cmp-findings"]');
    expect((await row('findings', 'verdict'))?.a).toMatch(/checking|intact|damaged|bodies not verified/);
    expect(await page.locator('[data-testid="cmp-findings"] .cmp-unknown').textContent()).toMatch(/B: no session ledger is open/);
    await shot(page, 'compare-01-library-sessions');
  });

  it('filters to the differences only', async () => {
    const all = await page.locator('.cmp-table tbody tr').count();
    const marked = await page.locator('.cmp-table tbody tr.differs').count();
    await page.getByLabel('only differences').check();
    await page.waitForFunction((n) => document.querySelectorAll('.cmp-table tbody tr').length === n, marked);
    expect(marked).toBeLessThan(all);
    expect(await page.locator('.cmp-table tbody tr:not(.differs)').count()).toBe(0);
    expect(await page.locator('[data-testid="cmp-tables"]').textContent()).toContain('No differences.');
    await shot(page, 'compare-02-only-differences');
  });

  it('compares two opened ledgers from a link: row counts as written, findings from both integrity reports', async () => {
    const a = ok(await server.service.openPaths([one.sessionDir]));
    const b = ok(await server.service.openPaths([damaged.sessionDir]));
    await page.evaluate((h) => (window.location.hash = h), `#/compare?a=e.${a.id}&b=e.${b.id}`);
    await page.waitForSelector('[data-testid="cmp-findings"]');
    for (const [table, n] of Object.entries(one.rowCounts)) expect((await row('tables', table))?.a).toBe(n.toLocaleString('en-US'));
    for (const [table, n] of Object.entries(damaged.rowCounts)) expect((await row('tables', table))?.b).toBe(n.toLocaleString('en-US'));
    // The verdict row is the combined verdict (the header's): "checking" until every body of both is verified.
    await page.waitForFunction(() => {
      const td = document.querySelectorAll('[data-testid="cmp-findings"] tr[data-key="verdict"] td');
      return td.length > 2 && td[1]?.textContent !== 'checking' && td[2]?.textContent !== 'checking';
    });
    expect(await row('findings', 'verdict')).toEqual({ a: 'intact', b: 'damaged', differs: true });
    const findingKeys = await page.$$eval('[data-testid="cmp-findings"] tr[data-key]', (trs) =>
      trs.map((t) => t.getAttribute('data-key') ?? ''),
    );
    expect(findingKeys.some((k) => k.startsWith('error · '))).toBe(true);
    expect(await page.locator('[data-testid="cmp-domains"] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="cmp-tools"] tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'compare-03-opened-ledgers');
    // A model's name keeps a readable width beside its long values (it was one character per line).
    const models = page.locator('[data-testid="cmp-models"]');
    await models.scrollIntoViewIfNeeded();
    const keyWidth = await models
      .locator('td.cmp-key')
      .first()
      .evaluate((td) => td.getBoundingClientRect().width);
    const charWidth = await models
      .locator('td.cmp-key')
      .first()
      .evaluate((td) => parseFloat(getComputedStyle(td).fontSize) / 2);
    expect(keyWidth).toBeGreaterThan(charWidth * 12);
    await shot(page, 'compare-03b-models');
  });

  it('counts the findings among the differences of an intact copy and a damaged one of the same session', async () => {
    const a = ok(await server.service.openPaths([one.sessionDir]));
    const b = ok(await server.service.openPaths([oneFlipped.sessionDir]));
    await page.evaluate((h) => (window.location.hash = h), `#/compare?a=e.${a.id}&b=e.${b.id}`);
    await page.waitForSelector('[data-testid="cmp-total"][data-checking="no"]');
    expect(await row('findings', 'verdict')).toEqual({ a: 'intact', b: 'damaged', differs: true });
    // The two copies read apart: each names its folder, both files' hashes and its verdict.
    expect(await page.locator('[data-testid="copy-A"]').textContent()).toContain(`…/one/${one.sessionId}`);
    expect(await page.locator('[data-testid="copy-B"]').textContent()).toContain(`…/one-flipped/${one.sessionId}`);
    const archiveSha = async (l: string): Promise<string | null> =>
      page.locator(`[data-testid="copy-${l}"] .mono`).nth(2).getAttribute('title');
    expect(await archiveSha('A')).not.toBe(await archiveSha('B'));
    expect(await page.locator('[data-testid="side-B"] [data-testid="verdict"]').getAttribute('data-verdict')).toBe('damaged');
    const bodies = await row('findings', 'bodies');
    expect(bodies?.a).toMatch(/^[\d,]+ of [\d,]+ verified$/);
    expect(bodies?.b).toMatch(/^[\d,]+ of [\d,]+ verified · [\d,]+ failed$/);
    // Every body of both was verified: neither side's report may still say its bodies were not.
    expect(await row('findings', 'note · BODIES_UNVERIFIED')).toBeNull();
    // The same session: tables and counters agree, so every difference counted is a finding, and all are counted.
    const marked = await page.locator('.cmp-table tbody tr.differs').count();
    expect(await page.locator('[data-testid="cmp-findings"] tbody tr.differs').count()).toBe(marked);
    expect(marked).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="cmp-total"] strong').textContent()).toBe(String(marked));
    await shot(page, 'compare-05-intact-and-damaged-copy');
  });

  it('offers a picker when the link names no sides, and compares what is picked', async () => {
    await page.evaluate(() => (window.location.hash = '#/compare'));
    await page.waitForSelector('[data-testid="compare-picker"]');
    await page.waitForSelector('select[aria-label="side A"] option[value*="s-charlie"]', { state: 'attached' });
    await shot(page, 'compare-04-picker');
    // Two copies of one session read apart: each option names where it was read from and its session.db hash.
    const copies = (await page.locator('select[aria-label="side A"] option[value^="e."]').allTextContents()).filter((t) =>
      t.includes('20260302-150000-one1'),
    );
    expect(copies.length).toBe(2);
    expect(copies.some((t) => t.includes(`…${sep}one${sep}20260302-150000-one1 · SHA-256 `))).toBe(true);
    expect(copies.some((t) => t.includes(`…${sep}one-flipped${sep}20260302-150000-one1 · SHA-256 `))).toBe(true);
    const libOption = await page.locator('select[aria-label="side A"] option[value*="s-charlie"]').getAttribute('value');
    const evOption = await page.locator('select[aria-label="side B"] option[value^="e."]').first().getAttribute('value');
    await page.selectOption('select[aria-label="side A"]', libOption!);
    await page.selectOption('select[aria-label="side B"]', evOption!);
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.waitForSelector('[data-testid="compare"]');
    expect(await page.locator('[data-testid="side-A"]').textContent()).toContain('s-charlie');
  });

  it('shows a refused link as an error with the picker, never calls outside its origin, raises no page error', async () => {
    await page.evaluate(() => (window.location.hash = '#/compare?a=e.nope&b=e.nope2'));
    await page.waitForSelector('.error-note');
    expect(await page.locator('.error-note').textContent()).toContain('no open evidence has id nope');
    expect(w.requests.filter((u) => !u.startsWith(server.origin))).toEqual([]);
    expect(w.pageErrors).toEqual([]);
  });
});
