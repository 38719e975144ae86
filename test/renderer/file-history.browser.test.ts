/**
 * The File history view in Chromium (issue 40, "Every file's history"): on the file-history fixture (a writer A4
 * ledger with a call naming a path, a change with no trace and an overflow window on a folder) the path list is the
 * core's, a path opens its history, a tool-call cause links to the call (shown in the side pane) and a not-recorded
 * cause says so. On a ledger whose fs_events lack trace_id and turn_id the gap is stated at the top. File activity's
 * paths, and a file event's path in the side pane, link to their histories. Screenshots at 1440 and 1024 wide.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceSummary, FileHistory, FilePaths } from '../../src/shared/contract.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { fileHistoryLedger } from '../main/core/file-history/file-history-ledger.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

const CALLED = '/workspace/src/index-2.ts';
const UNRECORDED = '/workspace/notes.md';

let suite: BrowserSuite;
let page: Page;
let id: string;
let oldId: string;
let paths: FilePaths;
let called: FileHistory;

beforeAll(async () => {
  suite = await startBrowserSuite('file-history', {
    serve: async (dir) => {
      const l = await fileHistoryLedger(join(dir, 'a4'), 'files-view');
      // An older shape: fs_events without trace_id and turn_id, so no change can say what caused it.
      const old = await writeLedger(join(dir, 'a2'), { generation: 'A2-zstd', sessionId: 'files-old', journalMode: 'delete' });
      const w = new Database(old.dbPath);
      w.exec('ALTER TABLE fs_events DROP COLUMN trace_id; ALTER TABLE fs_events DROP COLUMN turn_id;');
      w.close();
      return { paths: [l.sessionDir, old.sessionDir] };
    },
  });
  page = suite.page;
  const list = ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];
  id = list.find((e) => e.sessionId === 'files-view')!.id;
  oldId = list.find((e) => e.sessionId === 'files-old')!.id;
  paths = ok(await suite.server.service.handle('files.paths', { evidenceId: id })) as FilePaths;
  called = ok(await suite.server.service.handle('files.history', { evidenceId: id, path: CALLED })) as FileHistory;
}, 120_000);
afterAll(() => suite?.close());

async function openList(ev = id, count = paths.paths.length): Promise<void> {
  await page.goto(suite.url(`#/e/${ev}/file-history`));
  await page.waitForSelector(`.file-history-view[data-file-paths-ready="${count}"]`);
}

const pathHref = (ev: string, path: string): string => `#/e/${ev}/file-history?${new URLSearchParams({ path }).toString()}`;

describe('the File history view', () => {
  it('lists the core’s paths, each a link to its history, and sorts by changes', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList();
    const shown = await page.$$eval('[aria-label="file paths"] [data-path]', (cells) => cells.map((c) => c.getAttribute('data-path')));
    // The grid draws the rows on screen: the fixture's few paths all are, in the core's order.
    expect(shown).toEqual(paths.paths.map((p) => p.path));
    expect(await page.locator(`[data-file-history-link="${CALLED}"]`).getAttribute('href')).toBe(pathHref(id, CALLED));
    await shot(page, 'file-history-01-list-1440');
    await page.locator('[aria-label="file paths"] [role="columnheader"]', { hasText: 'changes' }).locator('button').first().click();
    // Most changes first, ties by path in the same direction (as File activity's paths list breaks them).
    const first = [...paths.paths].sort((a, b) => b.changes - a.changes || (a.path < b.path ? 1 : -1))[0]!.path;
    await page.waitForFunction(
      (p) => document.querySelector('[aria-label="file paths"] [role="row"][data-rowkey]')?.getAttribute('data-rowkey') === p,
      first,
    );
  });

  it('clicking a path opens its history: the changes in time order, a tool-call cause linking to its call', async () => {
    await openList();
    await page.locator(`[data-file-history-link="${CALLED}"]`).click();
    await page.waitForSelector(`.file-history-view[data-file-history-ready="${called.entries.length}"]`);
    expect(decodeURIComponent(await page.evaluate(() => window.location.hash))).toContain(`file-history?path=${CALLED}`);
    const rows = await page.$$eval('table.fh-history tbody tr', (trs) =>
      trs.map((tr) => `${tr.getAttribute('data-change') ?? `w${tr.getAttribute('data-window')}`}:${tr.getAttribute('data-cause')}`),
    );
    expect(rows).toEqual(called.entries.map((e) => `${e.type === 'change' ? e.id : `w${e.id}`}:${e.cause}`));
    const call = called.entries.find((e) => e.type === 'change' && e.cause === 'tool-call');
    if (call?.type !== 'change') throw new Error('the fixture’s tool-call cause is missing');
    const link = page.locator(`tr[data-change="${call.id}"] [data-cause-call="toolu_write_index2"] a.id-link[data-id-column="call_id"]`);
    expect(await link.textContent()).toBe('toolu_write_index2');
    await shot(page, 'file-history-02-path-1440');
    await link.click();
    await page.waitForSelector(`aside.side-pane[data-pane-sel^="call/toolu_write_index2"]`);
    await page.waitForSelector('aside.side-pane .row-panel[data-row^="tool_calls/"]');
    expect(await page.locator('.file-history-view').count()).toBe(1);
    await shot(page, 'file-history-03-call-in-pane-1440');
  });

  it('a change with no trace or turn says its cause is not recorded; an overflow window on the folder says so too', async () => {
    await page.goto(suite.url(pathHref(id, UNRECORDED)));
    await page.waitForSelector('.file-history-view[data-file-history-ready]');
    expect(await page.locator('table.fh-history span[data-cause="not-recorded"]').first().textContent()).toContain('not recorded');
    // index-2.ts lies under /workspace/src, whose overflow window is in its history.
    await page.goto(suite.url(pathHref(id, CALLED)));
    await page.waitForSelector(`.file-history-view[data-file-history-ready="${called.entries.length}"]`);
    expect(await page.locator('tr.fh-window').first().textContent()).toContain('changed here, cause not recorded');
  });

  it('a ledger whose file events carry no trace or turn says so at the top', async () => {
    const old = ok(await suite.server.service.handle('files.paths', { evidenceId: oldId })) as FilePaths;
    await openList(oldId, old.paths.length);
    const gap = page.locator('.fh-gaps [data-gap="fs_events.trace_id, fs_events.turn_id"]');
    expect(await gap.textContent()).toContain('every cause is not recorded');
    await shot(page, 'file-history-06-gaps-list-1440');
    await page.locator(`[data-file-history-link="${old.paths[0]!.path}"]`).click();
    await page.waitForSelector('.file-history-view[data-file-history-ready]');
    expect(await page.locator('.fh-gaps').textContent()).toContain('every cause is not recorded');
    expect(await page.locator('table.fh-history span[data-cause]').evaluateAll((s) => s.map((x) => x.getAttribute('data-cause')))).toEqual(
      expect.arrayContaining(['not-recorded']),
    );
    await shot(page, 'file-history-07-gaps-path-1440');
  });

  it('File activity’s paths and a file event’s path in the pane link to their histories, and g h goes to the list', async () => {
    await page.goto(suite.url(`#/e/${id}/files`));
    await page.waitForSelector(`.fs-paths [data-path="${CALLED}"]`);
    // "latest" beside the path still opens its latest event in the pane, where the row's path links to its history.
    await page.locator(`.fs-paths [data-path="${CALLED}"] .latest-link`).click();
    await page.waitForSelector('aside.side-pane .row-panel[data-row^="fs_events/"]');
    expect(await page.locator(`aside.side-pane [data-file-history-link="${CALLED}"]`).getAttribute('href')).toBe(pathHref(id, CALLED));
    await page.locator(`.fs-paths [data-file-history-link="${CALLED}"]`).click();
    await page.waitForSelector(`.file-history-view[data-file-history-ready="${called.entries.length}"]`);
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('g');
    await page.keyboard.press('h');
    await page.waitForSelector(`.file-history-view[data-file-paths-ready="${paths.paths.length}"]`);
    expect(await page.evaluate(() => window.location.hash)).toBe(`#/e/${id}/file-history`);
  });

  it('fits 1024 px wide, the list and one path, without a sideways scroll', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await openList();
    await shot(page, 'file-history-04-list-1024');
    expect(await page.$eval('main.content', (m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
    await page.goto(suite.url(pathHref(id, CALLED)));
    await page.waitForSelector(`.file-history-view[data-file-history-ready="${called.entries.length}"]`);
    await shot(page, 'file-history-05-path-1024');
    expect(await page.$eval('main.content', (m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
    expect(suite.watched.pageErrors).toEqual([]);
  });
});
