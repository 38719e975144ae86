import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageCursor, PageRequest, SortSpec } from '../../../../src/shared/contract.js';
import { readPage } from '../../../../src/main/core/tables/page.js';
import { listTables } from '../../../../src/main/core/queries/schema.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
beforeAll(() => {
  L = makeMiniLedger(53);
});
afterAll(() => L.cleanup());

function walkForward(req: Omit<PageRequest, 'evidenceId'>, limit: number): number[] {
  const ids: number[] = [];
  let after: PageCursor | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const p = readPage(L.db, { evidenceId: 'x', ...req, limit, ...(after ? { after } : {}) });
    ids.push(...p.rowids);
    if (!p.hasAfter) return ids;
    after = p.last!;
  }
  throw new Error('did not end');
}

function walkBackward(req: Omit<PageRequest, 'evidenceId'>, limit: number, fromEnd: PageCursor): number[] {
  const ids: number[] = [];
  let before: PageCursor | undefined = fromEnd;
  for (let guard = 0; guard < 1000; guard++) {
    const p = readPage(L.db, { evidenceId: 'x', ...req, limit, before });
    ids.unshift(...p.rowids);
    if (!p.hasBefore) return ids;
    before = p.first!;
  }
  throw new Error('did not end');
}

function reference(sort: SortSpec | undefined, where = '1'): number[] {
  const col = sort?.column ?? '_rowid_';
  const d = sort?.direction === 'desc' ? 'DESC' : 'ASC';
  return (L.db.prepare(`SELECT id FROM net_events WHERE ${where} ORDER BY ${col} ${d}, _rowid_ ${d}`).all() as { id: number }[]).map(
    (r) => r.id,
  );
}

describe('keyset pagination', () => {
  it('marks indexed columns sortable and others not', () => {
    const net = listTables(L.db).find((t) => t.name === 'net_events')!;
    const sortable = net.columns
      .filter((c) => c.sortable)
      .map((c) => c.name)
      .sort();
    expect(sortable).toEqual(['domain', 'id', 'timestamp']);
    expect(net.rowCount).toBe(53);
  });

  it('counts each table once per connection (the scratch copy never changes)', () => {
    const first = listTables(L.db);
    expect(listTables(L.db)).toBe(first);
    expect(first.find((t) => t.name === 'net_events')!.rowCount).toBe(53);
  });

  for (const sort of [
    undefined,
    { column: 'timestamp', direction: 'asc' },
    { column: 'timestamp', direction: 'desc' },
    { column: 'domain', direction: 'desc' },
    { column: 'id', direction: 'desc' },
  ] as (SortSpec | undefined)[]) {
    for (const limit of [1, 4, 10, 100]) {
      it(`walks every row once in order: sort ${sort ? `${sort.column} ${sort.direction}` : 'rowid'}, pages of ${limit}`, () => {
        const forward = walkForward({ table: 'net_events', ...(sort ? { sort } : {}) }, limit);
        expect(forward).toEqual(reference(sort));
      });
    }
  }

  it('walks backward from past the end to the same order (NULL segment included)', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const sort: SortSpec = { column: 'timestamp', direction };
      const ref = reference(sort);
      const lastPage = readPage(L.db, { evidenceId: 'x', table: 'net_events', sort, limit: 1000 });
      const end = lastPage.last!;
      // Everything strictly before the last row, plus the last row itself.
      expect([...walkBackward({ table: 'net_events', sort }, 6, end), ref[ref.length - 1]]).toEqual(ref);
    }
  });

  it('applies filters and pages within them', () => {
    const got = walkForward(
      {
        table: 'net_events',
        sort: { column: 'timestamp', direction: 'asc' },
        filters: [
          { column: 'decision', op: 'eq', value: 'denied' },
          { column: 'domain', op: 'contains', value: 'D5.EXAMPLE' },
        ],
      },
      2,
    );
    expect(got).toEqual(reference({ column: 'timestamp', direction: 'asc' }, "decision = 'denied' AND domain = 'd5.example.com'"));
    expect(got.length).toBe(5);
    const nulls = walkForward({ table: 'net_events', filters: [{ column: 'timestamp', op: 'null' }] }, 3);
    expect(nulls).toEqual([7, 14, 21, 28, 35, 42, 49]);
    const prefix = walkForward({ table: 'net_events', filters: [{ column: 'event_id', op: 'prefix', value: '00000000003' }] }, 50);
    expect(prefix).toEqual([48, 49, 50, 51, 52, 53]);
  });

  it('refuses sorting on a column without an index, and unknown tables or columns', () => {
    expect(() => readPage(L.db, { evidenceId: 'x', table: 'net_events', sort: { column: 'method', direction: 'asc' } })).toThrow(
      /not indexed/,
    );
    expect(() => readPage(L.db, { evidenceId: 'x', table: 'nope' })).toThrow(/no table named nope/);
    expect(() => readPage(L.db, { evidenceId: 'x', table: 'net_events', filters: [{ column: 'nope', op: 'eq', value: 1 }] })).toThrow(
      /no column nope/,
    );
  });

  it('keeps 64-bit integers exact', () => {
    const p = readPage(L.db, { evidenceId: 'x', table: 'security_rule_events' });
    const col = p.columns.indexOf('timestamp_unix_ms');
    expect(p.rows[1]![col]).toEqual({ int: '9223372036854775807' });
    expect(p.rows[0]![col]).toBe(1772460000000);
  });

  it('uses an index, never a scan with OFFSET, for a sorted page', () => {
    const planRows = L.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT _rowid_ FROM net_events WHERE 1 AND timestamp IS NOT NULL AND timestamp >= ? AND (timestamp > ? OR _rowid_ > ?) ORDER BY timestamp ASC, _rowid_ ASC LIMIT 10`,
      )
      .all('a', 'a', 1) as { detail: string }[];
    expect(planRows.map((r) => r.detail).join(' ')).toMatch(/USING (COVERING )?INDEX idx_net_ts/);
  });
});
