/**
 * Rows only in session.db-wal are marked in every other view that shows rows (issue 23): the overview's lists, the
 * SQL console, the identity graph (nodes and waterfall rows), the transcript, tool lifecycles and File activity.
 * Each view is checked row by row against what the writer put only in the -wal: the writer kept each table's first
 * rows in session.db and wrote the rest into the -wal only, so a table's rows only in the -wal are its last
 * `walOnlyRowCounts[table]` rowids. Aggregate lines (a trace, a model) are expected marked when their largest
 * rowid of a table is one of those, read from a copy of the fixture (never the served folder).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/main/serve/server.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let page: Page;
let w: WrittenLedger;
let id: string;
/** A copy of the fixture (session.db and its -wal) the test reads its expectations from. */
let copy: Database.Database;

/** The first rowid of `table` only in the -wal (Infinity for a table with none). */
function first(table: string): number {
  const k = w.walOnlyRowCounts[table] ?? 0;
  return k > 0 ? w.rowCounts[table]! - k + 1 : Infinity;
}
const walOnly = (table: string, rowid: number): boolean => rowid >= first(table);
/** A trace that holds a model call only in the -wal. */
const walTrace = (): string =>
  (
    copy
      .prepare('SELECT trace_id AS t FROM model_calls WHERE rowid >= ? AND trace_id IS NOT NULL ORDER BY rowid LIMIT 1')
      .get(first('model_calls')) as { t: string }
  ).t;
const NODE_TABLES: Record<string, string> = { mc: 'model_calls', tc: 'tool_calls', tr: 'tool_responses' };

async function open(hash: string, ready: string): Promise<void> {
  await goToHash(page, hash);
  await page.waitForSelector('.wal-scope[data-wal-known="true"]');
  await page.waitForSelector(ready);
}

/** Each element matching `sel`: its `attr` and whether it holds the mark. */
async function marks(sel: string, attr: string): Promise<{ key: string; marked: boolean }[]> {
  return page.$$eval(
    sel,
    (els, a) => els.map((e) => ({ key: e.getAttribute(a) ?? '', marked: e.querySelector('[data-testid="wal-only"]') !== null })),
    attr,
  );
}

beforeAll(async () => {
  suite = await startBrowserSuite('wal-only-views', {
    serve: async (dir) => {
      w = await writeLedger(join(dir, 'wal'), { generation: 'A4', wal: true });
      const c = join(dir, 'copy');
      mkdirSync(c);
      for (const f of ['session.db', 'session.db-wal']) copyFileSync(join(w.sessionDir, f), join(c, f));
      copy = new Database(join(c, 'session.db'), { readonly: true });
      return { paths: [w.sessionDir] };
    },
    cleanup: () => {
      copy?.close();
    },
  });
  ({ server, page } = suite);
  id = ok(server.opened[0]!).id;
  await page.goto(suite.url(`#/e/${id}/overview`));
  await page.waitForSelector('[data-app-state="loaded"]');
  // The fixture has rows only in the -wal in every table these views draw from.
  for (const t of ['model_calls', 'tool_calls', 'tool_responses', 'fs_events']) expect(first(t)).toBeLessThanOrEqual(w.rowCounts[t]!);
});

afterAll(() => suite?.close());

describe('rows only in the -wal, in every view that lists rows', () => {
  it("the overview's rows per table, traces and models mark what holds rows only in the -wal", async () => {
    await open(`#/e/${id}/overview`, 'section[aria-label="traces"] li[data-trace-id]');
    await page.waitForSelector('.models table.mini tbody tr');
    const tables = await page.$$eval('.card:has(h3:text-is("Rows per table")) tr', (trs) =>
      trs.map((tr) => ({ key: tr.querySelector('a')?.textContent ?? '', marked: tr.querySelector('[data-testid="wal-only"]') !== null })),
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const t of tables) expect(t).toEqual({ key: t.key, marked: (w.walOnlyRowCounts[t.key] ?? 0) > 0 });

    const lastOf = (table: string): Map<string, number> =>
      new Map(
        (
          copy.prepare(`SELECT trace_id AS t, MAX(rowid) AS r FROM ${table} WHERE trace_id IS NOT NULL GROUP BY 1`).all() as {
            t: string;
            r: number;
          }[]
        ).map((r) => [r.t, r.r]),
      );
    const last = Object.fromEntries(['model_calls', 'tool_calls', 'tool_responses'].map((t) => [t, lastOf(t)]));
    const traceMarked = (trace: string): boolean => Object.entries(last).some(([t, m]) => m.has(trace) && walOnly(t, m.get(trace)!));
    const traces = await marks('section[aria-label="traces"] li[data-trace-id]', 'data-trace-id');
    for (const t of traces) expect(t).toEqual({ key: t.key, marked: traceMarked(t.key) });
    expect(traces.some((t) => t.marked)).toBe(true);

    const models = copy
      .prepare(
        "SELECT provider || CASE WHEN model IS NULL OR model = '' THEN '' ELSE ' · ' || model END AS k, MAX(rowid) AS r FROM model_calls GROUP BY provider, model",
      )
      .all() as { k: string; r: number }[];
    const shown = await page.$$eval('.models table.mini tbody tr', (trs) =>
      trs.map((tr) => ({
        key: tr.querySelector('td')?.firstChild?.textContent ?? '',
        marked: tr.querySelector('[data-testid="wal-only"]') !== null,
      })),
    );
    expect(shown.length).toBe(models.length);
    for (const m of shown) expect(m).toEqual({ key: m.key, marked: walOnly('model_calls', models.find((x) => x.k === m.key)!.r) });
    await shot(page, 'wal-only-views-01-overview');
  });

  it('the SQL console marks result rows that carry a rowid only in the -wal, and says when results name no row', async () => {
    await open(`#/e/${id}/sql`, 'textarea');
    await page
      .getByLabel('SQL')
      .fill('SELECT m.id, m.provider, t.rowid AS tool_row FROM model_calls m LEFT JOIN tool_calls t ON t.rowid = m.id ORDER BY m.id');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('[data-testid="sql-wal-note"]');
    expect(await page.locator('[data-testid="sql-wal-note"]').textContent()).toContain('model_calls, tool_calls');
    const rows = await page.$$eval('.gr[data-rowkey]', (trs) =>
      trs.map((r) => ({ text: r.querySelector('.gc')?.textContent ?? '', marked: r.classList.contains('wal-only') })),
    );
    expect(rows.length).toBe(w.rowCounts.model_calls);
    for (const r of rows) {
      const m = Number(r.text);
      expect(r).toEqual({ text: r.text, marked: walOnly('model_calls', m) || walOnly('tool_calls', m) });
    }
    await shot(page, 'wal-only-views-02-sql');

    await page.getByLabel('SQL').fill('SELECT provider, COUNT(*) FROM model_calls GROUP BY 1 UNION ALL SELECT id, 1 FROM tool_calls');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('[data-testid="sql-wal-note"]:has-text("cannot be marked")');
    expect(await page.locator('.gr.wal-only').count()).toBe(0);
  });

  it('the SQL console shows a float as people read it, and its cell bar every stored digit (numbers, issue 23)', async () => {
    await open(`#/e/${id}/sql`, 'textarea');
    await page.getByLabel('SQL').fill('SELECT 0.1 + 0.2 AS x, 1234567 AS n');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('.result-meta');
    const cells = await page.$$eval('.gr[data-rowkey] .gc', (cs) => cs.map((c) => c.textContent));
    // It printed 0.30000000000000004 before; an integer stays as stored (not a count to group).
    expect(cells).toEqual(['0.3', '1234567']);
    await page.locator('.gr[data-rowkey] .gc').first().click();
    await page.waitForSelector('.cellbar .cellval');
    expect(await page.locator('.cellbar .cellval').textContent()).toBe('0.30000000000000004');
  });

  it('the identity graph marks nodes and waterfall rows backed by a row only in the -wal', async () => {
    await open(`#/e/${id}/graph/${encodeURIComponent(walTrace())}`, 'g[data-node-id^="mc:"]');
    await page.waitForSelector('[data-wf-node^="mc:"]');
    const nodes = (await marks('g[data-node-id]', 'data-node-id')).filter((n) => /^(mc|tc|tr):\d+$/.test(n.key));
    const wf = await marks('[data-wf-node]', 'data-wf-node');
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of [...nodes, ...wf]) {
      const [kind, rowid] = n.key.split(':') as [string, string];
      expect(n).toEqual({ key: n.key, marked: walOnly(NODE_TABLES[kind]!, Number(rowid)) });
    }
    expect(nodes.some((n) => n.marked) && wf.some((n) => n.marked)).toBe(true);
    await shot(page, 'wal-only-views-03-graph');
  });

  it('the transcript marks the lines of rows only in the -wal', async () => {
    await open(`#/e/${id}/transcript`, 'article[data-row]');
    // Only the lines near the screen are drawn: read them screen by screen down to the last line.
    const total = Number(await page.locator('.transcript-view').getAttribute('data-total'));
    const lines: { key: string; marked: boolean }[] = [];
    const lastSeq = (): Promise<number> =>
      page.$$eval('article[data-seq]', (as) => Math.max(...as.map((a) => Number(a.getAttribute('data-seq')))));
    for (;;) {
      lines.push(...(await marks('article[data-row]', 'data-row')));
      const last = await lastSeq();
      if (last >= total - 1) break;
      await page.locator('.transcript-scroll').evaluate((el) => el.scrollBy({ top: el.clientHeight * 0.8 }));
      await page.waitForFunction(
        (n) => Array.from(document.querySelectorAll('article[data-seq]')).some((a) => Number(a.getAttribute('data-seq')) > n),
        last,
      );
    }
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) {
      const [table, rowid] = l.key.split(':') as [string, string];
      expect(l).toEqual({ key: l.key, marked: walOnly(table, Number(rowid)) });
    }
    expect(lines.some((l) => l.marked) && lines.some((l) => !l.marked)).toBe(true);
    await shot(page, 'wal-only-views-04-transcript');
  });

  it('tool lifecycles mark their calls (grid and swimlanes) and orphan responses only in the -wal', async () => {
    await open(`#/e/${id}/lifecycle`, '.gr[data-rowkey]');
    await page.waitForSelector('rect[data-call]');
    // The orphan responses come with the summary, made in its own worker after the rows.
    await page.waitForSelector('[aria-label="lifecycle counts"][data-counts-loaded="yes"]');
    const grid = await page.$$eval('.gr[data-rowkey]', (trs) =>
      trs.map((r) => ({ key: r.getAttribute('data-rowkey')!, marked: r.classList.contains('wal-only') })),
    );
    const lanes = await page.$$eval('rect[data-call]', (rs) =>
      rs.map((r) => ({ key: r.getAttribute('data-call')!, marked: r.classList.contains('wal-only') })),
    );
    expect(grid.length).toBeGreaterThan(0);
    for (const r of [...grid, ...lanes]) expect(r).toEqual({ key: r.key, marked: walOnly('tool_calls', Number(r.key)) });
    expect(grid.some((r) => r.marked) && grid.some((r) => !r.marked)).toBe(true);
    const orphans = await page.$$eval('.lc-orphans li', (lis) =>
      lis.map((li) => ({
        key: /tool_responses (\d+)/.exec(li.textContent ?? '')?.[1] ?? '',
        marked: li.querySelector('[data-testid="wal-only"]') !== null,
      })),
    );
    for (const o of orphans) expect(o).toEqual({ key: o.key, marked: walOnly('tool_responses', Number(o.key)) });
    await shot(page, 'wal-only-views-05-lifecycle');
  });

  it('File activity marks paths whose latest event, and overflow windows, are only in the -wal', async () => {
    await open(`#/e/${id}/files`, '.path-cell[data-path]');
    const latest = new Map(
      (copy.prepare('SELECT path AS p, MAX(rowid) AS r FROM fs_events GROUP BY path').all() as { p: string; r: number }[]).map((r) => [
        r.p,
        r.r,
      ]),
    );
    const paths = await marks('.path-cell[data-path]', 'data-path');
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p).toEqual({ key: p.key, marked: walOnly('fs_events', latest.get(p.key)!) });
    expect(paths.some((p) => p.marked)).toBe(true);
    const windows = await marks('tr[data-window]', 'data-window');
    for (const x of windows) expect(x).toEqual({ key: x.key, marked: walOnly('fs_events', Number(x.key)) });
    await shot(page, 'wal-only-views-06-files');
  });
});
