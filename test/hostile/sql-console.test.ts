// SQL-5 and the console half of issue 10: ad-hoc SQL that would attach, write, change the schema, load an
// extension or change state through a pragma is refused (QUERY_REFUSED) and leaves the scratch copy byte-identical;
// runaway queries (a recursive CTE, an endless view in the evidence) are stopped at their deadline (DEADLINE) or by
// cancel (CANCELLED) and the console's child process is gone; a view calling load_extension never loads anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Evidence } from '../../src/main/core/evidence/types.js';
import { openEvidence } from '../../src/main/core/evidence/open-evidence.js';
import { SqlConsole } from '../../src/main/core/sql/sql-runner.js';
import { writeTrappedLedger } from './lib/trap-ledgers.js';
import { tempDir } from './lib/temp.js';

const work = tempDir('hostile-sql-');
const outside = join(work, 'attached.db');
let evidence: Evidence;
let sql: SqlConsole;

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');
/** Pids of this process's children running the console's child script. */
function consoleChildren(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
        return ppid === process.pid && cmd.includes('sql-child') ? [Number(d)] : [];
      } catch {
        return [];
      }
    });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Which of `pids` are still console children, polled until none is (a kill is prompt) or 2 s have passed. */
async function survivors(pids: readonly number[]): Promise<number[]> {
  const deadline = performance.now() + 2000;
  for (;;) {
    const left = consoleChildren().filter((p) => pids.includes(p));
    if (left.length === 0 || performance.now() > deadline) return left;
    await sleep(10);
  }
}

beforeAll(async () => {
  const trapped = await writeTrappedLedger(work);
  const opened = await openEvidence([trapped.ledger.sessionDir], { scratchRoot: work });
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  evidence = opened.value;
  sql = new SqlConsole();
});
afterAll(() => {
  sql.dispose();
  evidence.close();
  rmSync(work, { recursive: true, force: true });
});

const REFUSED = [
  `ATTACH DATABASE '${outside}' AS x`,
  `attach '${outside}' as y`,
  `SELECT 1; ATTACH '${outside}' AS z`,
  "INSERT INTO net_events(event_id) VALUES ('x')",
  "UPDATE net_events SET domain = 'x'",
  'DELETE FROM net_events',
  'CREATE TABLE t(x)',
  'CREATE TEMP TABLE t(x)',
  'DROP TABLE net_events',
  'ALTER TABLE net_events ADD COLUMN y',
  "REPLACE INTO net_events(event_id) VALUES ('x')",
  'WITH x AS (SELECT 1) INSERT INTO net_events(event_id) SELECT * FROM x',
  "SELECT load_extension('/nonexistent/evil.so')",
  "SeLeCt LOAD_EXTENSION('x')",
  "SELECT /* hidden */ load_extension/**/('x')",
  `VACUUM INTO '${join(work, 'copy.db')}'`,
  'BEGIN IMMEDIATE',
  'SAVEPOINT a',
  'PRAGMA journal_mode = DELETE',
  'PRAGMA journal_mode(DELETE)',
  'PRAGMA user_version = 7',
  'PRAGMA user_version(7)',
  'PRAGMA main.schema_version(5)',
  'PRAGMA trusted_schema = ON',
  'PRAGMA trusted_schema(1)',
  'PRAGMA query_only = 0',
  'PRAGMA writable_schema = 1',
  'PRAGMA wal_checkpoint(TRUNCATE)',
  'PRAGMA mmap_size = 1000000',
];

describe('SQL console against hostile input', () => {
  it('reads are allowed (the refusals below are not a console that refuses everything)', async () => {
    const r = await sql.run(evidence.snapshot.dbCopyPath, { runId: 'ok', sql: 'SELECT COUNT(*) AS n FROM net_events', deadlineMs: 30_000 });
    expect(r.ok && Number(r.value.rows[0]![0]) > 0).toBe(true);
  });

  it.each(REFUSED)('refuses %s', async (statement) => {
    const before = sha(evidence.snapshot.dbCopyPath);
    const r = await sql.run(evidence.snapshot.dbCopyPath, { runId: 'w', sql: statement, deadlineMs: 30_000 });
    expect(r.ok ? `ran: ${JSON.stringify(r.value.rows)}` : r.error.code).toBe('QUERY_REFUSED');
    expect(sha(evidence.snapshot.dbCopyPath)).toBe(before);
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(join(work, 'copy.db'))).toBe(false);
  });

  it('a view in the evidence that calls load_extension never loads anything', async () => {
    const r = await sql.run(evidence.snapshot.dbCopyPath, { runId: 'v', sql: 'SELECT * FROM substitution_events', deadlineMs: 30_000 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/unsafe use of load_extension|not authorized/);
  });

  it('a runaway recursive CTE is stopped at its deadline and its process is gone', async () => {
    // A ready child, so the process list below holds it (the deadline itself counts from ready anyway).
    expect(await sql.whenWarm()).toBe(true);
    const children = consoleChildren();
    expect(children.length).toBe(1);
    const t = performance.now();
    const r = await sql.run(evidence.snapshot.dbCopyPath, {
      runId: 'cte',
      sql: 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r',
      deadlineMs: 500,
    });
    const took = performance.now() - t;
    expect(r.ok ? 'ran' : r.error.code).toBe('DEADLINE');
    expect(took).toBeLessThan(500 + 250);
    expect(await survivors(children)).toEqual([]);
  });

  it('an endless view in the evidence is stopped at its deadline', async () => {
    // The deadline counts from when the child is ready (a cold start is not the query's time), so measure from there.
    expect(await sql.whenWarm()).toBe(true);
    const t = performance.now();
    const r = await sql.run(evidence.snapshot.dbCopyPath, {
      runId: 'view',
      sql: 'SELECT * FROM audit_events ORDER BY 1 DESC LIMIT 1',
      deadlineMs: 2000,
    });
    expect(r.ok ? 'ran' : r.error.code).toBe('DEADLINE');
    expect(performance.now() - t).toBeLessThan(2000 + 250);
  });

  it('cancel stops a runaway query within 250 ms and kills its process', async () => {
    expect(await sql.whenWarm()).toBe(true);
    const children = consoleChildren();
    expect(children.length).toBe(1);
    const pending = sql.run(evidence.snapshot.dbCopyPath, {
      runId: 'c',
      sql: 'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r',
      deadlineMs: 60_000,
    });
    await sleep(300); // let the query get going, so the cancel stops a running statement
    const t = performance.now();
    expect(sql.cancel('c')).toBe(true);
    const r = await pending;
    expect(r.ok ? 'ran' : r.error.code).toBe('CANCELLED');
    expect(performance.now() - t).toBeLessThan(250);
    expect(await survivors(children)).toEqual([]);
  });
});
