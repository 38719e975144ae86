// File activity and Tool lifecycles at scale (issue 26), in Chromium against serve mode, on a generated 100,000-event
// ledger (gen:large): zooming the timeline narrows its range and splits an aggregated overflow mark into its windows;
// the paths sort both ways in plain SQL's order and "go to path N" lands on that path; the swimlanes count every call
// of the ledger and of one trace (sum of bins = COUNT(*)); "go to call N" lands on that call.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeLedger } from '../../scripts/gen-large/generate.js';
import type { BrowserSuite } from './harness.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let ev: string;
const CALL_MS = '(julianday(timestamp) - 2440587.5) * 86400000.0';

beforeAll(async () => {
  suite = await startBrowserSuite('timelines', {
    serve: async (dir) => {
      const s = await generateLargeLedger({ dir: join(dir, 'large'), events: 100_000, bodyBytes: 4 * 1024 * 1024, seed: 3 });
      return { paths: [s.sessionDir] };
    },
  });
  page = suite.page;
  ev = ok(suite.server.opened[0]!).id;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(suite.url(`#/e/${ev}/overview`));
});

afterAll(async () => {
  await suite?.close();
});

const db = () => suite.server.service.registry.get(ev).db;
const sql = <T>(q: string, ...p: unknown[]): T[] =>
  db()
    .prepare(q)
    .all(...p) as T[];
const rangeOf = async (sel: string): Promise<[number, number]> => {
  const [a, b] = await Promise.all([page.getAttribute(sel, 'data-from'), page.getAttribute(sel, 'data-to')]);
  return [Number(a), Number(b)];
};
const ACTION_CHART = 'section[aria-label="file events by action"] svg.fs-timeline';

describe('File activity at scale', () => {
  it('zooms the timeline: the range narrows and an aggregated overflow mark splits into its windows', async () => {
    await goToHash(page, `#/e/${ev}/files`);
    await page.waitForSelector(`${ACTION_CHART} .fs-mark`);
    const [from0, to0] = await rangeOf(ACTION_CHART);
    // The whole session: from its first dated file event to just past its last.
    const span = sql<{ lo: number; hi: number }>(`SELECT MIN(${CALL_MS}) AS lo, MAX(${CALL_MS}) AS hi FROM fs_events`)[0]!;
    expect([from0, to0]).toEqual([Math.floor(span.lo), Math.floor(span.hi) + 1]);
    const windows = sql<{ n: number }>("SELECT COUNT(*) AS n FROM fs_events WHERE action = 'overflow'")[0]!.n;
    const marks = await page.$$eval(`${ACTION_CHART} .fs-mark`, (ms) => ms.map((m) => Number(m.getAttribute('data-mark-windows'))));
    expect(marks.reduce((a, b) => a + b, 0)).toBe(windows);
    await shot(page, 'timelines-01-files-whole');
    // The wheel zooms about the pointer: the range narrows and stays inside the session.
    const box = (await page.locator(ACTION_CHART).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await page.mouse.wheel(0, -200);
    await page.waitForFunction(
      ([sel, w]) =>
        Number(document.querySelector(sel)!.getAttribute('data-to')) - Number(document.querySelector(sel)!.getAttribute('data-from')) < w,
      [ACTION_CHART, to0 - from0] as const,
    );
    const [from1, to1] = await rangeOf(ACTION_CHART);
    expect(from1).toBeGreaterThanOrEqual(from0);
    expect(to1).toBeLessThanOrEqual(to0);
    await shot(page, 'timelines-01b-files-wheel');
    await page.click('.fs-zoom button:has-text("whole session")');
    await page.waitForSelector('section.fs-chart[data-zoomed="false"]');
    // The button says "whole session" at once; the chart keeps the zoomed range's marks until the whole session's
    // answer is drawn (its range back to the first one), and only then are its marks the ones to read.
    await page.waitForFunction(
      ([sel, a, b]) =>
        document.querySelector(sel)!.getAttribute('data-from') === a && document.querySelector(sel)!.getAttribute('data-to') === b,
      [ACTION_CHART, String(from0), String(to0)] as const,
    );
    // A mark of several windows, clicked, zooms to them: there they are several marks holding the same windows.
    const many = page.locator(`${ACTION_CHART} .fs-mark.many`).first();
    const m = await many.evaluate((x) => ({
      windows: Number(x.getAttribute('data-mark-windows')),
      from: Number(x.getAttribute('data-mark-from')),
      to: Number(x.getAttribute('data-mark-to')),
    }));
    expect(m.windows).toBeGreaterThan(1);
    // Dispatched on the mark itself: at the whole session's scale a neighbour's badge may sit over part of this one.
    await many.dispatchEvent('click');
    await page.waitForSelector('section.fs-chart[data-zoomed="true"]');
    await page.waitForFunction(
      ([sel, w]) =>
        Number(document.querySelector(sel)!.getAttribute('data-to')) - Number(document.querySelector(sel)!.getAttribute('data-from')) < w,
      [ACTION_CHART, (to0 - from0) / 4] as const,
    );
    const inside = await page.$$eval(
      `${ACTION_CHART} .fs-mark`,
      (ms, r) =>
        ms
          .filter((x) => Number(x.getAttribute('data-mark-from')) >= r.from && Number(x.getAttribute('data-mark-to')) <= r.to)
          .map((x) => Number(x.getAttribute('data-mark-windows'))),
      m,
    );
    expect(inside.length).toBeGreaterThan(1);
    expect(inside.reduce((a, b) => a + b, 0)).toBe(m.windows);
    await shot(page, 'timelines-02-files-zoomed');
  });

  /** Paths in plain SQL's order: one row per path, its latest event's columns. */
  const sqlPaths = (order: string): string[] =>
    sql<{ path: string }>(
      `SELECT path FROM (SELECT path, MAX(id) AS last, COUNT(*) AS events FROM fs_events WHERE path <> '' GROUP BY path) ORDER BY ${order}`,
    ).map((r) => r.path);
  const drawn = (): Promise<string[]> =>
    page.$$eval('.fs-paths .gr [data-path]', (cs) =>
      cs
        .map((c) => ({ top: parseFloat((c.closest('.gr') as HTMLElement).style.top), path: c.getAttribute('data-path')! }))
        .sort((a, b) => a.top - b.top)
        .map((c) => c.path),
    );

  it('sorts the paths both ways in plain SQL’s order, and goes to path N', async () => {
    await page.waitForSelector('.fs-paths .gr [data-path]');
    const total = Number(await page.getAttribute('[data-paths-total]', 'data-paths-total'));
    expect(total).toBe(sqlPaths('path').length);
    // The scrollbar spans every path.
    expect(await page.$eval('.fs-paths .grid-body', (el) => el.getBoundingClientRect().height)).toBe(total * 26);
    for (const [dir, order] of [
      ['descending', 'events DESC, path DESC'],
      ['ascending', 'events ASC, path ASC'],
    ] as const) {
      await page.click('.fs-paths .gh-sort:has-text("changes")');
      await page.waitForSelector(`.fs-paths .gh[aria-sort="${dir}"]`);
      const want = sqlPaths(order);
      await page.waitForFunction(
        (first) => document.querySelector('.fs-paths .gr [data-path]')?.getAttribute('data-path') === first,
        want[0],
      );
      const got = await drawn();
      expect(got.length).toBeGreaterThan(5);
      expect(got).toEqual(want.slice(0, got.length));
    }
    const want = sqlPaths('events ASC, path ASC');
    const n = Math.floor(total * 0.6);
    await page.fill('.goto-path-input', n.toLocaleString('en-US'));
    await page.press('.goto-path-input', 'Enter');
    await page.waitForSelector(`.fs-paths [data-path="${want[n - 1]!.replace(/"/g, '\\"')}"]`);
    const rows = await drawn();
    expect(rows).toContain(want[n - 1]);
    expect(rows.slice(rows.indexOf(want[n - 1]!), rows.indexOf(want[n - 1]!) + 5)).toEqual(want.slice(n - 1, n + 4));
    await shot(page, 'timelines-03-paths-goto');
    expect(suite.watched.pageErrors).toEqual([]);
  });
});

describe('Tool lifecycles at scale', () => {
  const laneSum = (): Promise<{ lanes: number; bins: number; calls: number; mode: string }> =>
    page.$eval('svg.swimlanes', (s) => ({
      lanes: Array.from(s.querySelectorAll('[data-lane-calls]')).reduce((n, g) => n + Number(g.getAttribute('data-lane-calls')), 0),
      bins: Array.from(s.querySelectorAll('[data-bin-calls]')).reduce((n, b) => n + Number(b.getAttribute('data-bin-calls')), 0),
      calls: s.querySelectorAll('[data-call]').length,
      mode: s.getAttribute('data-mode')!,
    }));

  it('draws every call of the ledger in the swimlanes, binned, and goes to call N', async () => {
    await goToHash(page, `#/e/${ev}/lifecycle`);
    await page.waitForSelector('svg.swimlanes[data-mode]');
    const all = sql<{ n: number }>(`SELECT COUNT(*) AS n FROM tool_calls WHERE ${CALL_MS} IS NOT NULL`)[0]!.n;
    expect(all).toBeGreaterThan(1500);
    const s = await laneSum();
    expect(s).toMatchObject({ lanes: all, bins: all, mode: 'bins' });
    await shot(page, 'timelines-04-lifecycle-whole');
    const ids = sql<{ id: number }>('SELECT id FROM tool_calls ORDER BY id').map((r) => r.id);
    const n = Math.floor(ids.length / 2);
    await page.fill('.lc-goto', String(n));
    await page.press('.lc-goto', 'Enter');
    await page.waitForSelector(`.lifecycle-view .gr[data-rowkey="${ids[n - 1]}"]`);
  });

  it('counts every call of one trace in its lanes (sum of bins = SQL count)', async () => {
    const [t] = sql<{ t: string; n: number }>(
      `SELECT trace_id AS t, COUNT(*) AS n FROM tool_calls WHERE trace_id IS NOT NULL AND ${CALL_MS} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    await goToHash(page, `#/e/${ev}/lifecycle?trace=${encodeURIComponent(t!.t)}`);
    await page.waitForFunction((n) => document.querySelector('svg.swimlanes')?.getAttribute('data-calls') === String(n), t!.n);
    const s = await laneSum();
    expect(s.lanes).toBe(t!.n);
    // Bins when many, each call drawn when few: either way every call of the trace is on the chart once.
    expect(s.mode === 'bins' ? s.bins : s.calls).toBe(t!.n);
    await shot(page, 'timelines-05-lifecycle-trace');
    expect(suite.watched.pageErrors).toEqual([]);
  });
});
