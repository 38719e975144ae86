// Keyset pages over a sort column where a few values cover most rows and many keys are NULL: every walk,
// forwards and backwards, ascending and descending, at any page size, meets each row exactly once in SQLite's
// own order, and every statement a page runs is an index seek.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { PageCursor, SortDirection, SortSpec } from '../../../../src/shared/contract.js';
import { pageQueryPlans, readPage } from '../../../../src/main/core/tables/page.js';

let dir: string;
let db: Database.Database;
const ROWS = 700;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'capsem-page-eq-'));
  db = new Database(join(dir, 'session.db'));
  // `k`: three values over most rows, a fifth NULL. `v`: no declared type, so integers, equal reals, text and NULL mix.
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT, v, note TEXT); CREATE INDEX t_k ON t(k); CREATE INDEX t_v ON t(v);');
  const ins = db.prepare('INSERT INTO t (id, k, v, note) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) {
      // Rowids out of insertion order, so equal keys interleave with rowid gaps.
      const id = ((i * 389) % 1009) + 1;
      const k = i % 5 === 0 ? null : ['api.anthropic.com', 'api.openai.com', 'crates.io'][i % 3 === 0 ? 2 : i % 7 === 0 ? 1 : 0];
      const v = i % 4 === 0 ? null : i % 4 === 1 ? BigInt(i % 3) : i % 4 === 2 ? (i % 3) + 0.0 : `t${i % 2}`;
      ins.run(id, k, v, `row ${id}`);
    }
  })();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function reference(column: string, direction: SortDirection): number[] {
  const d = direction.toUpperCase();
  return db.prepare(`SELECT id FROM t ORDER BY ${column} ${d}, _rowid_ ${d}`).pluck().all() as number[];
}

function walkForward(sort: SortSpec, limit: number): number[] {
  const ids: number[] = [];
  let after: PageCursor | undefined;
  for (let guard = 0; guard <= ROWS + 1; guard++) {
    const p = readPage(db, { evidenceId: 'x', table: 't', sort, limit, ...(after ? { after } : {}) });
    ids.push(...p.rowids);
    if (!p.hasAfter) return ids;
    after = p.last!;
  }
  throw new Error('the forward walk did not end');
}

function walkBackward(sort: SortSpec, limit: number, from: PageCursor): number[] {
  const ids: number[] = [];
  let before: PageCursor | undefined = from;
  for (let guard = 0; guard <= ROWS + 1; guard++) {
    const p = readPage(db, { evidenceId: 'x', table: 't', sort, limit, before });
    ids.unshift(...p.rowids);
    if (!p.hasBefore) return ids;
    before = p.first!;
  }
  throw new Error('the backward walk did not end');
}

describe('keyset pages over many equal keys and NULLs', () => {
  it('the fixture has what the walks need: large equal groups, NULLs, mixed storage classes', () => {
    const groups = db.prepare('SELECT k, COUNT(*) AS n FROM t GROUP BY k ORDER BY n DESC').all() as { k: string | null; n: number }[];
    expect(groups[0]!.n).toBeGreaterThan(250);
    expect(groups.find((g) => g.k === null)!.n).toBe(ROWS / 5);
    const kinds = db.prepare('SELECT DISTINCT typeof(v) FROM t ORDER BY 1').pluck().all();
    expect(kinds).toEqual(['integer', 'null', 'real', 'text']);
  });

  for (const column of ['k', 'v']) {
    for (const direction of ['asc', 'desc'] as const) {
      for (const limit of [1, 7, 50, 1000]) {
        it(`walks ${column} ${direction} in pages of ${limit} forwards and backwards with no gap or repeat`, () => {
          const sort: SortSpec = { column, direction };
          const ref = reference(column, direction);
          expect(ref).toHaveLength(ROWS);
          const forward = walkForward(sort, limit);
          expect(forward).toEqual(ref);
          // From the last row backwards: every row before it, then the last row itself.
          const end = readPage(db, { evidenceId: 'x', table: 't', sort, limit: ROWS }).last!;
          expect(end.rowid).toBe(ref[ref.length - 1]);
          expect([...walkBackward(sort, limit, end), end.rowid]).toEqual(ref);
        });
      }
    }
  }

  it('starts a page at any row, NULL or valued, and returns exactly the rows after or before it', () => {
    for (const column of ['k', 'v']) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort: SortSpec = { column, direction };
        const ref = reference(column, direction);
        const all = readPage(db, { evidenceId: 'x', table: 't', sort, limit: ROWS });
        const col = all.columns.indexOf(column);
        for (let i = 0; i < ROWS; i += 13) {
          const cursor: PageCursor = { value: all.rows[i]![col]!, rowid: all.rowids[i]! };
          expect(readPage(db, { evidenceId: 'x', table: 't', sort, limit: 30, after: cursor }).rowids).toEqual(ref.slice(i + 1, i + 31));
          expect(readPage(db, { evidenceId: 'x', table: 't', sort, limit: 30, before: cursor }).rowids).toEqual(
            ref.slice(Math.max(0, i - 30), i),
          );
        }
      }
    }
  });

  it('runs every range of a page as an index seek, the equal-key range seeking on (key, rowid)', () => {
    const cursors: (PageCursor | null)[] = [null, { value: null, rowid: 500 }, { value: 'api.anthropic.com', rowid: 500 }];
    for (const direction of ['asc', 'desc'] as const) {
      for (const cursor of cursors) {
        for (const side of ['after', 'before'] as const) {
          const plans = pageQueryPlans(db, {
            evidenceId: 'x',
            table: 't',
            sort: { column: 'k', direction },
            ...(cursor ? { [side]: cursor } : {}),
          });
          expect(plans.length).toBeGreaterThan(0);
          for (const plan of plans) {
            expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX t_k \(/);
            expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
          }
          if (cursor?.value) expect(plans[0]).toMatch(/\(k=\? AND rowid[<>]\?\)/);
          if (cursor && cursor.value === null) expect(plans[0]).toMatch(/\(k=\? AND rowid[<>]\?\)/);
        }
      }
    }
  });
});
