// A spare child is ready for the next query after every run: a streamed result keeps its child, a failed run loses
// its child, and neither leaves the next Run paying a cold start (issue 26: most of a first page's time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import { forkSqlChildSpawner } from '../../../../src/main/core/sql/sql-child-spawner.js';
import type { SqlChildSpawner } from '../../../../src/main/core/sql/sql-child-spawner.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
beforeAll(() => {
  L = makeMiniLedger(3_000);
});
afterAll(() => L.cleanup());

/** Counts the children started. */
function counting(): { spawner: SqlChildSpawner; starts: () => number } {
  let n = 0;
  return {
    spawner: { start: (path, argv) => (n++, forkSqlChildSpawner.start(path, argv)) },
    starts: () => n,
  };
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

describe('the SQL console keeps a spare child', () => {
  it('after a streamed run, and after a killed one, the next run starts no child of its own', async () => {
    const c = counting();
    const sql = new SqlConsole({ spawner: c.spawner });
    try {
      expect(await sql.whenWarm()).toBe(true);
      const first = await sql.run(L.path, { runId: 's1', sql: 'SELECT id FROM net_events', maxRows: 50, paging: 'stream' });
      expect(first.ok && first.value.streaming).toBe(true);
      // The streamed result keeps its child; a new spare starts once the answer is out.
      await until(() => c.starts() === 2);
      const before = c.starts();
      const second = sql.run(L.path, { runId: 's2', sql: 'SELECT 1 AS one' });
      expect(c.starts()).toBe(before);
      expect(await second).toMatchObject({ ok: true, value: { rows: [[1]] } });
      // A run whose child was killed (a deadline) leaves a spare as well.
      const runaway = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c';
      expect(await sql.run(L.path, { runId: 's3', sql: runaway, deadlineMs: 200 })).toMatchObject({ ok: false });
      await until(() => c.starts() === 3);
      const third = sql.run(L.path, { runId: 's4', sql: 'SELECT 2 AS two' });
      expect(c.starts()).toBe(3);
      expect(await third).toMatchObject({ ok: true, value: { rows: [[2]] } });
    } finally {
      sql.dispose();
    }
  });
});
