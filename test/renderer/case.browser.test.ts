/**
 * The case in Chromium (issue 39), serve mode with --case: an event is tagged from its own view with the Tag…
 * control, the Case view (`#/e/<id>/case`) then lists it attached with its note and a link back, and filtering by tag
 * leaves only that tag's items. Nothing is written into the evidence folder. Without --case the same views say the
 * case is not kept and offer no tag action. Screenshots at 1440×900 and 1024×700.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../src/main/core/bodies/read-body.js';
import { verifyCaseExport } from '../../src/main/core/case/export-verify.js';
import { readStoredZip } from '../fixtures/read-zip.js';
import type { EvidenceSummary } from '../../src/shared/contract.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let id: string;
let sessionDir: string;
let casePath: string;
let execEvent: string;
let netEvent: string;
let evidenceBefore: string[];

/** Every file under the evidence folder, by its path inside it: the folder must read the same after the tests. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

beforeAll(async () => {
  suite = await startBrowserSuite('case', {
    serve: async (dir) => {
      const w = await writeLedger(join(dir, 'a4'), { generation: 'A4', sessionId: 'case-view', journalMode: 'delete' });
      sessionDir = w.sessionDir;
      evidenceBefore = listing(sessionDir);
      casePath = join(dir, 'review.capsem-case');
      return { paths: [w.sessionDir], casePath };
    },
  });
  page = suite.page;
  id = (ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[])[0]!.id;
  // Read from the inspector's private scratch copy, never from the evidence folder.
  const db = suite.server.service.registry.get(id).db;
  execEvent = db.prepare('SELECT event_id FROM exec_events WHERE event_id IS NOT NULL LIMIT 1').pluck().get() as string;
  netEvent = db.prepare('SELECT event_id FROM net_events WHERE event_id IS NOT NULL LIMIT 1').pluck().get() as string;
}, 120_000);
afterAll(() => suite?.close());

describe('the case', () => {
  it('tags an event from its view: the control saves through case.add and shows the tag once it is kept', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${id}/event/${encodeURIComponent(execEvent)}`));
    await page.click('.tag-control[data-case-kept="true"] .tag-open');
    await page.click('.tag-picks [role="radio"]:has-text("follow-up")');
    await page.fill('.tag-note', 'who started this process?');
    await shot(page, 'case-tag-form');
    await page.click('.tag-form button[type="submit"]');
    // Shown once case.changed was heard and case.list asked again: the app's own signal, no sleep.
    await page.waitForSelector('.tag-control[data-tags~="follow-up"]');
    expect(await page.locator('.tag-form').count()).toBe(0);
  });

  it('lists every item in the Case view with its tag, note, link and attach state, and filters by tag', async () => {
    // A second item, of another tag, added as the CLI or another window would: the open view hears case.changed.
    ok(await suite.server.service.handle('case.add', { evidenceId: id, eventId: netEvent, table: 'net_events', tag: 'notable' }));
    await page.goto(suite.url(`#/e/${id}/case`));
    await page.waitForSelector('.case-view[data-case-ready="2"]');
    const rows = await page.$$eval('tr[data-case-item]', (trs) =>
      trs.map((tr) => ({
        tag: tr.getAttribute('data-tag'),
        state: tr.getAttribute('data-state'),
        note: tr.querySelector('.case-note')?.textContent,
        link: tr.querySelector('a')?.getAttribute('href'),
      })),
    );
    expect(rows).toEqual([
      { tag: 'follow-up', state: 'attached', note: 'who started this process?', link: `#/e/${id}/event/${encodeURIComponent(execEvent)}` },
      { tag: 'notable', state: 'attached', note: '—', link: `#/e/${id}/event/${encodeURIComponent(netEvent)}` },
    ]);
    await shot(page, 'case-view-1440');
    await page.selectOption('select[aria-label="filter by tag"]', 'follow-up');
    await page.waitForSelector('.case-table[data-shown="1"]');
    expect(await page.$$eval('tr[data-case-item]', (trs) => trs.map((tr) => tr.getAttribute('data-tag')))).toEqual(['follow-up']);
    expect(new URL(page.url()).hash).toBe(`#/e/${id}/case?tag=follow-up`);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.selectOption('select[aria-label="filter by tag"]', '');
    await page.waitForSelector('.case-table[data-shown="2"]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'case-view-1024');
  });

  it('marks the tagged row where the Tables view lists it', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${id}/tables/exec_events?f=${encodeURIComponent(`event_id~eq~${execEvent}`)}`));
    const mark = page.locator('[data-case-mark~="follow-up"]');
    await mark.waitFor();
    expect(await mark.getAttribute('title')).toBe('in the case: follow-up');
    await shot(page, 'case-tables-mark');
  });

  it('tags a transcript line and marks it in the transcript, the graph, the lifecycles and a body search; tags a hit’s byte range', async () => {
    const db = suite.server.service.registry.get(id).db;
    const call = db
      .prepare(
        `SELECT t.id, t.event_id AS eventId, t.trace_id AS traceId FROM tool_calls t JOIN event_body_blobs b
           ON b.event_id = t.event_id AND b.source_table = 'tool_calls' AND b.direction = 'request'
         WHERE t.trace_id IS NOT NULL ORDER BY t.id LIMIT 1`,
      )
      .get() as { id: number; eventId: string; traceId: string };
    const marked = (scope: string): string => `${scope} [data-case-mark~="benign"]`;
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(suite.url(`#/e/${id}/transcript/${encodeURIComponent(call.traceId)}`));
    const line = `article.tl[data-row="tool_calls:${call.id}"]`;
    await page.waitForSelector('.transcript-scroll article.tl');
    // Only a window of lines is drawn: scroll down a screen at a time until the call's line is.
    for (let i = 0; i < 50 && (await page.locator(line).count()) === 0; i++) {
      await page.$eval('.transcript-scroll', (el) => el.scrollBy(0, el.clientHeight * 0.8));
      await page.waitForFunction(() => !document.querySelector('.transcript-scroll .tl-pending'));
    }
    await page.locator(line).scrollIntoViewIfNeeded();
    // Tagged from the transcript: the line's title opens its row in the side pane, where Tag… is.
    await page.click(`${line} .tl-title`);
    await page.click(`.row-panel[data-row="tool_calls/${call.id}"] .tag-control[data-case-kept="true"] .tag-open`);
    await page.click('.tag-picks [role="radio"]:has-text("benign")');
    await page.click('.tag-form button[type="submit"]');
    // The mark appears once case.changed was heard and the case asked again: the app's own signal.
    await page.waitForSelector(marked(line));
    expect(await page.locator(marked(line)).getAttribute('title')).toBe('in the case: benign');
    await shot(page, 'case-mark-transcript');

    await page.goto(suite.url(`#/e/${id}/graph/${encodeURIComponent(call.traceId)}`));
    const node = `g.node[data-node-id="tc:${call.id}"]`;
    await page.waitForSelector(marked(node));
    expect(await page.locator(`${marked(node)} title`).textContent()).toBe('in the case: benign');
    expect(await page.locator('g.node text.n-case').count()).toBe(1);
    await shot(page, 'case-mark-graph');

    await page.goto(suite.url(`#/e/${id}/lifecycle?trace=${encodeURIComponent(call.traceId)}`));
    await page.waitForSelector(marked(`[aria-label="tool lifecycles"] [role="row"][data-rowkey="${call.id}"]`));

    const body = readBody(suite.server.service.registry.get(id), {
      eventId: call.eventId,
      sourceTable: 'tool_calls',
      direction: 'request',
    });
    if (!body.ok) throw new Error(body.error.message);
    // A word of the body as a fixed string: found as typed, with a byte offset to tag.
    const text = Buffer.from(body.bytes).toString('utf8');
    const word = /[A-Za-z_]{6,}/.exec(text)!;
    const needle = word[0];
    const at = Buffer.byteLength(text.slice(0, word.index));
    await page.goto(suite.url(`#/e/${id}/search?q=${encodeURIComponent(needle)}`));
    await page.click('.body-search button.primary');
    await page.waitForSelector(marked(`.hit-group[data-event="${call.eventId}"]`));
    await shot(page, 'case-mark-search');

    // From the hit, the body view opens at the matched span: Tag… offers that byte range of the body.
    await page.click(`.hit-group[data-event="${call.eventId}"] a.hit:has(.where:text-is("tool_calls/request @${at}"))`);
    await page.click('.tag-control[data-case-kept="true"] .tag-open');
    await page.click('.tag-picks [role="radio"]:has-text("notable")');
    await page.check('.tag-body input:not([aria-label])');
    await page.check('[aria-label="only the span shown"]');
    await shot(page, 'case-tag-range');
    await page.click('.tag-form button[type="submit"]');
    await page.waitForSelector('.tag-control[data-tags~="notable"]');
    const listed = ok(await suite.server.service.handle('case.list', { evidenceId: id }));
    const ranged = listed.entries.filter((e) => e.item.body?.range);
    expect(ranged.map((e) => [e.item.eventId, e.item.body!.direction, e.item.body!.range, e.status])).toEqual([
      [call.eventId, 'request', [at, at + Buffer.byteLength(needle)], 'attached'],
    ]);
  });

  it('marks tagged rows in the Decisions view and in a file’s history', async () => {
    const report = ok(await suite.server.service.handle('decisions.report', { evidenceId: id }));
    const decided = report.groups.flatMap((g) => g.events).find((e) => e.eventId !== null)!;
    const db = suite.server.service.registry.get(id).db;
    const file = db
      .prepare(
        `SELECT id, event_id AS eventId, path FROM fs_events WHERE event_id IS NOT NULL AND action <> 'overflow' ORDER BY id LIMIT 1`,
      )
      .get() as { id: number; eventId: string; path: string };
    ok(await suite.server.service.handle('case.add', { evidenceId: id, eventId: decided.eventId!, table: decided.table, tag: 'decided' }));
    ok(await suite.server.service.handle('case.add', { evidenceId: id, eventId: file.eventId, table: 'fs_events', tag: 'touched' }));
    await page.goto(suite.url(`#/e/${id}/decisions`));
    await page.waitForSelector(`[data-decision-row="${decided.table}/${decided.id}"] [data-case-mark~="decided"]`);
    await page.goto(suite.url(`#/e/${id}/file-history?${new URLSearchParams({ path: file.path }).toString()}`));
    await page.waitForSelector('[data-case-mark~="touched"]');
    await shot(page, 'case-mark-file-history');
  });

  it('exports the case from the Case view as a .zip that passes case verify, and its HTML reads in Chromium', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${id}/case`));
    await page.waitForSelector('.case-view[data-case-ready="6"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.case-export button.primary')]);
    expect(download.suggestedFilename()).toBe('case-view-case.zip');
    const zipPath = join(casePath, '..', 'downloaded.zip');
    await download.saveAs(zipPath);
    await page.waitForSelector('.case-export[data-case-export="done"]');
    expect(await page.locator('[data-case-exported]').textContent()).toContain('6 items');
    await shot(page, 'case-export-done');
    const unpacked = join(casePath, '..', 'unpacked');
    for (const [name, bytes] of readStoredZip(readFileSync(zipPath))) {
      mkdirSync(dirname(join(unpacked, name)), { recursive: true });
      writeFileSync(join(unpacked, name), bytes);
    }
    const folder = join(unpacked, 'case-view-case');
    const lines = await verifyCaseExport(folder, suite.server.service.registry.get(id));
    expect(lines.filter((l) => !l.ok)).toEqual([]);
    // The HTML to read: one file, no script, no outside reference; looked at in Chromium.
    const reader = await page.context().newPage();
    const requests: string[] = [];
    reader.on('request', (r) => requests.push(r.url()));
    await reader.goto(pathToFileURL(join(folder, 'case.html')).href);
    expect(await reader.locator('script').count()).toBe(0);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    expect(await reader.locator('body').textContent()).toContain('who started this process?');
    await shot(reader, 'case-export-html');
    await reader.close();
  });

  it('wrote the case beside the evidence and nothing into the evidence folder', () => {
    expect(readdirSync(join(casePath, '..'))).toContain('review.capsem-case');
    expect(listing(sessionDir)).toEqual(evidenceBefore);
    expect(suite.watched.pageErrors).toEqual([]);
  });
});

describe('the case without --case', () => {
  let bare: BrowserSuite;
  let bareId: string;
  let bareDir: string;
  let bareBefore: string[];
  beforeAll(async () => {
    bare = await startBrowserSuite('case-bare', {
      serve: async (dir) => {
        const w = await writeLedger(join(dir, 'a4'), { generation: 'A4', sessionId: 'case-bare', journalMode: 'delete' });
        bareDir = w.sessionDir;
        bareBefore = listing(bareDir);
        return { paths: [w.sessionDir] };
      },
    });
    bareId = (ok(await bare.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[])[0]!.id;
  }, 120_000);
  afterAll(() => bare?.close());

  it('says the case is not kept, offers no tag action and writes nothing', async () => {
    const event = bare.server.service.registry.get(bareId).db.prepare('SELECT event_id FROM exec_events LIMIT 1').pluck().get() as string;
    await bare.page.goto(bare.url(`#/e/${bareId}/event/${encodeURIComponent(event)}`));
    await bare.page.waitForSelector('.case-not-kept');
    expect(await bare.page.locator('.tag-open').count()).toBe(0);
    await bare.page.goto(bare.url(`#/e/${bareId}/case`));
    expect(await bare.page.locator('.case-view .case-not-kept').textContent()).toContain('start serve with --case FILE');
    await shot(bare.page, 'case-not-kept');
    expect(listing(bareDir)).toEqual(bareBefore);
  });
});
