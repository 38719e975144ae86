/**
 * Gaps where they happen beyond the transcript, in Chromium against serve mode (issue 38): the graph marks a node
 * whose row has a gap (an amber corner, the report's sentence in its title) and its side pane says it; the tool
 * lifecycles show the call's gaps in their own column; File activity marks each overflow window. The sentences are
 * the core's for the same rows. Screenshots at 1440×900 and 1024×700 go to test-artifacts/screenshots.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsActivity } from '../../src/main/core/fs-activity/timeline.js';
import { lifecyclePage } from '../../src/main/core/lifecycle/calls.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let page: Page;
let fixtureId: string;

beforeAll(async () => {
  suite = await startBrowserSuite('gaps-in-views-browser', {
    serve: async (dir) => {
      const fixture = await writeLedger(join(dir, 'fx'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-view-gaps' });
      // A tool call's body cut at capture (the writer cuts only HTTP and exec bodies), so the graph and the
      // lifecycles have a row of their own to mark.
      const db = new Database(fixture.dbPath);
      db.exec(`UPDATE event_body_blobs SET truncated = 1, original_bytes = stored_bytes * 4
                 WHERE id = (SELECT MIN(b.id) FROM event_body_blobs b JOIN tool_calls t ON t.event_id = b.event_id
                             WHERE b.source_table = 'tool_calls' AND t.trace_id IS NOT NULL)`);
      db.close();
      return { paths: [fixture.sessionDir] };
    },
  });
  ({ server, page } = suite);
  fixtureId = ok(server.opened[0]!).id;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(suite.url(`#/e/${fixtureId}/graph`));
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(() => suite?.close());

/** The tool call whose body was cut, as the core's lifecycle row tells it. */
function cutCall(): { id: number; traceId: string; says: string } {
  const db = server.service.registry.get(fixtureId).db;
  for (let after: number | undefined, more = true; more; ) {
    const p = lifecyclePage(db, { limit: 200, ...(after === undefined ? {} : { after }) });
    const r = p.rows.find((x) => x.gaps.some((g) => g.kind === 'BODY_CUT'));
    if (r) return { id: r.id, traceId: r.traceId!, says: r.gaps.find((g) => g.kind === 'BODY_CUT')!.says };
    after = p.nextAfter ?? undefined;
    more = after !== undefined;
  }
  throw new Error('no lifecycle row carries BODY_CUT');
}

async function both(name: string, ready: () => Promise<void>): Promise<void> {
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 1024, height: 700 });
  await ready();
  await shot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('gap marks beyond the transcript', () => {
  it('the graph marks the node of a cut tool call, and its side pane says the sentence', async () => {
    const call = cutCall();
    await goToHash(page, `#/e/${fixtureId}/graph/${encodeURIComponent(call.traceId)}`);
    const node = page.locator(`g.node[data-node-id="tc:${call.id}"]`);
    await node.waitFor();
    expect(await node.getAttribute('data-gaps')).toBe('1');
    expect(await node.locator('path.n-gap').count()).toBe(1);
    expect(await node.locator('title').textContent()).toContain(`gap: ${call.says}`);
    expect(await node.getAttribute('aria-label')).toContain('(1 gap)');
    // Only rows with a gap are marked.
    const unmarked = await page.$$eval('g.node[data-gaps="0"]', (els) => els.filter((e) => e.querySelector('path.n-gap')).length);
    expect(unmarked).toBe(0);
    await node.click();
    const mark = page.locator(`.row-panel[data-row="tool_calls/${call.id}"] .gap-mark[data-gap="BODY_CUT"]`);
    await mark.waitFor();
    expect(await mark.textContent()).toContain(call.says);
    expect(await mark.getAttribute('title')).toBe(call.says);
    await both('gaps-graph', () => mark.waitFor());
    // The full row view says it under the row's heading.
    await goToHash(page, `#/e/${fixtureId}/row/tool_calls/${call.id}`);
    const inView = page.locator('.event-view .row-detail .gap-mark[data-gap="BODY_CUT"]');
    await inView.waitFor();
    expect(await inView.getAttribute('title')).toBe(call.says);
  });

  it('the tool lifecycles show a call’s gaps in their column', async () => {
    const call = cutCall();
    await goToHash(page, `#/e/${fixtureId}/lifecycle?trace=${encodeURIComponent(call.traceId)}`);
    const cell = page.locator(`[aria-label="tool lifecycles"] [role="row"][data-rowkey] [data-gaps]`);
    await cell.first().waitFor();
    expect(await cell.count()).toBe(1);
    expect(await cell.locator('.gap-mark[data-gap="BODY_CUT"]').getAttribute('title')).toBe(call.says);
    expect(await cell.textContent()).toContain(call.says);
    await both('gaps-lifecycle', () => cell.first().waitFor());
  });

  it('File activity marks each overflow window with the report’s sentence', async () => {
    const windows = fsActivity(server.service.registry.get(fixtureId).db).windows;
    expect(windows.length).toBeGreaterThan(0);
    await goToHash(page, `#/e/${fixtureId}/files`);
    await page.waitForSelector(`[data-window="${windows[windows.length - 1]!.id}"]`);
    const titles = await page.$$eval('[data-window]', (rows) =>
      rows.map((r) => [
        Number(r.getAttribute('data-window')),
        r.querySelector('.gap-mark[data-gap="FILE_EVENTS_OVERFLOW"]')?.getAttribute('title'),
      ]),
    );
    expect(titles).toEqual(windows.map((w) => [w.id, w.gaps[0]!.says]));
    expect(windows[0]!.gaps[0]!.says).toMatch(/^the file monitor fell behind here and held back \d+ changes?:/);
    await both('gaps-files', () => page.waitForSelector('[data-window]').then(() => undefined));
  });
});
