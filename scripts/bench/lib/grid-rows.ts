// The grid rows of issues 26 and 22 (scripts/bench/scale.ts --only grids, or after the other at-scale rows):
// - a SQL result of ~900,000 rows (four event tables of the 1,000,000-event ledger, UNION ALL) paged to row 500,000,
//   fresh (the child streams it there) and once counted (one seek in the spill file), beside the same query in plain
//   better-sqlite3 read forward to that row and with LIMIT/OFFSET, in the same run;
// - a 1,000,000-row table sorted by a column no index serves (click on its header to the first sorted rows drawn, the
//   long tasks in the page meanwhile, serve's peak RSS growth), beside the same ORDER BY in plain better-sqlite3.
// Each step is timed in the page (scale-page.ts). The references open the ledgers read-only (no journal to write).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { EvidenceSummary } from '../../../src/shared/contract.js';
import { processMemory, startServe } from './browser-serve.js';
import type { FigureRow } from './report.js';
import { mib, ms, pass } from './report.js';
import { longTaskText, step } from './scale-page.js';
import type { StepFigure } from './scale-page.js';
import { openPage } from './scale-rows.js';

const GOAL_MS = 300;
const LONG_TASK_GOAL = 50;
const TARGET = 500_000;
const SORT_COLUMN = 'bytes_sent';

/** Every row of the four largest event tables of a generated ledger: no key orders it. */
export const BIG_QUERY = [
  `SELECT 'model_items' AS source, id, trace_id, kind AS what FROM model_items`,
  `SELECT 'event_body_blobs', id, trace_id, source_table FROM event_body_blobs`,
  `SELECT 'fs_events', id, NULL, path FROM fs_events`,
  `SELECT 'audit_events', id, NULL, event_id FROM audit_events`,
].join(' UNION ALL ');

const hashOf = (ev: string, rest: string): string => `#/e/${encodeURIComponent(ev)}/${rest}`;
const goto = (n: number): string =>
  `const i = document.querySelector('.result-meta .goto-row'); i.value = '${n}'; i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));`;

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

const verdictOf = (f: StepFigure): ReturnType<typeof pass> =>
  pass(f.ms < GOAL_MS && (f.longTasks.length ? Math.max(...f.longTasks) : 0) <= LONG_TASK_GOAL);

export async function sqlPagingRows(browser: Browser, sessionDir: string): Promise<FigureRow[]> {
  // Reference first, on the ledger itself, read-only: forward to the row, and LIMIT/OFFSET.
  const ref = new Database(join(sessionDir, 'session.db'), { readonly: true, fileMustExist: true });
  let forward: { value: number; ms: number };
  let offset: { value: number; ms: number };
  let count: number;
  try {
    count = Number(ref.prepare(`SELECT COUNT(*) FROM (${BIG_QUERY})`).pluck().get());
    forward = timed(() => {
      let n = 0;
      let got = 0;
      for (const _row of ref.prepare(BIG_QUERY).raw(true).iterate() as Iterable<unknown[]>) {
        if (n++ >= TARGET - 1 && ++got >= 300) break;
      }
      return n;
    });
    offset = timed(
      () =>
        ref
          .prepare(`${BIG_QUERY} LIMIT 300 OFFSET ${TARGET - 1}`)
          .raw(true)
          .all().length,
    );
  } finally {
    ref.close();
  }
  const serve = await startServe(sessionDir);
  try {
    const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
    const page = await openPage(browser, serve, hashOf(ev, `sql?sql=${encodeURIComponent(BIG_QUERY)}`), '.sql-editor');
    await page.selectOption('select[aria-label="deadline"]', '120000');
    const first = await step(page, `document.querySelector('.toolbar button.primary').click();`, ['.gr[data-rowkey="0"]']);
    const fresh = await step(page, goto(TARGET), [`.gr[data-rowkey="${TARGET - 1}"]`], 500, 600_000);
    await page.waitForSelector('.sql-count[data-done="yes"]', { timeout: 600_000 });
    const counted = (await page.textContent('.sql-count')) ?? '';
    await step(page, goto(1), ['.gr[data-rowkey="0"]']);
    const again = await step(page, goto(TARGET), [`.gr[data-rowkey="${TARGET - 1}"]`]);
    // A drag to 3/4 of the result: the place first on screen is that row's (26 px rows, grid-scroll's scrollTop).
    const at = Math.floor(count * 0.75);
    const drag = await step(page, `document.querySelector('.grid-scroll').scrollTop = ${at * 26};`, [`.gr[data-rowkey="${at}"]`], 1000);
    await page.screenshot({ path: 'test-artifacts/screenshots/bench-grids-sql-500k.png' });
    await page.context().close();
    const reference = `plain better-sqlite3, same run, same query: read forward to row ${TARGET.toLocaleString('en-US')} and 300 rows ${ms(forward.ms)}; LIMIT 300 OFFSET ${(TARGET - 1).toLocaleString('en-US')} ${ms(offset.ms)}`;
    const what = `a ${count.toLocaleString('en-US')}-row SQL result (UNION ALL of four event tables)`;
    return [
      {
        figure: `Browser (grids): run ${what}, first rows drawn`,
        inspector: `${ms(first.ms)}; ${longTaskText(first.longTasks)}`,
        reference,
        goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`,
        verdict: verdictOf(first),
      },
      {
        figure: `Browser (grids): right after, go to row ${TARGET.toLocaleString('en-US')} of it (the child streams the result there)`,
        inspector: `${ms(fresh.ms)}; ${longTaskText(fresh.longTasks)}`,
        reference,
        goal: `< ${GOAL_MS} ms where a keyset exists (none for this query: streamed)`,
        verdict: 'FIGURE',
      },
      {
        figure: `Browser (grids): once counted ("${counted}"), go to row ${TARGET.toLocaleString('en-US')} again (one seek in the spill file)`,
        inspector: `${ms(again.ms)}; ${longTaskText(again.longTasks)}`,
        reference,
        goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`,
        verdict: verdictOf(again),
      },
      {
        figure: `Browser (grids): drag that result to row ${(at + 1).toLocaleString('en-US')} (3/4 of it), until that row is drawn`,
        inspector: `${ms(drag.ms)}; ${longTaskText(drag.longTasks)}`,
        reference,
        goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`,
        verdict: verdictOf(drag),
      },
    ];
  } finally {
    await serve.stop();
  }
}

export async function unindexedSortRows(browser: Browser, sessionDir: string): Promise<FigureRow[]> {
  const ref = new Database(join(sessionDir, 'session.db'), { readonly: true, fileMustExist: true });
  let firstPage: { value: number[]; ms: number };
  let whole: { value: number; ms: number };
  let rows: number;
  let midRowid: number;
  try {
    rows = Number(ref.prepare('SELECT COUNT(*) FROM net_events').pluck().get());
    // "Go to row N" is place N - 1.
    midRowid = Number(
      ref
        .prepare(`SELECT _rowid_ FROM net_events ORDER BY ${SORT_COLUMN}, _rowid_ LIMIT 1 OFFSET ?`)
        .pluck()
        .get(Math.floor(rows / 2) - 1),
    );
    firstPage = timed(
      () =>
        ref
          .prepare(`SELECT _rowid_, * FROM net_events ORDER BY ${SORT_COLUMN}, _rowid_ LIMIT 200`)
          .raw(true)
          .all()
          .map((r) => Number((r as unknown[])[0])) as number[],
    );
    whole = timed(() => {
      let n = 0;
      for (const _r of ref.prepare(`SELECT _rowid_ FROM net_events ORDER BY ${SORT_COLUMN}, _rowid_`).pluck().iterate()) n++;
      return n;
    });
  } finally {
    ref.close();
  }
  const serve = await startServe(sessionDir);
  try {
    const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
    const page = await openPage(browser, serve, hashOf(ev, 'tables/net_events'), '.gr[data-rowkey="1"]');
    const before = processMemory(serve.pid).rssBytes;
    let peak = before;
    const poll = setInterval(() => {
      try {
        peak = Math.max(peak, processMemory(serve.pid).rssBytes);
      } catch {
        /* the process ended: the step fails on its own */
      }
    }, 50);
    let sorted: StepFigure;
    try {
      sorted = await step(
        page,
        `[...document.querySelectorAll('.gh-sort')].find((b) => b.textContent.trim().startsWith('${SORT_COLUMN}')).click();`,
        ['.sort-note[data-sort-state="done"]', `.gr[data-rowkey="${firstPage.value[0]}"]`],
        1000,
        600_000,
      );
    } finally {
      clearInterval(poll);
    }
    await page.screenshot({ path: 'test-artifacts/screenshots/bench-grids-sorted-1m.png' });
    const mid = await step(
      page,
      `const i = document.querySelector('.goto-row'); i.value = '${Math.floor(rows / 2)}'; i.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));`,
      [`.gr[data-rowkey="${midRowid}"]`],
      500,
    );
    await page.context().close();
    const reference = `plain better-sqlite3, same run: ORDER BY ${SORT_COLUMN}, rowid LIMIT 200 ${ms(firstPage.ms)}; the whole order (every rowid) ${ms(whole.ms)}`;
    return [
      {
        figure: `Browser (grids): sort a ${rows.toLocaleString('en-US')}-row table by an unindexed column (net_events.${SORT_COLUMN}): header click to the first sorted rows drawn, in the background with progress`,
        inspector: `${ms(sorted.ms)}; ${longTaskText(sorted.longTasks)}; serve RSS +${mib(Math.max(0, peak - before))} at peak`,
        reference,
        goal: `the page never freezes: no long task > ${LONG_TASK_GOAL} ms`,
        verdict: pass((sorted.longTasks.length ? Math.max(...sorted.longTasks) : 0) <= LONG_TASK_GOAL),
      },
      {
        figure: `Browser (grids): in that sorted order, go to row ${(rows / 2).toLocaleString('en-US')} (exact place, rowid lookups)`,
        inspector: `${ms(mid.ms)}; ${longTaskText(mid.longTasks)}`,
        reference,
        goal: `< ${GOAL_MS} ms, no long task > ${LONG_TASK_GOAL} ms`,
        verdict: verdictOf(mid),
      },
    ];
  } finally {
    await serve.stop();
  }
}
