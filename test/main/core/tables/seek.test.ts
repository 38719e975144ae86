// tables.seek: a place along a table's order becomes a keyset cursor. Rowid order on dense rowids lands exactly on
// the row at that place; a sorted order lands on the value the sample puts there (every row is sampled in a table
// this small, so on the true value); a filter keeps the page inside the matching rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seekPage } from '../../../../src/main/core/tables/seek.js';
import { countRows, listTables } from '../../../../src/main/core/queries/schema.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
beforeAll(() => {
  L = makeMiniLedger(53);
  listTables(L.db);
});
afterAll(() => L.cleanup());

const seek = (position: number, extra: Partial<Parameters<typeof seekPage>[1]> = {}) =>
  seekPage(L.db, { evidenceId: 'x', table: 'net_events', total: countRows(L.db, 'net_events'), position, limit: 5, ...extra });

describe('tables.seek', () => {
  it('lands on the row at that place in rowid order', () => {
    const ids = (L.db.prepare('SELECT id FROM net_events ORDER BY id').pluck().all() as number[]).map(Number);
    for (const at of [0, 1, 17, ids.length - 1]) {
      const p = seek(at);
      expect(p.rowids[0]).toBe(ids[at]);
      expect(p.position).toBe(at);
      expect(p.exact).toBe(true);
    }
    expect(seek(ids.length + 50).rowids[0]).toBe(ids[ids.length - 1]);
  });

  it('lands on the value at that place in a sorted order, either direction', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const order = direction === 'asc' ? 'ASC' : 'DESC';
      const values = L.db.prepare(`SELECT timestamp FROM net_events ORDER BY timestamp ${order}, id ${order}`).pluck().all() as (
        | string
        | null
      )[];
      for (const at of [3, 20, 40]) {
        const p = seek(at, { sort: { column: 'timestamp', direction } });
        expect(p.rows[0]![2]).toBe(values[at]);
        expect(p.exact).toBe(false);
      }
    }
  });

  it('stays inside the filter', () => {
    const p = seek(10, { filters: [{ column: 'decision', op: 'eq', value: 'denied' }], total: 20 });
    expect(p.rows.length).toBeGreaterThan(0);
    for (const r of p.rows) expect(r[5]).toBe('denied');
  });

  it('refuses an unindexed sort as tables.page does', () => {
    expect(() => seek(5, { sort: { column: 'path', direction: 'asc' } })).toThrow(/not indexed/);
  });
});
