import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import { refusalReason } from '../../../../src/main/core/sql/sql-guard.js';
import { CANNED_QUERIES } from '../../../../src/main/core/sql/canned.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
let sql: SqlConsole;
beforeAll(() => {
  L = makeMiniLedger(20);
  sql = new SqlConsole();
  sql.warm();
});
afterAll(() => {
  sql.dispose();
  L.cleanup();
});

const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c';

describe('SQL console in a child process', () => {
  it('runs a read and returns exact cells', async () => {
    const r = await sql.run(L.path, { runId: 'r1', sql: 'SELECT id, timestamp_unix_ms FROM security_rule_events ORDER BY id' });
    expect(r).toMatchObject({
      ok: true,
      value: {
        columns: ['id', 'timestamp_unix_ms'],
        rows: [
          [1, 1772460000000],
          [2, { int: '9223372036854775807' }],
        ],
        truncated: false,
      },
    });
  });

  it('binds named parameters and caps rows', async () => {
    const r = await sql.run(L.path, {
      runId: 'r2',
      sql: 'SELECT id FROM net_events WHERE decision = :d ORDER BY id',
      params: { d: 'denied' },
    });
    expect(r.ok && r.value.rows).toEqual([[5], [10], [15], [20]]);
    const capped = await sql.run(L.path, { runId: 'r3', sql: 'SELECT id FROM net_events', maxRows: 3 });
    expect(capped.ok && [capped.value.rows.length, capped.value.truncated]).toEqual([3, true]);
  });

  it.each([
    ["ATTACH DATABASE '/tmp/x.db' AS x", /ATTACH/],
    ["INSERT INTO net_events (domain) VALUES ('x')", /INSERT/],
    ['WITH a AS (SELECT 1) DELETE FROM net_events', /DELETE/],
    ["SELECT load_extension('/tmp/evil.so')", /LOAD_EXTENSION/],
    ['PRAGMA query_only = 0', /assignment/],
    ['PRAGMA writable_schema', /read-only list/],
    ['VACUUM INTO "/tmp/copy.db"', /VACUUM/],
    ['BEGIN IMMEDIATE', /not BEGIN/],
  ])('refuses %s', async (text, why) => {
    const r = await sql.run(L.path, { runId: 'refuse', sql: text });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('QUERY_REFUSED');
      expect(r.error.message).toMatch(why);
    }
  });

  it('lets keywords inside strings and comments pass the scan (stmt.readonly still decides)', () => {
    expect(refusalReason("SELECT 'DELETE FROM x' AS s -- DROP TABLE y")).toBeNull();
    expect(refusalReason('SELECT CASE WHEN 1 THEN 2 END')).toBeNull();
    expect(refusalReason('PRAGMA table_info(net_events)')).toBeNull();
  });

  it('reports SQLite errors as a sentence', async () => {
    const r = await sql.run(L.path, { runId: 'e1', sql: 'SELECT * FROM no_such_table' });
    expect(r).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/no such table/) } });
  });

  it('stops a runaway query at its deadline', async () => {
    const t0 = performance.now();
    const r = await sql.run(L.path, { runId: 'slow1', sql: SLOW, deadlineMs: 300 });
    const took = performance.now() - t0;
    expect(r).toMatchObject({ ok: false, error: { code: 'DEADLINE' } });
    expect(took).toBeLessThan(2000);
  });

  it('cancels a running query by killing its process, answering within 250 ms', async () => {
    const pending = sql.run(L.path, { runId: 'slow2', sql: SLOW, deadlineMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    expect(sql.cancel('slow2')).toBe(true);
    const r = await pending;
    expect(performance.now() - t0).toBeLessThan(250);
    expect(r).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(sql.cancel('slow2')).toBe(false);
    // The console still works afterwards (a fresh child).
    const after = await sql.run(L.path, { runId: 'r4', sql: 'SELECT 1 AS one' });
    expect(after.ok && after.value.rows).toEqual([[1]]);
  });

  it('runs every canned query without parameters (or with them supplied) on a ledger-shaped db', async () => {
    for (const q of CANNED_QUERIES) {
      const params = Object.fromEntries(q.params.map((p) => [p, p === 'trace_id' ? 'trace-1' : 'aaaaaaaaaaa1']));
      const r = await sql.run(L.path, { runId: `c-${q.id}`, sql: q.sql, params });
      expect(r.ok ? 'ok' : `${q.id}: ${r.error.message}`).toBe('ok');
    }
  });
});
