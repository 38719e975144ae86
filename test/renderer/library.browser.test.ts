/**
 * The Library view in real headless Chromium against serve mode started on a Capsem home: the start screen,
 * chain status, the session table, the service timeline, opening a session by id, and a broken chain listed.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/main/serve/server.js';
import { startServer } from '../../src/main/serve/server.js';
import type { ExpectedBreak } from '../fixtures/writer/host/host-mutations.js';
import { modifyField, swapRows } from '../fixtures/writer/host/host-mutations.js';
import type { LibraryHome } from '../main/core/library/library-home.js';
import { writeLibraryHome } from '../main/core/library/library-home.js';
import type { BrowserSuite, Watched } from './harness.js';
import { RENDERER_DIR, shot, startBrowserSuite, watchedPage } from './harness.js';

let suite: BrowserSuite;
let dir: string;
let home: LibraryHome;
let browser: Browser;
let server: RunningServer;
let w: Watched;
let page: Page;

beforeAll(async () => {
  suite = await startBrowserSuite('library-browser', {
    serve: async (d) => {
      home = await writeLibraryHome(join(d, 'home'));
      return { paths: [home.home], sampleDir: null, openOptions: { scratchRoot: d } };
    },
  });
  ({ dir, server, browser, watched: w, page } = suite);
});

afterAll(() => suite?.close());

const rowKeys = (p: Page): Promise<string[]> =>
  p.$$eval('[data-testid="session-table"] tbody tr[data-rowkey]', (rows) => rows.map((r) => r.getAttribute('data-rowkey') ?? ''));
const cellTexts = (p: Page, key: string): Promise<string[]> =>
  p.$$eval(`[data-rowkey="${key}"] td`, (cells) => cells.map((c) => c.textContent ?? ''));

describe('Library view (serve mode on a Capsem home)', () => {
  it('serve mode opened the home as a library, not as evidence', () => {
    expect(server.libraries).toHaveLength(1);
    expect(server.libraries[0]!.ok).toBe(true);
    expect(server.opened).toEqual([]);
  });

  it('is the start screen: chain intact, five sessions newest first, the service timeline', async () => {
    await page.goto(`${server.origin}/?token=${server.token}#/`);
    await page.waitForSelector('[data-testid="library"]');
    expect(await page.evaluate(() => window.location.hash)).toMatch(/^#\/library\/lib-[0-9a-f]+$/);
    const banner = page.locator('[data-testid="chain-banner"]');
    expect(await banner.getAttribute('data-intact')).toBe('true');
    expect(await banner.textContent()).toContain('chain intact');
    expect(await banner.textContent()).toContain('cannot be shown without an outside anchor');
    expect(await rowKeys(page)).toEqual(['s-echo', 's-delta', 's-charlie', 's-bravo', 's-alpha']);
    const alpha = await cellTexts(page, 's-alpha');
    expect(alpha[0]).toBe('*');
    expect(await page.locator('[data-rowkey="s-alpha"] td').first().getAttribute('title')).toBe('session.db on disk in run/sessions');
    expect(alpha.slice(1, 3)).toEqual(['s-alpha', 'stopped']);
    expect(alpha[3]).toBe(new Date(home.sessions[0]!.createdMs).toISOString().slice(0, 19).replace('T', ' '));
    expect(await page.locator('[data-rowkey="s-alpha"] td').nth(3).getAttribute('title')).toBe(
      new Date(home.sessions[0]!.createdMs).toISOString(),
    );
    expect(alpha.slice(5)).toEqual(['1m 00s', '$0.0123', '10', '1,200', '2', '5']);
    const bravo = await cellTexts(page, 's-bravo');
    expect(bravo[0]).toBe('');
    expect(bravo[2]).toBe('crashed');
    expect((await cellTexts(page, 's-charlie'))[0]).toBe('*');
    expect(await page.locator('[data-rowkey="s-charlie"] td').first().getAttribute('title')).toBe('session.db on disk in run/persistent');
    expect((await cellTexts(page, 's-echo')).slice(6)).toEqual(['—', '—', '—', '—', '—']);
    const timeline = await page.$$eval('[data-testid="service-timeline"] li', (li) => li.map((l) => l.textContent ?? ''));
    expect(timeline).toHaveLength(2);
    expect(timeline[0]).toContain('service started');
    expect(timeline[1]).toContain('service stopped');
    await shot(page, 'library-01-start');
  });

  it('sorts the session table by a column, unknown values last in both directions', async () => {
    const sortBy = (name: string) => page.locator('[data-testid="session-table"] button.gh-sort', { hasText: name }).click();
    const order = async (keys: string[]) => {
      await page.waitForFunction(
        (k) =>
          Array.from(document.querySelectorAll('[data-testid="session-table"] tbody tr[data-rowkey]'))
            .map((r) => r.getAttribute('data-rowkey'))
            .join() === k.join(),
        keys,
      );
      expect(await rowKeys(page)).toEqual(keys);
    };
    await sortBy('net events');
    await order(['s-alpha', 's-charlie', 's-bravo', 's-echo', 's-delta']);
    await sortBy('net events');
    await order(['s-bravo', 's-charlie', 's-alpha', 's-echo', 's-delta']);
    await sortBy('net events');
    await order(['s-echo', 's-delta', 's-charlie', 's-bravo', 's-alpha']);
  });

  it('will not open a session whose ledger is gone, and opens one still on disk by id', async () => {
    await page.locator('[data-rowkey="s-bravo"] td').nth(1).click();
    await page.waitForSelector('[data-testid="session-card"][data-session="s-bravo"]');
    expect(await page.getByRole('button', { name: 'Open ledger' }).isDisabled()).toBe(true);
    await page.locator('[data-rowkey="s-alpha"] td').nth(1).click();
    await page.waitForSelector('[data-testid="session-card"][data-session="s-alpha"]');
    await shot(page, 'library-02-selected');
    const apiCalls = w.requests.length;
    await page.getByRole('button', { name: 'Open ledger' }).click();
    await page.waitForFunction(() => /^#\/e\/[^/]+\/overview$/.test(window.location.hash));
    await page.waitForSelector('.overview');
    expect(await page.locator('.identity').textContent()).toContain('s-alpha');
    // The browser named the session by id only: no request carried a path.
    expect(w.requests.slice(apiCalls).some((u) => u.includes(home.runDir))).toBe(false);
    await shot(page, 'library-03-opened-session');
    await page.goBack();
    await page.waitForSelector('[data-testid="library"]');
  });

  it('opens with Enter on the selected row (keyboard) and refuses the placeholder session.db with a sentence', async () => {
    await page.locator('[data-rowkey="s-delta"] td').nth(1).click();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="library"] .error-note');
    const note = await page.locator('[data-testid="library"] .error-note').textContent();
    expect(note).toMatch(/s-delta|session\.db/);
    await shot(page, 'library-04-open-refused');
  });

  it('never calls outside its origin and raises no page error', () => {
    expect(w.requests.filter((u) => !u.startsWith(server.origin))).toEqual([]);
    expect(w.pageErrors).toEqual([]);
    expect(w.dialogs).toEqual([]);
  });
});

describe('Library view of a broken chain', () => {
  let broken: RunningServer;
  let expected: ExpectedBreak[];

  beforeAll(async () => {
    const sessions = join(dir, 'broken-home', 'sessions');
    mkdirSync(sessions, { recursive: true });
    copyFileSync(home.hostDbPath, join(sessions, 'host.db'));
    const db = new Database(join(sessions, 'host.db'));
    expected = [...modifyField(db, 3, 'actor'), ...swapRows(db, 6, 8)].sort((a, b) => a.index - b.index || (a.kind === 'link' ? -1 : 1));
    db.close();
    broken = await startServer({
      paths: [join(sessions, 'host.db')],
      sampleDir: null,
      rendererDir: RENDERER_DIR,
      openOptions: { scratchRoot: dir },
    });
  });
  afterAll(async () => {
    await broken?.close();
  });

  it('says the chain is broken at the top and lists every break at its row', async () => {
    const p = (await watchedPage(browser, broken.origin)).page;
    await p.goto(`${broken.origin}/?token=${broken.token}#/`);
    await p.waitForSelector('[data-testid="chain-banner"][data-intact="false"]');
    expect(await p.locator('[data-testid="chain-banner"]').textContent()).toContain('chain broken');
    const rows = await p.$$eval('.chain-breaks tbody tr', (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
    );
    expect(rows.map((r) => ({ index: Number(r[0]), id: Number(r[1]), kind: r[2]!.startsWith('link') ? 'link' : 'hash' }))).toEqual(
      expected,
    );
    // The session list is still shown from what could be read.
    expect(await p.locator('[data-testid="session-table"]').getAttribute('data-rows')).toBe('5');
    await shot(p, 'library-05-broken-chain');
    await p.context().close();
  });
});
