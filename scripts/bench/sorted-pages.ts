// node --import tsx scripts/bench/sorted-pages.ts <session folder> [--pages N] [--seed S]
// Keyset pages sorted by an indexed column with many equal values (net_events by domain: a few domains cover
// most rows), at random depths, forwards and backwards, asc and desc, through readPage; beside each, the
// single-statement form it replaced (`k >= v AND (k > v OR r > id)`, which seeks on k alone and walks every
// equal entry before the cursor) on the same cursor. Each figure is the best of 3 runs of the page, so the
// comparison measures the query, not whatever else the machine is doing. Figures only; nothing asserts a time.
// The ledger is opened read-only in place (a generated bench ledger, never evidence).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { toCell } from '../../src/main/core/tables/cells.js';
import { readPage } from '../../src/main/core/tables/page.js';
import type { PageRequest, SortDirection } from '../../src/shared/contract.js';
import { BenchPrng } from './lib/body-text.js';
import { resolveSessionDir } from './lib/ledgers.js';

const SHAPES = [
  { table: 'net_events', column: 'domain' },
  { table: 'event_body_blobs', column: 'body_hash' },
  { table: 'fs_events', column: 'timestamp' },
] as const;
const LIMIT = 200;
const RUNS = 3;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function best(run: () => unknown): number {
  let min = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    run();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

/**
 * What the previous page.ts did for a cursor inside the valued rows: prepare the one-statement form, read
 * limit + 1 rows with exact integers and turn them into cells (the same work readPage does around its SQL).
 */
function singleStatementPage(
  db: Database.Database,
  table: string,
  column: string,
  dir: SortDirection,
  value: string | number,
  rowid: number,
): unknown[][] {
  const gt = dir === 'asc' ? '>' : '<';
  const ge = dir === 'asc' ? '>=' : '<=';
  const D = dir.toUpperCase();
  const stmt = db
    .prepare(
      `SELECT _rowid_, * FROM "${table}" WHERE "${column}" IS NOT NULL AND "${column}" ${ge} ? AND ("${column}" ${gt} ? OR _rowid_ ${gt} ?) ` +
        `ORDER BY "${column}" ${D}, _rowid_ ${D} LIMIT ${LIMIT + 1}`,
    )
    .raw(true)
    .safeIntegers(true);
  return (stmt.all(value, value, rowid) as unknown[][]).map((r) => r.slice(1).map(toCell));
}

/**
 * The worst case of the single-statement form: cursors spread through the rows of the most common domain, so the
 * rows before the cursor with the same value are many. Ascending from near its last rowid, descending from near its first.
 */
function deepInLargestGroup(db: Database.Database): void {
  const top = db
    .prepare('SELECT domain, COUNT(*) AS n, MIN(rowid) AS lo, MAX(rowid) AS hi FROM net_events GROUP BY domain ORDER BY n DESC LIMIT 1')
    .get() as { domain: string; n: number; lo: number; hi: number } | undefined;
  if (!top) return;
  const ids = db.prepare('SELECT rowid FROM net_events WHERE domain = ? ORDER BY rowid').pluck().all(top.domain) as number[];
  for (const direction of ['asc', 'desc'] as const) {
    const now: number[] = [];
    const before: number[] = [];
    for (let i = 1; i <= 20; i++) {
      // asc: the cursor sits i/20 of the way through the group (the last one 200 rows before its end); desc: mirrored.
      const at = Math.min(ids.length - 1, Math.floor((ids.length * i) / 20) - (i === 20 ? LIMIT : 0));
      const rowid = ids[direction === 'asc' ? at : ids.length - 1 - at]!;
      const req: PageRequest = {
        evidenceId: 'bench',
        table: 'net_events',
        sort: { column: 'domain', direction },
        after: { value: top.domain, rowid },
        limit: LIMIT,
      };
      now.push(best(() => readPage(db, req)));
      before.push(best(() => singleStatementPage(db, 'net_events', 'domain', direction, top.domain, rowid)));
    }
    console.log(
      `net_events by domain ${direction}, 20 cursors through the ${top.n.toLocaleString('en-US')} rows of ${top.domain}: ` +
        `readPage median ${median(now).toFixed(2)} ms, worst ${Math.max(...now).toFixed(2)} ms | ` +
        `single-statement form median ${median(before).toFixed(2)} ms, worst ${Math.max(...before).toFixed(2)} ms`,
    );
  }
}

function arg(argv: readonly string[], name: string, dflt: number): number {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
}

function main(): void {
  const argv = process.argv.slice(2);
  const dirArg = argv.find((a, i) => !a.startsWith('--') && !(argv[i - 1] ?? '').startsWith('--'));
  if (!dirArg) throw new Error('usage: sorted-pages.ts <session folder> [--pages N] [--seed S]');
  const pages = arg(argv, '--pages', 100);
  const db = new Database(join(resolveSessionDir(dirArg), 'session.db'), { readonly: true, fileMustExist: true });
  const prng = new BenchPrng(arg(argv, '--seed', 7));
  try {
    deepInLargestGroup(db);
    for (const shape of SHAPES) {
      const max = db.prepare(`SELECT MAX(rowid) FROM ${shape.table}`).pluck().get() as number | null;
      if (!max) continue;
      const pick = db.prepare(`SELECT ${shape.column} FROM ${shape.table} WHERE rowid >= ? LIMIT 1`).pluck();
      const now: number[] = [];
      const before: number[] = [];
      for (let i = 0; i < pages; i++) {
        const rowid = 1 + (prng.next() % max);
        const value = pick.get(rowid) as string | number | null;
        const direction: SortDirection = prng.next() % 2 ? 'asc' : 'desc';
        const cursor = { value, rowid };
        const req: PageRequest = {
          evidenceId: 'bench',
          table: shape.table,
          sort: { column: shape.column, direction },
          after: cursor,
          limit: LIMIT,
        };
        const ms = best(() => readPage(db, req));
        const old = value === null ? ms : best(() => singleStatementPage(db, shape.table, shape.column, direction, value, rowid));
        now.push(ms);
        before.push(old);
      }
      console.log(
        `${`${shape.table} by ${shape.column}`.padEnd(30)} ${pages} pages of ${LIMIT} (best of ${RUNS} each): ` +
          `readPage median ${median(now).toFixed(2)} ms, worst ${Math.max(...now).toFixed(2)} ms | ` +
          `single-statement form median ${median(before).toFixed(2)} ms, worst ${Math.max(...before).toFixed(2)} ms`,
      );
    }
  } finally {
    db.close();
  }
}

main();
