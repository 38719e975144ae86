// Any column sorts: a column no index serves is sorted in a worker (tables.sort.*), then tables.page and tables.seek
// serve that order; the pages must equal `ORDER BY col, rowid` (and DESC, DESC) from plain SQL, NULLs included,
// forward, backward and at any place; an indexed column stays keyset and needs no background sort.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRATCH_MARKER } from '../../../../src/main/core/evidence/scratch.js';
import { readPage } from '../../../../src/main/core/tables/page.js';
import { seekPage } from '../../../../src/main/core/tables/seek.js';
import { MAX_RUNNING_SORTS, cancelSort, sortStatus, startSort } from '../../../../src/main/core/tables/sort-orders.js';
import type { ColumnFilter, PageRequest, SortDirection, TableSortArg } from '../../../../src/shared/contract.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
const ROWS = 4000;
beforeAll(() => {
  L = makeMiniLedger(ROWS);
  // An unindexed column with repeats and NULLs, and an unindexed text column.
  L.db.exec(`UPDATE net_events SET status_code = CASE WHEN id % 11 = 0 THEN NULL ELSE (id * 7919) % 97 END,
             path = CASE WHEN id % 13 = 0 THEN NULL ELSE '/p/' || ((id * 31) % 501) END`);
  // The worker opens only scratch copies (openHardened): this folder stands in for one.
  writeFileSync(join(L.dir, SCRATCH_MARKER), '');
});
afterAll(() => L.cleanup());

const arg = (column: string, filters?: readonly ColumnFilter[]): TableSortArg => ({
  evidenceId: 'x',
  table: 'net_events',
  column,
  ...(filters ? { filters } : {}),
});

const unheard = (): void => undefined;

async function sorted(column: string, filters?: readonly ColumnFilter[]): Promise<void> {
  // The sort's own signal: it says each change (sort.changed), and the last one leaves it no longer running.
  let ended = (): void => undefined;
  const over = new Promise<void>((resolve) => (ended = resolve));
  const changed = (): void => {
    if (sortStatus(L.db, arg(column, filters)).state !== 'running') ended();
  };
  const first = startSort(L.db, L.path, arg(column, filters), changed);
  expect(first.state).toBe('running');
  await over;
  const s = sortStatus(L.db, arg(column, filters));
  expect(s).toMatchObject({ state: 'done', read: ROWS, total: ROWS });
}

function plain(column: string, dir: SortDirection, where = ''): number[] {
  const D = dir.toUpperCase();
  return (L.db.prepare(`SELECT id FROM net_events ${where} ORDER BY ${column} ${D}, id ${D}`).pluck().all() as number[]).map(Number);
}

/** Every row by pages after the last row's cursor, and again by pages before the first row's cursor from the end. */
function pagedBothWays(req: PageRequest): { forward: number[]; backward: number[] } {
  const forward: number[] = [];
  let page = readPage(L.db, { ...req, limit: 333 });
  forward.push(...page.rowids);
  while (page.hasAfter) {
    page = readPage(L.db, { ...req, limit: 333, after: page.last! });
    forward.push(...page.rowids);
  }
  const backward: number[] = [];
  // Start at the last row (a seek to the end), then walk back.
  const n = forward.length;
  page = seekPage(L.db, { ...req, total: n, position: n - 100, limit: 100 });
  backward.unshift(...page.rowids);
  while (page.hasBefore) {
    page = readPage(L.db, { ...req, limit: 251, before: page.first! });
    backward.unshift(...page.rowids);
  }
  return { forward, backward };
}

describe('background sort of an unindexed column', () => {
  it('an indexed column needs none and pages by keyset as before', () => {
    expect(startSort(L.db, L.path, arg('domain'), unheard).state).toBe('indexed');
    for (const direction of ['asc', 'desc'] as const) {
      const { forward } = pagedBothWays({ evidenceId: 'x', table: 'net_events', sort: { column: 'domain', direction } });
      expect(forward).toEqual(plain('domain', direction));
    }
  });

  it('before the sort is done, the unindexed sort is refused as before', () => {
    expect(sortStatus(L.db, arg('status_code')).state).toBe('none');
    expect(() => readPage(L.db, { evidenceId: 'x', table: 'net_events', sort: { column: 'status_code', direction: 'asc' } })).toThrow(
      /not indexed/,
    );
  });

  it.each(['status_code', 'path'])('pages of %s equal ORDER BY col, rowid both ways, with NULLs', async (column) => {
    await sorted(column);
    for (const direction of ['asc', 'desc'] as const) {
      const want = plain(column, direction);
      const req: PageRequest = { evidenceId: 'x', table: 'net_events', sort: { column, direction } };
      const { forward, backward } = pagedBothWays(req);
      expect(forward).toEqual(want);
      expect(backward).toEqual(want);
      // Any place is exact.
      for (const at of [0, 1, 999, 2500, ROWS - 1]) {
        const p = seekPage(L.db, { ...req, total: ROWS, position: at, limit: 3 });
        expect([p.position, p.exact, p.rowids[0]]).toEqual([at, true, want[at]]);
      }
    }
    // NULLs first ascending, last descending, as SQLite orders them.
    const first = readPage(L.db, { evidenceId: 'x', table: 'net_events', sort: { column, direction: 'asc' }, limit: 1 });
    expect(first.rows[0]![first.columns.indexOf(column)]).toBeNull();
  });

  it('a filtered sort is its own order, of the matching rows', async () => {
    const filters: ColumnFilter[] = [{ column: 'decision', op: 'eq', value: 'denied' }];
    await sorted('status_code', filters);
    expect(sortStatus(L.db, arg('status_code', filters)).rows).toBe(ROWS / 5);
    for (const direction of ['asc', 'desc'] as const) {
      const { forward } = pagedBothWays({ evidenceId: 'x', table: 'net_events', sort: { column: 'status_code', direction }, filters });
      expect(forward).toEqual(plain('status_code', direction, "WHERE decision = 'denied'"));
    }
  });

  it('cancel stops a running sort, says so, and nothing is served from it', () => {
    const heard: string[] = [];
    expect(startSort(L.db, L.path, arg('method'), () => heard.push(sortStatus(L.db, arg('method')).state)).state).toBe('running');
    cancelSort(L.db, arg('method'));
    expect(sortStatus(L.db, arg('method')).state).toBe('cancelled');
    // Said after the change, so an ask on hearing it reads the cancel.
    expect(heard.at(-1)).toBe('cancelled');
    expect(() => readPage(L.db, { evidenceId: 'x', table: 'net_events', sort: { column: 'method', direction: 'asc' } })).toThrow(
      /not indexed/,
    );
    // Started again after a cancel, it runs anew.
    expect(startSort(L.db, L.path, arg('method'), unheard).state).toBe('running');
    cancelSort(L.db, arg('method'));
  });

  it('runs at most MAX_RUNNING_SORTS at once: a new one ends the one started longest ago', () => {
    const columns = ['status_code', 'path', 'method'];
    const filters = (i: number): readonly ColumnFilter[] => [{ column: 'id', op: 'gt', value: String(i) }];
    const started = columns.map((c, i) => startSort(L.db, L.path, arg(c, filters(i)), unheard).state);
    expect(started).toEqual(['running', 'running', 'running']);
    const states = columns.map((c, i) => sortStatus(L.db, arg(c, filters(i))).state);
    expect(states.filter((s) => s === 'running').length).toBeLessThanOrEqual(MAX_RUNNING_SORTS);
    expect(states[0]).toBe('cancelled');
    expect(sortStatus(L.db, arg(columns[0]!, filters(0))).error).toMatch(/to make room for a newer sort/);
    // Asked for again, the ended one starts afresh.
    expect(startSort(L.db, L.path, arg(columns[0]!, filters(0)), unheard).state).toBe('running');
    for (const [i, c] of columns.entries()) cancelSort(L.db, arg(c, filters(i)));
  });
});
