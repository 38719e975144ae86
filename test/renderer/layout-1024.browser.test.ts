// File activity, Tool lifecycles and Tables at 1024×700 and 1440×900 (issue 35), in Chromium against serve mode, on a
// generated ledger with more paths, calls and columns than either window holds: each view has one vertical scroll
// area for its rows (the grid's; a side column may scroll by itself, never inside another), the page does not scroll,
// every column can be reached by the grid's own horizontal scroll with its header above it, and the last column is
// whole once the grid is scrolled to its end.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeLedger } from '../../scripts/gen-large/generate.js';
import type { BrowserSuite } from './harness.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { ViewAreas } from './layout-probe.js';
import { columnReport, lastColumnHidden, scrollReport } from './layout-probe.js';

let suite: BrowserSuite;
let page: Page;
let ev: string;

beforeAll(async () => {
  suite = await startBrowserSuite('layout-1024', {
    serve: async (dir) => {
      const s = await generateLargeLedger({ dir: join(dir, 'l'), events: 6_000, bodyBytes: 1024 * 1024, seed: 5 });
      return { paths: [s.sessionDir] };
    },
  });
  page = suite.page;
  ev = ok(suite.server.opened[0]!).id;
});

afterAll(async () => {
  await suite?.close();
});

interface ViewCase extends ViewAreas {
  readonly name: string;
  readonly hash: () => string;
  /** Shown once the view has drawn everything that sizes its layout (rows, counts, charts, lanes). */
  readonly ready: readonly string[];
}

const VIEWS: readonly ViewCase[] = [
  {
    name: 'files',
    hash: () => `#/e/${ev}/files`,
    root: '.files-view',
    grid: '[aria-label="paths list"]',
    side: '.fs-overflow',
    ready: [
      '.fs-charts section:nth-child(1) svg.fs-timeline',
      '.fs-charts section:nth-child(2) svg.fs-timeline',
      '.fs-overflow[data-windows]:not([data-windows=""])',
    ],
  },
  {
    name: 'lifecycle',
    hash: () => `#/e/${ev}/lifecycle`,
    root: '.lifecycle-view',
    grid: '[aria-label="tool lifecycles"]',
    side: '.lc-side',
    ready: [
      '.lc-counts[data-counts-loaded="yes"]',
      '[data-rows-total]:not([data-rows-total=""])',
      '.lc-lanes svg.swimlanes',
      '.lc-side table.usage',
    ],
  },
  {
    name: 'tables',
    hash: () => `#/e/${ev}/tables/net_events`,
    root: '.tables-view',
    grid: '[aria-label="net_events rows"]',
    side: '.table-list',
    // A table's count has a title only while it is being counted (or could not be).
    ready: ['.table-list a.active .count:not([title])'],
  },
];

/** Scrolls the grid to its left or right end and waits until its top row draws the first or last column. */
async function scrollGridTo(grid: string, end: 'start' | 'end'): Promise<void> {
  await page.$eval(`${grid} .grid-scroll`, (el, e) => void (el.scrollLeft = e === 'end' ? el.scrollWidth : 0), end);
  await page.waitForFunction(
    ([g, e]) => {
      const scroller = document.querySelector(`${g} .grid-scroll`)!;
      const n = scroller.querySelectorAll('.grid-head > [role="columnheader"]').length;
      return !!scroller.querySelector(`.gr [aria-colindex="${e === 'end' ? n : 1}"]`);
    },
    [grid, end] as const,
  );
}

describe('File activity, Tool lifecycles and Tables fit the window', () => {
  for (const [width, height] of [
    [1024, 700],
    [1440, 900],
  ] as const) {
    for (const v of VIEWS) {
      it(`${v.name} at ${width}×${height}: one vertical scroll area, every column reachable and aligned`, async () => {
        await page.setViewportSize({ width, height });
        await page.goto(suite.url(v.hash()));
        await page.waitForSelector(`${v.grid} .gr[data-rowkey]`);
        for (const sel of v.ready) await page.waitForSelector(sel);
        // Two frames: the resize observers have run and the grid has drawn at its final width.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await shot(page, `layout-${v.name}-${width}`);
        const scroll = await page.evaluate(scrollReport, { root: v.root, grid: v.grid, side: v.side });
        // The fixture overflows the grid both ways, or the checks below prove nothing.
        const over = await page.$eval(`${v.grid} .grid-scroll`, (el) => ({
          y: el.scrollHeight > el.clientHeight,
          x: el.scrollWidth > el.clientWidth,
        }));
        expect(over).toEqual({ y: true, x: true });
        expect(scroll).toEqual({ pageScrollsY: false, extraY: [], outerX: [], gridCut: [], sideX: false });
        const cols = await page.evaluate(columnReport, v.grid);
        expect(cols.unreachable).toEqual([]);
        expect(cols.misaligned).toEqual([]);
        expect(cols.drawn[0]).toBe(1);
        await scrollGridTo(v.grid, 'end');
        const atEnd = await page.evaluate(columnReport, v.grid);
        expect(atEnd.drawn.at(-1)).toBe(atEnd.columns);
        expect(atEnd.misaligned).toEqual([]);
        expect(await page.evaluate(lastColumnHidden, v.grid)).toEqual({ head: 0, cell: 0 });
        await shot(page, `layout-${v.name}-${width}-end`);
        await scrollGridTo(v.grid, 'start');
        expect(suite.watched.pageErrors).toEqual([]);
      });
    }
  }
});
