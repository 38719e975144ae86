// Every hit of a search, streamed through the SQL console: the same hits, in the same order, as search.ts finds
// with no cap (the list the Search view shows for the first few hundred), every one exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import { search } from '../../../../src/main/core/search/table-search.js';
import { searchStatement } from '../../../../src/main/core/search/search-stream.js';
import type { Cell } from '../../../../src/shared/contract.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
let sql: SqlConsole;
beforeAll(() => {
  L = makeMiniLedger(3000);
  sql = new SqlConsole();
});
afterAll(() => {
  sql.dispose();
  L.cleanup();
});

async function streamed(runId: string, query: string): Promise<Cell[][]> {
  const stmt = searchStatement(L.db, query)!;
  const first = await sql.run(L.path, { runId, ...stmt, maxRows: 100, paging: 'stream' });
  if (!first.ok) throw new Error(first.error.message);
  const rows = [...(first.value.rows as Cell[][])];
  if (!first.value.streaming) return rows;
  for (;;) {
    const p = await sql.page(runId, rows.length, 500);
    if (!p.ok) throw new Error(p.error.message);
    rows.push(...(p.value.rows as Cell[][]));
    if (p.value.done && rows.length >= p.value.streamed) break;
  }
  sql.closeResult(runId);
  return rows;
}

describe('search hits streamed', () => {
  it.each([
    ['an exact id kind', 'trace-1'],
    ['a substring kind', 'D3.EXAMPLE'],
    ['a call id', 'call-1'],
  ])('%s: the same hits as search.ts, in order', async (_what, query) => {
    const want = search(L.db, query, undefined, 1_000_000).hits.map((h) => [h.kind, h.table, h.rowid, h.value, h.summary]);
    expect(want.length).toBeGreaterThan(0);
    const got = await streamed(`s-${query.replace(/[^a-z0-9]/gi, '')}`, query);
    expect(got).toEqual(want);
  });

  it('has more hits than a search page holds for a common id', async () => {
    const got = await streamed('s-many', 'trace-2');
    expect(got.length).toBe(search(L.db, 'trace-2', undefined, 1_000_000).hits.length);
    expect(got.length).toBeGreaterThan(500);
  });
});
