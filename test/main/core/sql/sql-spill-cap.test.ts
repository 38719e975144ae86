// A streamed SQL result longer than its spill file may hold: reading stops at the cap, the rows before it stay
// pageable and exactly the query's, and every answer says the cap was reached (the console shows it by name).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import { MAX_OPEN, spillPathFor } from '../../../../src/main/core/sql/sql-results.js';
import { DEFAULT_SPILL_CAP_BYTES, SQL_SCRATCH_BYTES } from '../../../../src/main/core/sql/sql-stream.js';
import { toCell } from '../../../../src/main/core/tables/cells.js';
import type { Cell } from '../../../../src/shared/contract.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

const CAP = 40_000;
const QUERY = 'SELECT id, domain, path FROM net_events ORDER BY id';

let L: MiniLedger;
let sql: SqlConsole;
beforeAll(() => {
  L = makeMiniLedger(5_000);
  sql = new SqlConsole({ spillCapBytes: CAP });
  sql.warm();
});
afterAll(() => {
  sql.dispose();
  L.cleanup();
});

async function untilDone(runId: string): Promise<{ streamed: number; capBytes: number | undefined }> {
  for (;;) {
    const p = await sql.page(runId, 0, 0);
    if (!p.ok) throw new Error(p.error.message);
    if (p.value.done) return { streamed: p.value.streamed, capBytes: p.value.capBytes };
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the spill file cap', () => {
  it('stops reading at the cap and keeps the rows before it', async () => {
    const want = (L.db.prepare(QUERY).raw(true).safeIntegers(true).all() as unknown[][]).map((r) => r.map(toCell));
    const wholeText = want.reduce((n, row) => n + Buffer.byteLength(JSON.stringify(row)), 0);
    expect(wholeText).toBeGreaterThan(CAP * 2);
    const first = await sql.run(L.path, { runId: 'cap1', sql: QUERY, maxRows: 100, paging: 'stream' });
    expect(first.ok && first.value.streaming).toBe(true);
    const end = await untilDone('cap1');
    expect(end.capBytes).toBe(CAP);
    // The rows kept are the query's first ones, as many as fit: one more would have passed the cap.
    const keptText = want.slice(0, end.streamed).reduce((n, row) => n + Buffer.byteLength(JSON.stringify(row)), 0);
    const nextRow = Buffer.byteLength(JSON.stringify(want[end.streamed]));
    expect(keptText).toBeLessThanOrEqual(CAP);
    expect(keptText + nextRow).toBeGreaterThan(CAP);
    const last = await sql.page('cap1', end.streamed - 10, 50);
    expect(last.ok && [last.value.rows, last.value.done, last.value.capBytes]).toEqual([
      want.slice(end.streamed - 10, end.streamed),
      true,
      CAP,
    ]);
    // A place past the cap answers the last rows kept, never a wait for rows that will not come.
    const past = await sql.page('cap1', end.streamed + 1000, 5);
    expect(past.ok && past.value.position).toBe(end.streamed - 5);
    const spill = new Database(spillPathFor(L.path, 'cap1'), { readonly: true });
    try {
      const rows = spill.prepare('SELECT v FROM r ORDER BY i').pluck().all() as string[];
      expect(rows.map((v) => JSON.parse(v) as Cell[])).toEqual(want.slice(0, end.streamed));
    } finally {
      spill.close();
    }
    sql.closeResult('cap1');
  });

  it('a result shorter than the cap says nothing of it', async () => {
    const first = await sql.run(L.path, { runId: 'cap2', sql: `${QUERY} LIMIT 300`, maxRows: 100, paging: 'stream' });
    expect(first.ok).toBe(true);
    const end = await untilDone('cap2');
    expect([end.streamed, end.capBytes]).toEqual([300, undefined]);
    sql.closeResult('cap2');
  });

  it('caps the whole console, not each result alone: the open results together stay within SQL_SCRATCH_BYTES', () => {
    expect(DEFAULT_SPILL_CAP_BYTES * MAX_OPEN).toBeLessThanOrEqual(SQL_SCRATCH_BYTES);
  });
});
