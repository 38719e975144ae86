// A streamed SQL result (sql.run with paging 'stream', then sql.page): every row of the query exactly once and in
// its order, against the same query in plain better-sqlite3; pages already read answer going back; a place not read
// yet waits for the stream, up to the run's deadline; cancel and close end the child and remove the spill file.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import { spillPathFor } from '../../../../src/main/core/sql/sql-results.js';
import { toCell } from '../../../../src/main/core/tables/cells.js';
import type { Cell } from '../../../../src/shared/contract.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
let sql: SqlConsole;
beforeAll(() => {
  L = makeMiniLedger(30_000);
  sql = new SqlConsole();
  sql.warm();
});
afterAll(() => {
  sql.dispose();
  L.cleanup();
});

// An order no key serves (domain, then a NULL-holding column), NULLs and text included.
const QUERY = 'SELECT id, domain, timestamp, decision, length(path) FROM net_events ORDER BY domain DESC, timestamp, id';
const NEVER_ENDS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c';

function plain(q: string): Cell[][] {
  return (L.db.prepare(q).raw(true).safeIntegers(true).all() as unknown[][]).map((r) => r.map(toCell));
}

describe('streamed SQL results', () => {
  it('pages every row exactly once, in the query order, forward and back', async () => {
    const want = plain(QUERY);
    expect(want.length).toBe(30_000);
    const first = await sql.run(L.path, { runId: 'p1', sql: QUERY, maxRows: 500, paging: 'stream' });
    expect(first.ok && [first.value.rows.length, first.value.truncated, first.value.streaming]).toEqual([500, true, true]);
    if (!first.ok) return;
    expect(first.value.rows).toEqual(want.slice(0, 500));
    const got: Cell[][] = [...(first.value.rows as Cell[][])];
    let done = false;
    let streamed = 0;
    while (!done) {
      const page = await sql.page('p1', got.length, 997);
      if (!page.ok) throw new Error(page.error.message);
      expect(page.value.position).toBe(got.length);
      got.push(...(page.value.rows as Cell[][]));
      done = page.value.done && got.length >= page.value.streamed;
      streamed = page.value.streamed;
    }
    expect(streamed).toBe(30_000);
    expect(got).toEqual(want);
    // Going back: a place read long ago is still there, and past the end answers the last rows.
    const back = await sql.page('p1', 12_345, 10);
    expect(back.ok && back.value.rows).toEqual(want.slice(12_345, 12_355));
    const past = await sql.page('p1', 40_000, 10);
    expect(past.ok && [past.value.position, past.value.rows]).toEqual([29_990, want.slice(29_990)]);
    const status = await sql.page('p1', 0, 0);
    expect(status.ok && [status.value.streamed, status.value.done, status.value.rows.length]).toEqual([30_000, true, 0]);
    expect(existsSync(spillPathFor(L.path, 'p1'))).toBe(true);
    expect(sql.closeResult('p1')).toBe(true);
    expect(existsSync(spillPathFor(L.path, 'p1'))).toBe(false);
    const gone = await sql.page('p1', 0, 10);
    expect(gone.ok).toBe(false);
  });

  it('a jump ahead waits for the stream to get there', async () => {
    const want = plain(QUERY);
    const first = await sql.run(L.path, { runId: 'p2', sql: QUERY, maxRows: 100, paging: 'stream' });
    expect(first.ok).toBe(true);
    // Asked at once, before the stream can have read this far in most runs; answered when it has.
    const far = await sql.page('p2', 29_000, 50);
    expect(far.ok && far.value.rows).toEqual(want.slice(29_000, 29_050));
    sql.closeResult('p2');
  });

  it('a result within maxRows is not kept open', async () => {
    const r = await sql.run(L.path, { runId: 'p3', sql: 'SELECT id FROM net_events LIMIT 20', maxRows: 500, paging: 'stream' });
    expect(r.ok && [r.value.rows.length, r.value.truncated, r.value.streaming]).toEqual([20, false, undefined]);
    const page = await sql.page('p3', 0, 10);
    expect(!page.ok && page.error.code).toBe('BAD_REQUEST');
  });

  it('a place the stream does not reach within the deadline answers DEADLINE and the result stays open', async () => {
    const first = await sql.run(L.path, { runId: 'p4', sql: NEVER_ENDS, maxRows: 100, paging: 'stream', deadlineMs: 400 });
    expect(first.ok && first.value.streaming).toBe(true);
    const far = await sql.page('p4', 2 ** 50, 10);
    expect(!far.ok && far.error.code).toBe('DEADLINE');
    const near = await sql.page('p4', 50, 3);
    expect(near.ok && near.value.rows).toEqual([[51], [52], [53]]);
    sql.closeResult('p4');
  });

  it('cancel ends the stream: a waiting page answers CANCELLED and the spill file is removed', async () => {
    const first = await sql.run(L.path, { runId: 'p5', sql: NEVER_ENDS, maxRows: 100, paging: 'stream', deadlineMs: 120_000 });
    expect(first.ok && first.value.streaming).toBe(true);
    const waiting = sql.page('p5', 2 ** 50, 10);
    // The spill file exists once the stream has written its first slice (the status is answered by the parent).
    await sql.page('p5', 200, 1);
    expect(existsSync(spillPathFor(L.path, 'p5'))).toBe(true);
    expect(sql.cancel('p5')).toBe(true);
    const r = await waiting;
    expect(!r.ok && r.error.code).toBe('CANCELLED');
    expect(existsSync(spillPathFor(L.path, 'p5'))).toBe(false);
    expect(readdirSync(join(dirname(L.path), 'sql-results'))).toEqual([]);
  });
});
