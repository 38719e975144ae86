// The SQL console's deadline measures the query, not the child's start-up (hostile suite finding: a cold child
// under load turned `SELECT 1` into DEADLINE). The child here is slowed by a preload that blocks for 1.5 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

const SLOW_START = ['--require', fileURLToPath(new URL('./slow-start.cjs', import.meta.url))];
const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c';

let L: MiniLedger;
beforeAll(() => {
  L = makeMiniLedger(5);
});
afterAll(() => L.cleanup());

describe('SQL console deadline and child start-up', () => {
  it('a trivial query on a cold, slow-starting child is not a DEADLINE', async () => {
    const sql = new SqlConsole({ childExecArgv: SLOW_START });
    try {
      const t0 = performance.now();
      const r = await sql.run(L.path, { runId: 'cold', sql: 'SELECT 1 AS one', deadlineMs: 500 });
      expect(r).toMatchObject({ ok: true, value: { rows: [[1]] } });
      // The start-up really took longer than the deadline, so the old clock would have fired.
      expect(performance.now() - t0).toBeGreaterThan(1500);
    } finally {
      sql.dispose();
    }
  });

  it('still kills a runaway query at its deadline, counted from when the child is ready', async () => {
    const sql = new SqlConsole({ childExecArgv: SLOW_START });
    try {
      const t0 = performance.now();
      const r = await sql.run(L.path, { runId: 'runaway', sql: RUNAWAY, deadlineMs: 300 });
      const took = performance.now() - t0;
      expect(r).toMatchObject({ ok: false, error: { code: 'DEADLINE' } });
      // A lower bound only: the deadline's clock started after the start-up (a busy machine only adds to it).
      expect(took).toBeGreaterThan(1500 + 300);
    } finally {
      sql.dispose();
    }
  });

  it('a child that never becomes ready fails the run by name within the start-up limit', async () => {
    const sql = new SqlConsole({ childExecArgv: SLOW_START, startupLimitMs: 200 });
    try {
      const r = await sql.run(L.path, { runId: 'stuck', sql: 'SELECT 1', deadlineMs: 60_000 });
      expect(r).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/did not start within 200 ms/) } });
    } finally {
      sql.dispose();
    }
  });

  it('cancel works while the child is still starting', async () => {
    const sql = new SqlConsole({ childExecArgv: SLOW_START });
    try {
      const pending = sql.run(L.path, { runId: 'early', sql: 'SELECT 1', deadlineMs: 60_000 });
      await new Promise((r) => setTimeout(r, 100));
      expect(sql.cancel('early')).toBe(true);
      expect(await pending).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    } finally {
      sql.dispose();
    }
  });
});

describe('SqlConsole.whenWarm', () => {
  it('resolves once a child is ready, and the next query uses that child at once', async () => {
    const sql = new SqlConsole();
    try {
      expect(await sql.whenWarm()).toBe(true);
      const t0 = performance.now();
      const r = await sql.run(L.path, { runId: 'warm', sql: 'SELECT 2 AS two', deadlineMs: 2000 });
      expect(r).toMatchObject({ ok: true, value: { rows: [[2]] } });
      expect(performance.now() - t0).toBeLessThan(1000);
    } finally {
      sql.dispose();
    }
    const closed = new SqlConsole();
    closed.dispose();
    expect(await closed.whenWarm()).toBe(false);
  });
});
