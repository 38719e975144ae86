/**
 * Walking a trace as a reader would, in Chromium against serve mode: from the overview to a trace, a turn (its file
 * and network rows), the turn's model call, a tool call it emitted, that call's response and the response's body —
 * by clicks counted here (at most 6, the graph on screen after every one), then the same walk by keyboard alone.
 * The side pane's selection is in the URL: reload and Back restore it. Screenshots of the pane beside the graph
 * and beside the lifecycle list at 1440×900 and 1024×700.
 *
 * The fixture's trace 0, turn 2 (model call 2) emitted the bash call 2 and the MCP call 3; call 3's response is
 * tool_responses 3, whose result body is archived under call 3's event (tool_calls/response).
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTraceGraph } from '../../src/main/core/graph/trace-graph.js';
import { turnRows } from '../../src/main/core/related/turn-rows.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite, Watched } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let w: Watched;
let page: Page;
let ev: string;
let trace: string;
let turn: string;
let fsRows: number[];
let netRows: number[];

beforeAll(async () => {
  suite = await startBrowserSuite('links-browser', {
    serve: async (dir) => {
      const fixture = await writeLedger(join(dir, 'fx'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-link' });
      return { paths: [fixture.sessionDir], sampleDir: null };
    },
  });
  ({ server, watched: w, page } = suite);
  ev = ok(server.opened[0]!).id;
  const db = server.service.registry.get(ev).db;
  ({ trace, turn } = db.prepare('SELECT trace_id AS trace, turn_id AS turn FROM model_calls WHERE id = 2').get() as {
    trace: string;
    turn: string;
  });
  const ids = (table: string): number[] =>
    (db.prepare(`SELECT id FROM ${table} WHERE trace_id = ? AND turn_id = ? ORDER BY id`).all(trace, turn) as { id: number }[]).map(
      (r) => r.id,
    );
  fsRows = ids('fs_events');
  netRows = ids('net_events');
});

afterAll(() => suite?.close());

const pane = (): Locator => page.locator('aside.side-pane');
const graph = (): Locator => page.locator(`.graph-view[data-trace-id="${trace}"] svg.graph-svg`);

/** The rows the pane lists in one related group (by its title), as table/rowid. */
async function groupRows(title: string): Promise<string[]> {
  return pane()
    .locator(`section.rel-group[aria-label="${title}"] a[data-row-link]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('data-row-link') ?? ''));
}

/** The pane once it shows `sel` with its related rows loaded. */
async function paneShows(sel: string): Promise<void> {
  await page.waitForSelector(
    `aside.side-pane[data-pane-sel="${sel}"] [data-related-ready="true"], aside.side-pane[data-pane-sel="${sel}"] .turn-panel`,
  );
}

async function openOverview(): Promise<void> {
  await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/overview`);
  await page.waitForSelector(`.ov-traces li[data-trace-id="${trace}"] a`);
}

/** Checks of each stop of the walk, the same for clicks and keys. */
const stops = {
  async turn(): Promise<void> {
    await paneShows(`turn/${encodeURIComponent(trace)}/${encodeURIComponent(turn)}`);
    expect(await groupRows('Model calls')).toEqual(['model_calls/2']);
    expect(await groupRows('Tool calls')).toEqual(['tool_calls/2', 'tool_calls/3']);
    expect(fsRows.length).toBeGreaterThan(1);
    expect((await groupRows('File events')).sort()).toEqual(fsRows.map((r) => `fs_events/${r}`).sort());
    expect((await groupRows('Network events')).sort()).toEqual(netRows.map((r) => `net_events/${r}`).sort());
  },
  async modelCall(): Promise<void> {
    await paneShows('row/model_calls/2');
    expect(await groupRows('Tool calls it emitted')).toEqual(['tool_calls/2', 'tool_calls/3']);
    expect(await groupRows('Its HTTP exchange')).toHaveLength(1);
    expect(await page.locator('[data-net-match]').getAttribute('data-net-match')).toContain('request_body_hash');
  },
  async toolCall(): Promise<void> {
    await paneShows('row/tool_calls/3');
    expect(await groupRows('Responses (same call_id)')).toEqual(['tool_responses/3']);
    expect(await groupRows('Emitted by')).toEqual(['model_calls/2']);
  },
  async response(): Promise<void> {
    await paneShows('row/tool_responses/3');
    expect(await groupRows('Its call (same call_id)')).toEqual(['tool_calls/3']);
  },
  async body(): Promise<void> {
    await page.waitForSelector('aside.side-pane [data-body-shown="tool_calls/response"]');
    // The MCP result (JSON-RPC) is on screen, verified, in the pane.
    await page.waitForFunction(() => /jsonrpc/.test(document.querySelector('aside.side-pane .pane-body-view')?.textContent ?? ''));
  },
};

describe('walking a trace through the side pane', () => {
  it('by at most 6 counted clicks, the graph on screen after every one', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openOverview();
    let clicks = 0;
    const click = async (l: Locator): Promise<void> => {
      await l.click();
      clicks++;
    };
    const graphStays = async (): Promise<void> => expect(await graph().isVisible()).toBe(true);

    await click(page.locator(`.ov-traces li[data-trace-id="${trace}"] a`));
    await graph().waitFor();
    await click(graph().locator(`g[data-kind="turn"][data-node-id="turn:${turn}"] text.turn-title`));
    await stops.turn();
    await graphStays();
    await click(pane().locator('a[data-row-link="model_calls/2"]').first());
    await stops.modelCall();
    await graphStays();
    // The graph draws the selection: the model call's node is marked selected.
    expect(await graph().locator('g[data-node-id="mc:2"]').getAttribute('class')).toContain('selected');
    // The waterfall's time ruler follows the selection.
    expect(await page.locator('svg.waterfall [data-wf-ruler]').getAttribute('data-wf-ruler')).toBe('mc:2');
    await click(pane().locator('section.rel-group[aria-label="Tool calls it emitted"] a[data-row-link="tool_calls/3"]'));
    await stops.toolCall();
    await graphStays();
    await click(pane().locator('a[data-row-link="tool_responses/3"]').first());
    await stops.response();
    await graphStays();
    await click(pane().locator('a.body-chip'));
    await stops.body();
    await graphStays();
    expect(clicks).toBeLessThanOrEqual(6);
    await shot(page, 'links-01-pane-beside-graph-1440');

    // The URL names the selection: reload restores it, Back walks the selections back.
    await page.reload();
    await stops.body();
    await page.goBack();
    await stops.response();
    await page.goBack();
    await stops.toolCall();
    await page.setViewportSize({ width: 1024, height: 700 });
    await stops.toolCall();
    await shot(page, 'links-02-pane-beside-graph-1024');
    expect(w.pageErrors).toEqual([]);
  });

  it('by keyboard alone: Tab, Enter and arrow keys, Escape closes the pane', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openOverview();
    const tabTo = async (selector: string): Promise<void> => {
      for (let i = 0; i < 150; i++) {
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await tabTo(`.ov-traces li[data-trace-id="${trace}"] a`);
    await page.keyboard.press('Enter');
    await graph().waitFor();
    // Arrow keys move between nodes: from model call 2, Down reaches the first of its items (drawn under it).
    await tabTo('svg.graph-svg g[data-node-id="mc:2"]');
    await page.keyboard.press('ArrowDown');
    const below = await page.evaluate(() => document.activeElement?.getAttribute('data-node-id'));
    expect(below).toMatch(/^item:/);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id'))).toBe('mc:2');
    // Focus shows the node's whole label.
    expect(await page.locator('svg.graph-svg g.focus-label text').textContent()).toContain('#2');

    await page.keyboard.down('Shift');
    await tabTo(`svg.graph-svg g[data-kind="turn"][data-node-id="turn:${turn}"]`);
    await page.keyboard.up('Shift');
    await page.keyboard.press('Enter');
    await stops.turn();
    // Enter moved the focus into the pane, so Tab walks its links next.
    expect(await page.evaluate(() => document.activeElement?.closest('aside.side-pane') !== null)).toBe(true);
    await tabTo('aside.side-pane a[data-row-link="model_calls/2"]');
    await page.keyboard.press('Enter');
    await stops.modelCall();
    await tabTo('aside.side-pane section.rel-group[aria-label="Tool calls it emitted"] a[data-row-link="tool_calls/3"]');
    await page.keyboard.press('Enter');
    await stops.toolCall();
    await tabTo('aside.side-pane a[data-row-link="tool_responses/3"]');
    await page.keyboard.press('Enter');
    await stops.response();
    await tabTo('aside.side-pane a.body-chip');
    await page.keyboard.press('Enter');
    await stops.body();
    expect(await graph().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('aside.side-pane', { state: 'detached' });
    expect(page.url()).not.toContain('sel=');
    // Focus goes back to the node that opened the pane, not to the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-node-id'))).toBe(`turn:${turn}`);
    expect(w.pageErrors).toEqual([]);
  });

  it('ids are real links everywhere: hrefs name the target route, a table cell opens the pane beside the grid', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/tables/tool_calls`);
    const cell = page.locator('[role="grid"] [role="row"][data-rowkey="3"] a.id-link[data-id-column="model_call_id"]');
    await cell.waitFor();
    expect(await cell.getAttribute('href')).toBe(`#/e/${ev}/row/model_calls/2`);
    await cell.click();
    await paneShows('row/model_calls/2');
    const traceLink = pane().locator('.pane-links a.id-link[data-id-column="trace_id"]');
    expect(await traceLink.getAttribute('href')).toBe(`#/e/${ev}/graph/${encodeURIComponent(trace)}`);
    expect(await page.locator('[role="grid"][aria-label="tool_calls rows"]').isVisible()).toBe(true);
    // In the pane, the call_id field of a tool call opens the logical call; event_id the event.
    const callId = pane().locator('a.id-link[data-id-column="event_id"]').first();
    expect(await callId.getAttribute('href')).toMatch(new RegExp(`^#/e/${ev}/event/[0-9a-f]{12}$`));
    await shot(page, 'links-03-pane-beside-table-1440');
    // The full row view stays one link away, with the same Related panel and the row's bodies.
    await pane()
      .getByRole('link', { name: /Full row view/ })
      .click();
    await page.waitForSelector('.row-detail .related-card [data-related-group="tool_calls"]');
    expect(await page.locator('.event-view .body-chip').count()).toBe(2);
    expect(
      await page
        .locator('.related-card section[aria-label="Tool calls it emitted"] a[data-row-link]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual([`#/e/${ev}/row/tool_calls/2`, `#/e/${ev}/row/tool_calls/3`]);
  });

  it('lifecycle: a row opens its call in the pane beside the list', async () => {
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/lifecycle`);
      const row = page.locator('[aria-label="tool lifecycles"] [role="row"][data-rowkey="3"]');
      await row.waitFor();
      await row.dblclick();
      await paneShows('row/tool_calls/3');
      expect(await page.locator('[role="grid"][aria-label="tool lifecycles"]').isVisible()).toBe(true);
      await shot(page, `links-04-pane-beside-lifecycle-${width}`);
    }
    expect(w.pageErrors).toEqual([]);
  });

  it('SQL: the query run is in the URL, a new query clears the old error, :trace_id offers the traces, ids are links', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/sql`);
    const editor = page.getByLabel('SQL', { exact: true });
    await editor.fill('SELECT nope FROM nowhere');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('.error-note, [role="alert"]');
    expect(new URL(page.url()).hash).toContain(`sql=${encodeURIComponent('SELECT nope FROM nowhere').replace(/%20/g, '+')}`);
    // A canned query loads: the old error is gone before anything runs.
    await page.locator('.canned-q').first().click();
    await page.waitForFunction(() => !document.querySelector('.error-note, [role="alert"]'));
    // Back brings the failed text back into the editor; reload keeps it.
    await page.goBack();
    await page.waitForFunction(
      () => (document.querySelector('textarea.sql-editor') as HTMLTextAreaElement | null)?.value === 'SELECT nope FROM nowhere',
    );
    await page.reload();
    await page.waitForFunction(
      () => (document.querySelector('textarea.sql-editor') as HTMLTextAreaElement | null)?.value === 'SELECT nope FROM nowhere',
    );
    await editor.fill('SELECT id, model_call_id, call_id, trace_id FROM tool_calls WHERE trace_id = :trace_id ORDER BY id');
    await page.waitForSelector('datalist#sql-trace-ids option', { state: 'attached' });
    const offered = await page.$$eval('datalist#sql-trace-ids option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    const db = server.service.registry.get(ev).db;
    expect(offered).toEqual(
      (db.prepare('SELECT trace_id AS t FROM model_calls GROUP BY trace_id ORDER BY MIN(id)').all() as { t: string }[]).map((r) => r.t),
    );
    await page.getByLabel('parameter trace_id').fill(trace);
    await page.getByRole('button', { name: /^Run/ }).click();
    const link = page.locator('[aria-label="query results"] [role="row"] a.id-link[data-id-column="model_call_id"]').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`#/e/${ev}/row/model_calls/1`);
    expect(w.pageErrors).toEqual([]);
  });

  it('j / k and Enter walk the trace list, the lifecycle calls and the file paths; overflow windows name their turn', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/graph`);
    await page.waitForSelector('table.traces tbody tr');
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    expect(await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-trace-id'))).toBe(trace);
    await page.keyboard.press('Enter');
    await graph().waitFor();

    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/lifecycle`);
    await page.waitForSelector('[aria-label="tool lifecycles"] [role="row"][data-rowkey="3"]');
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    for (const k of ['j', 'j', 'j']) await page.keyboard.press(k);
    await page.keyboard.press('Enter');
    await paneShows('row/tool_calls/3');

    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/files`);
    await page.waitForSelector('.fs-paths [data-path]');
    const db = server.service.registry.get(ev).db;
    const windows = db.prepare("SELECT id, turn_id AS turn FROM fs_events WHERE action = 'overflow' ORDER BY id").all() as {
      id: number;
      turn: string;
    }[];
    expect(windows.length).toBeGreaterThan(0);
    // The note claims only what the ledger records: a count held over, not that later rows account for it.
    const note = await page.locator('[aria-label="overflow windows"] .note').innerText();
    expect(note).toContain('The ledger records only that number');
    expect(note).not.toMatch(/not lost|appear as the rows that follow/);
    for (const win of windows)
      expect(await page.locator(`tr[data-window="${win.id}"] td[data-window-turn]`).getAttribute('data-window-turn')).toBe(win.turn);
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await page.waitForSelector('.fs-paths .gr.sel [data-path]');
    const path = await page.getAttribute('.fs-paths .gr.sel [data-path]', 'data-path');
    await page.keyboard.press('Enter');
    await page.waitForSelector('aside.side-pane .row-panel[data-row^="fs_events/"]');
    expect(await pane().locator('dl.kv').innerText()).toContain(path!);
    await shot(page, 'links-05-pane-beside-files-1440');
    expect(w.pageErrors).toEqual([]);
  });

  it("a turn's file events in Tables, from the pane's link, with the header saying how many match", async () => {
    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/graph/${encodeURIComponent(trace)}`);
    await graph().locator(`g[data-kind="turn"][data-node-id="turn:${turn}"] text.turn-title`).click();
    await stops.turn();
    await pane().getByRole('link', { name: 'file events' }).click();
    await page.waitForSelector(`.match-count[data-match-count="${fsRows.length}"]`);
    expect(await page.locator('.table-grid .toolbar .muted').innerText()).toContain(`${fsRows.length} match`);
    const keys = await page.$$eval('[role="grid"] [role="row"][data-rowkey]', (rs) => rs.map((r) => Number(r.getAttribute('data-rowkey'))));
    expect(keys.sort((a, b) => a - b)).toEqual(fsRows);
  });

  it("the graph says what left the sandbox during the trace, and the turn's pane during the turn, in the core's words", async () => {
    const db = server.service.registry.get(ev).db;
    const ofTrace = buildTraceGraph(db, trace).egress;
    const ofTurn = turnRows(db, trace, turn).egress;
    expect(ofTrace).not.toBeNull();
    expect(ofTurn?.requests ?? 0).toBe(netRows.length);
    await page.goto(`${server.origin}/?token=${server.token}#/e/${ev}/graph/${encodeURIComponent(trace)}`);
    const line = page.locator(`.graph-view[data-trace-id="${trace}"] > [data-egress]`);
    await line.waitFor();
    expect(await line.getAttribute('title')).toBe(ofTrace!.says);
    await graph().locator(`g[data-kind="turn"][data-node-id="turn:${turn}"] text.turn-title`).click();
    await stops.turn();
    const inPane = pane().locator('.turn-panel [data-egress]');
    expect(await inPane.count()).toBe(ofTurn ? 1 : 0);
    if (ofTurn) expect(await inPane.getAttribute('title')).toBe(ofTurn.says);
    await shot(page, 'links-07-graph-egress-1440');
  });

  it('body viewer: a JSON body opens pretty; find walks every match; JSON in strings opens', async () => {
    const db = server.service.registry.get(ev).db;
    const g = db.prepare("SELECT id, trace_id AS t FROM model_calls WHERE provider = 'google' ORDER BY id LIMIT 1").get() as {
      id: number;
      t: string;
    };
    const at = (mode: string): string =>
      `${server.origin}/?token=${server.token}#/e/${ev}/graph/${encodeURIComponent(g.t)}?sel=${encodeURIComponent(`row/model_calls/${g.id}`)}&pb=${encodeURIComponent('model_calls/request')}${mode ? `&pm=${mode}` : ''}`;
    // No view chosen: the body picks JSON; the Text tab then names text in the URL.
    await page.goto(at(''));
    await page.waitForSelector('aside.side-pane .body-view[data-mode="json"]');
    expect(new URL(page.url()).hash).not.toContain('pm=');
    await page.locator('aside.side-pane .modes [role="tab"]', { hasText: 'Text' }).click();
    await page.waitForSelector('aside.side-pane .body-view[data-mode="text"]');
    expect(new URL(page.url()).hash).toContain('pm=text');
    await page.goto(at('json'));
    await page.waitForSelector('aside.side-pane .body-view[data-mode="json"]');
    // The request's parts[].text hold JSON documents (the writer's google body): opened on request, marked.
    const marked = (): Promise<number> => page.locator('aside.side-pane .brow', { hasText: '⟪a string holding JSON' }).count();
    expect(await marked()).toBe(0);
    await page.getByLabel('open JSON held in strings').check();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('aside.side-pane .brow').length > 0 &&
        Array.from(document.querySelectorAll('aside.side-pane .brow')).some((r) => r.textContent?.includes('⟪a string holding JSON')),
    );
    expect(await marked()).toBeGreaterThan(0);
    // Find: every row holding "role", next and previous walk them and keep the current one in view.
    await page.getByLabel('find in body').fill('role');
    const status = page.locator('aside.side-pane [data-find-hits]');
    await status.waitFor();
    const n = Number(await status.getAttribute('data-find-hits'));
    expect(n).toBeGreaterThan(1);
    expect(await status.getAttribute('data-find-current')).toBe('1');
    await page.locator('aside.side-pane').getByRole('button', { name: 'next match', exact: true }).click();
    expect(await status.getAttribute('data-find-current')).toBe('2');
    await page.locator('aside.side-pane').getByRole('button', { name: 'previous match', exact: true }).click();
    await page.locator('aside.side-pane').getByRole('button', { name: 'previous match', exact: true }).click();
    expect(await status.getAttribute('data-find-current')).toBe(String(n));
    expect(await page.locator('aside.side-pane .brow.hit-current').innerText()).toContain('role');
    await shot(page, 'links-06-body-find-json-strings');
    expect(w.pageErrors).toEqual([]);
  });
});
