// node --import tsx scripts/bench/overview-span.ts <session folder>
// The Overview's time span on a large ledger: the index-seek reader (src/main/core/overview/time-span.ts) beside
// the MIN/MAX over every table it replaced, on the same connection, each the best of 3. Also prints the row
// counts' cost (the Overview computes them anyway and the reader uses them) and what the span covers.
// Figures only; nothing asserts a time. The ledger is opened read-only in place (a bench ledger, never evidence).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { quoteIdent } from '../../src/main/core/evidence/sql-values.js';
import { listTables, tableSchemas } from '../../src/main/core/queries/schema.js';
import { readTimeSpan } from '../../src/main/core/overview/time-span.js';
import { resolveSessionDir } from './lib/ledgers.js';

function best<T>(run: () => T): { ms: number; value: T } {
  let out: { ms: number; value: T } | null = null;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const value = run();
    const ms = performance.now() - t0;
    if (!out || ms < out.ms) out = { ms, value };
  }
  return out!;
}

/** The previous overview.ts: one MIN/MAX query per table with a time column, each a full scan without an index. */
function scanEveryTable(db: Database.Database): { first: string; last: string } | null {
  let first: string | null = null;
  let last: string | null = null;
  const see = (lo: string | null, hi: string | null): void => {
    if (lo && (first === null || lo < first)) first = lo;
    if (hi && (last === null || hi > last)) last = hi;
  };
  for (const t of tableSchemas(db).values()) {
    const q = quoteIdent(t.name);
    if (t.columns.some((c) => c.name === 'timestamp')) {
      const r = db
        .prepare(
          `SELECT MIN(timestamp) AS lo, MAX(timestamp) AS hi FROM ${q} WHERE timestamp IS NOT NULL AND timestamp <> '' AND typeof(timestamp) = 'text'`,
        )
        .get() as { lo: string | null; hi: string | null };
      see(r.lo, r.hi);
    }
    if (t.columns.some((c) => c.name === 'timestamp_unix_ms')) {
      const r = db.prepare(`SELECT MIN(timestamp_unix_ms) AS lo, MAX(timestamp_unix_ms) AS hi FROM ${q}`).get() as {
        lo: number | null;
        hi: number | null;
      };
      const iso = (ms: number | null): string | null =>
        ms === null || Math.abs(Number(ms)) > 8.64e15 ? null : new Date(Number(ms)).toISOString();
      see(iso(r.lo), iso(r.hi));
    }
  }
  return first !== null && last !== null ? { first, last } : null;
}

const dirArg = process.argv[2];
if (!dirArg) throw new Error('usage: overview-span.ts <session folder>');
const db = new Database(join(resolveSessionDir(dirArg), 'session.db'), { readonly: true, fileMustExist: true });
try {
  const counts = best(() => new Map(listTables(db).map((t) => [t.name, t.rowCount])));
  const seek = best(() => readTimeSpan(db, counts.value));
  const scan = best(() => scanEveryTable(db));
  const rows = [...counts.value.values()].reduce((a, b) => a + b, 0);
  console.log(
    `ledger: ${rows.toLocaleString('en-US')} rows in ${counts.value.size} tables; row counts ${counts.ms.toFixed(1)} ms (computed by the Overview either way)`,
  );
  console.log(`time span, index seeks (+ small tables):  ${seek.ms.toFixed(2)} ms  ${JSON.stringify(seek.value.span)}`);
  console.log(`time span, MIN/MAX scanning every table:  ${scan.ms.toFixed(2)} ms  ${JSON.stringify(scan.value)}`);
  console.log(`covers: ${seek.value.coverage.tables.join(', ')}`);
  console.log(`left out (large, no index on the time column): ${seek.value.coverage.skipped.join(', ') || 'none'}`);
} finally {
  db.close();
}
