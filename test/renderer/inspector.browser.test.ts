/**
 * The inspector in real headless Chromium against serve mode: every view, keyset paging through 100,000 rows,
 * every body view, verification run as the ledger opens and cancelled, SQL run and cancelled, files dropped onto the page, and a
 * hostile corpus rendered in every body view with zero script runs and zero outside requests.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceSummary } from '../../src/shared/contract.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import { backgroundHost } from '../../src/main/core/jobs/verify-host-client.js';
import type { SpawnWorker } from '../../src/main/core/workers/worker-like.js';
import type { VerifyRunner } from '../../src/main/core/jobs/verify-runner.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import type { HostileLedger } from './fixtures.js';
import { BIG_TABLE_ROWS, bigLedger, hostileLedger } from './fixtures.js';
import type { BrowserSuite, Watched } from './harness.js';
import { goToHash, ok, shot, startBrowserSuite, until } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let big: WrittenLedger;
let sample: WrittenLedger;
let hostile: HostileLedger;
let bigId: string;
let sampleId: string;
let hostileId: string;
let w: Watched;
let page: Page;
// Serve's own background host (a process of its own session), with what the server asks of it written down.
const host = backgroundHost();
const runnerCalls: string[] = [];
const recordingHost: VerifyRunner = {
  start: (spec, options) => {
    runnerCalls.push('start');
    return host.start(spec, options);
  },
  prestart: (count) => {
    runnerCalls.push(`prestart ${count}`);
    host.prestart(count);
  },
};
const recordingWorkers: SpawnWorker = (callerUrl, baseName, options) => {
  runnerCalls.push(`worker ${baseName}`);
  return host.spawnWorker(callerUrl, baseName, options);
};

async function go(hash: string): Promise<void> {
  if (!page.url().startsWith(server.origin)) {
    await page.goto(`${server.origin}/?token=${server.token}${hash}`);
    return;
  }
  await goToHash(page, hash);
}

/** Waits until the body of `eventId` is shown in `mode`, fully loaded (or its error shown). */
async function bodyLoaded(eventId: string, mode = 'text'): Promise<void> {
  await page.waitForFunction(
    ([id, m]) => {
      const err = document.querySelector(`.body-error[data-event="${id}"][data-mode="${m}"]`);
      const v = document.querySelector(`.body-view[data-event="${id}"][data-mode="${m}"]`);
      return (
        err !== null ||
        (v !== null &&
          v.getAttribute('data-total') !== '' &&
          v.getAttribute('data-loaded') === v.getAttribute('data-total') &&
          // Structured views lay their lines out in slices after the bytes are in: the view says when it is ready.
          v.getAttribute('data-ready') === 'true')
      );
    },
    [eventId, mode],
  );
}

beforeAll(async () => {
  suite = await startBrowserSuite('browser', {
    serve: async (dir) => {
      [big, sample, hostile] = await Promise.all([
        bigLedger(join(dir, 'big')),
        writeLedger(join(dir, 'sample'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-samp', bodyScale: 40 }),
        hostileLedger(join(dir, 'hostile')),
      ]);
      return { paths: [big.sessionDir], sampleDir: sample.sessionDir, verifyRunner: recordingHost, backgroundWorkers: recordingWorkers };
    },
    cleanup: () => host.close(),
  });
  ({ server, watched: w, page } = suite);
  bigId = ok(server.opened[0]!).id;
  hostileId = ok(await server.service.openPaths([hostile.sessionDir], 'path')).id;
});

afterAll(() => suite?.close());

describe('inspector in Chromium (serve mode)', () => {
  it('opens on the Start view, opens the sample, and shows its overview', async () => {
    await page.goto(`${server.origin}/?token=${server.token}#/`);
    await page.waitForSelector('[data-app-state="loaded"]');
    await page.waitForSelector('.evidence-list');
    await shot(page, '01-start');
    await page.getByRole('button', { name: 'Open the sample ledger' }).click();
    await page.waitForSelector('.overview .identity');
    await page.waitForSelector('.verdict');
    const list = ok(await server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];
    sampleId = list.find((e) => e.origin === 'sample')!.id;
    expect(page.url()).toContain(`#/e/${sampleId}/overview`);
    await expect(page.locator('.identity .value.mono').first().textContent()).resolves.toBe(sample.sessionId);
    await page.waitForSelector('.recharts-surface');
    await shot(page, '02-overview');
  });

  it('pages through 100,000 rows by keyset, with a bounded DOM and window', async () => {
    await go(`#/e/${bigId}/tables/net_events`);
    await page.waitForSelector('.gr[data-rowkey="1"]');
    // The rows may come before the count (COUNT(*) runs in a worker; the grid waits only for the schema).
    await page.waitForFunction(
      (n) => document.querySelector('.table-list a.active .count')?.textContent === n,
      BIG_TABLE_ROWS.toLocaleString(),
    );
    await expect(page.locator('.table-grid .toolbar .muted').textContent()).resolves.toContain(`${BIG_TABLE_ROWS.toLocaleString()} rows`);
    await shot(page, '03-tables');
    // Scroll down through several pages: rows keep coming, the window stays bounded, the DOM stays small.
    for (let i = 0; i < 12; i++) {
      await page.locator('.grid-scroll').evaluate((el) => el.scrollBy(0, 2400));
      await page.waitForTimeout(60);
    }
    await page.waitForFunction(() => document.querySelectorAll('.gr').length > 10);
    const state = await page.evaluate(() => ({
      domRows: document.querySelectorAll('.gr').length,
      keys: Array.from(document.querySelectorAll('.gr')).map((r) => Number(r.getAttribute('data-rowkey'))),
      loaded: Number(/(\d[\d,]*) loaded/.exec(document.querySelector('.toolbar .muted')?.textContent ?? '')?.[1]?.replace(/,/g, '') ?? 0),
    }));
    expect(state.domRows).toBeLessThan(120);
    expect(Math.max(...state.keys)).toBeGreaterThan(400);
    expect(state.loaded).toBeLessThanOrEqual(1200);
    // The far end, then back up (backward keyset pages).
    await page.getByRole('button', { name: 'End ⇥' }).click();
    await page.waitForSelector(`.gr[data-rowkey="${BIG_TABLE_ROWS}"]`);
    for (let i = 0; i < 12; i++) {
      await page.locator('.grid-scroll').evaluate((el) => el.scrollBy(0, -2400));
      await page.waitForTimeout(60);
    }
    // The scrollbar spans every row, so a fast scroll may pass the loaded rows: those on screen are fetched where it rests.
    await page.waitForFunction(() => document.querySelectorAll('.gr').length > 10);
    const upKeys = await page.$$eval('.gr', (rows) => rows.map((r) => Number(r.getAttribute('data-rowkey'))));
    expect(Math.min(...upKeys)).toBeLessThan(BIG_TABLE_ROWS - 400);
    // Every rendered key is contiguous (no gap or duplicate where pages joined).
    const sorted = [...upKeys].sort((a, b) => a - b);
    expect(sorted[sorted.length - 1]! - sorted[0]!).toBe(sorted.length - 1);
  });

  it('sorts on an indexed column, filters a column, and walks rows with j/k', async () => {
    await go(`#/e/${bigId}/tables`);
    await page.waitForSelector('.table-list');
    await go(`#/e/${bigId}/tables/net_events`);
    await page.waitForSelector('.gr[data-rowkey="1"]');
    const sortable = await page.$$eval('.gh-sort', (bs) => bs.map((b) => b.textContent?.replace(/[▲▼↕]/g, '').trim()));
    expect(sortable).toContain('id');
    await page.locator('.gh-sort', { hasText: 'id' }).first().click();
    await page.locator('.gh-sort', { hasText: 'id' }).first().click();
    await page.waitForSelector(`.gr[data-rowkey="${BIG_TABLE_ROWS}"]`);
    expect(page.url()).toContain('sort=id.desc');
    await go(`#/e/${bigId}/tables/net_events`);
    await page.waitForSelector('.gr[data-rowkey="1"]');
    await page.getByLabel('filter domain').fill('host7.example');
    await page.getByLabel('filter domain').press('Enter');
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.gr')).length > 0 &&
        Array.from(document.querySelectorAll('.gr')).every((r) => r.textContent?.includes('host7')),
    );
    expect(decodeURIComponent(page.url())).toContain('f=domain~contains~host7.example');
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    // The selection renders after the key events are handled: wait for it (a busy machine lags a frame), then there
    // must be exactly one selected row.
    await page.waitForSelector('.gr.sel');
    await expect(page.locator('.gr.sel').count()).resolves.toBe(1);
    await shot(page, '04-tables-filtered');
    // Enter opens the row in the side pane beside the grid; Back closes it again.
    await page.keyboard.press('Enter');
    await page.waitForSelector('aside.side-pane .row-panel[data-row^="net_events/"]');
    expect(page.url()).toMatch(/#\/e\/[^/]+\/tables\/net_events\?.*sel=row%2Fnet_events%2F\d+/);
    await page.goBack();
    await page.waitForSelector('aside.side-pane', { state: 'detached' });
    await page.waitForSelector('.gr.sel, .gr');
    expect(page.url()).toContain('/tables/net_events');
  });

  it('opens an event and shows each of its bodies in every view', async () => {
    const withBodies = sample.bodies.find((b) => !b.injected && b.key.sourceTable === 'model_calls')!;
    await go(`#/e/${sampleId}/event/${withBodies.key.eventId}`);
    await page.waitForSelector('.body-chip');
    const chips = await page.$$eval('.body-chip strong', (s) => s.map((x) => x.textContent));
    const expected = sample.bodies
      .filter((b) => b.key.eventId === withBodies.key.eventId)
      .map((b) => `${b.key.sourceTable}/${b.key.direction}`);
    expect([...chips].sort()).toEqual([...expected].sort());
    for (const mode of ['text', 'json', 'sse', 'msgpack', 'hex']) {
      await go(
        `#/e/${sampleId}/event/${withBodies.key.eventId}?body=${withBodies.key.sourceTable}/${withBodies.key.direction}&view=${mode}`,
      );
      await bodyLoaded(withBodies.key.eventId, mode);
      await shot(page, `05-event-${mode}`);
    }
    // Hex shows the exact bytes.
    const firstHex = await page.locator('.brow').first().textContent();
    const b = withBodies.bytes;
    expect(firstHex).toContain(Array.from(b.subarray(0, 8), (x) => x.toString(16).padStart(2, '0')).join(' '));
  });

  it('shows a 10 MiB body’s first screen windowed: a part loaded, a small DOM', async () => {
    await go(`#/e/${hostileId}/row/net_events/${hostile.big.rowid}`);
    await page.waitForSelector('.body-view[data-mode="text"] .brow');
    const loaded = Number(await page.locator('.body-view').getAttribute('data-loaded'));
    expect(loaded).toBeLessThan(hostile.big.size / 4);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(5000);
    await shot(page, '06-event-10mib');
  });

  it('verifies every body as the ledger opens (no click), verifies again on request, and cancels a verification', async () => {
    await go(`#/e/${sampleId}/integrity`);
    await page.waitForSelector('.verdict');
    // The open started the verification itself, in the background host, before anyone pressed a button.
    await until(() => runnerCalls.includes('start'));
    await page.waitForSelector('.verify[data-state="done"]');
    await shot(page, '07-integrity');
    // The report was built in the background host, not in a thread of serve.
    expect(runnerCalls).toContain('worker report-worker');
    const text = await page.locator('.verify[data-state="done"]').textContent();
    expect(text).toContain(`${sample.bodies.length} of ${sample.bodies.length} bodies verified`);
    // The report was built in the background host, not in a thread of serve.
    expect(runnerCalls).toContain('worker report-worker');
    // The report itself carries the result: counts in its archive facts, no "bodies unverified" note.
    const facts = page.locator('.archive-verified');
    await facts.waitFor();
    expect(await facts.getAttribute('data-verified')).toBe(String(sample.bodies.length));
    expect([await facts.getAttribute('data-failed'), await facts.getAttribute('data-unreadable')]).toEqual(['0', '0']);
    expect(await page.locator('.finding .code', { hasText: 'BODIES_UNVERIFIED' }).count()).toBe(0);
    await expect.poll(() => page.locator('.integrity .toolbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('intact');
    const starts = runnerCalls.filter((c) => c === 'start').length;
    await page.getByRole('button', { name: 'Verify all bodies' }).click();
    await expect.poll(() => runnerCalls.filter((c) => c === 'start').length).toBe(starts + 1);
    await page.waitForSelector('.verify[data-state="done"]');
    await shot(page, '08-integrity-verified');
    await page.getByRole('button', { name: 'Verify all bodies' }).click();
    await page.getByRole('button', { name: 'Cancel verification' }).click();
    await page.waitForSelector('.verify[data-state="cancelled"], .verify[data-state="done"]');
    expect(await page.locator('.verify').getAttribute('data-state')).toBe('cancelled');
    expect(await page.locator('.verify').textContent()).toContain('CANCELLED');
    // A cancelled verification proves nothing about the bodies: the verdict says so, not INTACT.
    await expect.poll(() => page.locator('.integrity .toolbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('unverified');
  });

  it('runs a canned query, and runs then cancels a slow query', async () => {
    await go(`#/e/${sampleId}/sql?q=tokens-by-provider`);
    await page.waitForSelector('.canned-q.active');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('.result-meta');
    expect(await page.locator('.gr').count()).toBeGreaterThan(0);
    await shot(page, '09-sql');
    await page.getByLabel('SQL').fill('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c');
    await page.getByLabel('deadline').selectOption('120000');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('.running');
    await page.waitForTimeout(300);
    // The query would run for its whole 120 s deadline: CANCELLED shown is the cancel's own doing.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForSelector('.error-note:has-text("CANCELLED")');
    await shot(page, '10-sql-cancelled');
  });

  it('shows each of two like-named columns with its own values, and the next result none of them', async () => {
    const cells = () => page.$$eval('.gr[data-rowkey="0"] .gc', (cs) => cs.map((c) => c.textContent ?? ''));
    const heads = () => page.$$eval('.grid-head [role="columnheader"]', (hs) => hs.map((h) => h.textContent ?? ''));
    await go(`#/e/${sampleId}/sql`);
    const drawn = (names: string[]): Promise<unknown> =>
      page.waitForFunction(
        (want) =>
          Array.from(document.querySelectorAll('.grid-head [role="columnheader"]'))
            .map((h) => h.textContent)
            .join('|') === want && document.querySelector('.gr[data-rowkey="0"]') !== null,
        names.join('|'),
      );
    await page.getByLabel('SQL').fill("SELECT 'left' AS a, 'right' AS a, 3 AS b");
    await page.getByRole('button', { name: /^Run/ }).click();
    // The grid drawing this result's header (the last test's result may still be on screen until it does).
    await drawn(['a', 'a', 'b']);
    expect(await cells()).toEqual(['left', 'right', '3']);
    await page.getByLabel('SQL').fill("SELECT 'only' AS c");
    await page.getByRole('button', { name: /^Run/ }).click();
    await drawn(['c']);
    expect(await heads()).toEqual(['c']);
    expect(await cells()).toEqual(['only']);
  });

  it('searches by event_id and jumps to the row', async () => {
    const target = big.bodies.find((b) => !b.injected)!;
    await go(`#/e/${bigId}/overview`);
    await page.waitForSelector('.overview');
    await page.keyboard.press('/');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('quick search');
    await page.keyboard.type(target.key.eventId);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.hits li');
    await shot(page, '11-search');
    await page.locator('.hits a').first().click();
    await page.waitForSelector('aside.side-pane .row-panel dl.kv');
    await expect(page.locator('aside.side-pane dl.kv a.id-link[data-id-column="event_id"]').first().textContent()).resolves.toBe(
      target.key.eventId,
    );
  });

  it('shows the shortcut sheet on ?', async () => {
    await page.locator('.content').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    await page.waitForSelector('[role="dialog"][aria-label="keyboard shortcuts"]');
    const sheet = (await page.locator('[role="dialog"] table').innerText()).replace(/\s+/g, ' ');
    for (const line of ['g r go to Identity graph', 'g l go to Tool lifecycles', 'g a go to File activity', 'g f go to Search'])
      expect(sheet).toContain(line);
    await shot(page, '12-shortcuts');
    await page.keyboard.press('Escape');
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    // The keys the sheet lists are the keys that work.
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await page.waitForSelector('.app[data-view="lifecycle"]');
  });

  it('opens a session whose files are dropped onto the page', async () => {
    await go('#/');
    await page.waitForSelector('.dropzone');
    const files: { name: string; b64: string }[] = [];
    for (const f of readdirSync(sample.sessionDir)) {
      const p = join(sample.sessionDir, f);
      if (statSync(p).isDirectory())
        for (const g of readdirSync(p)) files.push({ name: g, b64: readFileSync(join(p, g)).toString('base64') });
      else files.push({ name: f, b64: readFileSync(p).toString('base64') });
    }
    await page.evaluate((list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bin = atob(f.b64);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        dt.items.add(new File([bytes], f.name));
      }
      document.querySelector('.dropzone')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, files);
    await page.waitForFunction(() => /#\/e\/[^/]+\/overview/.test(window.location.hash));
    await page.waitForSelector('.overview .identity');
    // Loose files carry no folder name, so the session id is a generated one (a dropped folder keeps its name).
    await expect(page.locator('.identity .value.mono').first().textContent()).resolves.toMatch(/^dropped-[0-9a-f]{8}$/);
    const list = ok(await server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];
    const dropped = list.filter((e) => e.origin === 'dropped');
    expect(dropped.map((e) => e.generation)).toEqual(['A4']);
    const counts = ok(await server.service.handle('tables.list', { evidenceId: dropped[0]!.id })) as readonly {
      name: string;
      rowCount: number;
    }[];
    expect(counts.find((t) => t.name === 'model_calls')?.rowCount).toBe(sample.rowCounts.model_calls);
  });

  it('opens a session folder chosen from the keyboard, keeping its name, as a drop would', async () => {
    await go('#/');
    // Enter on the focused button (press waits until it is enabled and still): the keyboard's way to the picker.
    const button = page.getByRole('button', { name: 'Choose a session folder…' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 10_000 }), button.press('Enter')]);
    await chooser.setFiles(sample.sessionDir);
    await page.waitForFunction(() => /#\/e\/[^/]+\/overview/.test(window.location.hash));
    await page.waitForSelector('.overview .identity');
    await expect(page.locator('.identity .value.mono').first().textContent()).resolves.toBe(sample.sessionId);
    const list = ok(await server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];
    const picked = list.find((e) => e.origin === 'dropped' && e.sessionId === sample.sessionId)!;
    const counts = ok(await server.service.handle('tables.list', { evidenceId: picked.id })) as readonly {
      name: string;
      rowCount: number;
    }[];
    expect(counts.find((t) => t.name === 'model_calls')?.rowCount).toBe(sample.rowCounts.model_calls);
  });

  it('renders at least 50 hostile bodies in every view with no script run and no outside request', async () => {
    expect(hostile.events.length).toBeGreaterThanOrEqual(50);
    // The walk runs inside the page (one evaluate) so the test measures the app, not the driver's round trips.
    const visits = hostile.events.flatMap((e) =>
      ['text', 'json', 'sse', 'msgpack', 'hex'].map((mode) => ({
        id: e.eventId,
        hash: `#/e/${hostileId}/row/net_events/${e.rowid}?body=net_events/response&view=${mode}`,
        mode,
      })),
    );
    await go(`#/e/${hostileId}/overview`);
    await page.waitForSelector('[data-app-state="loaded"]');
    const problems = await page.evaluate(async (list) => {
      const out: string[] = [];
      for (const v of list) {
        window.location.hash = v.hash;
        // Until the view shows the body or its error: no budget of its own (the test's timeout is the clock).
        for (;;) {
          const err = document.querySelector(`.body-error[data-event="${v.id}"][data-mode="${v.mode}"]`);
          const el = document.querySelector(`.body-view[data-event="${v.id}"][data-mode="${v.mode}"]`);
          if (err) {
            out.push(`${v.hash}: ${err.textContent}`);
            break;
          }
          if (el && el.getAttribute('data-total') !== '' && el.getAttribute('data-loaded') === el.getAttribute('data-total')) break;
          await new Promise((r) => setTimeout(r, 4));
        }
      }
      return out;
    }, visits);
    expect(problems).toEqual([]);
    // Markers are visible in the text view.
    const rlo = hostile.events.find((e) => e.name === 'hidden-0')!;
    await go(`#/e/${hostileId}/row/net_events/${rlo.rowid}?body=net_events/response&view=text`);
    await bodyLoaded(rlo.eventId);
    await expect(page.locator('.rowlist').textContent()).resolves.toContain('⟨RLO U+202E⟩');
    const ansi = hostile.events.find((e) => e.name === 'hidden-3')!;
    await go(`#/e/${hostileId}/row/net_events/${ansi.rowid}?body=net_events/response&view=text`);
    await bodyLoaded(ansi.eventId);
    await expect(page.locator('.rowlist').textContent()).resolves.toContain('⟨ESC⟩[31m');
    await shot(page, '13-hostile-ansi');
    const markup = hostile.events.find((e) => e.name === 'markup-1')!;
    await go(`#/e/${hostileId}/row/net_events/${markup.rowid}?body=net_events/response&view=text`);
    await bodyLoaded(markup.eventId);
    await shot(page, '14-hostile-markup');
    const json = hostile.events.find((e) => e.name === 'json-hostile')!;
    await go(`#/e/${hostileId}/row/net_events/${json.rowid}?body=net_events/response&view=json`);
    await bodyLoaded(json.eventId, 'json');
    const jsonText = await page.locator('.rowlist').textContent();
    expect(jsonText).toContain('"big": 12345678901234567890');
    expect(jsonText).toContain('"a": 1,');
    expect(jsonText).toContain('"a": 2,');
    expect(jsonText).toContain('"__proto__": {');
    await shot(page, '15-hostile-json');

    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0)).toBe(0);
    expect(w.dialogs).toEqual([]);
    expect(w.requests.filter((u) => !u.startsWith(server.origin))).toEqual([]);
    expect(w.pageErrors).toEqual([]);
  });
});
