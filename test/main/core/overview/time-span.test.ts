// The Overview's time span: read by index seeks, small unindexed tables read anyway, large unindexed tables
// left out and named; the values equal a full MIN/MAX over the tables it covers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_TABLE_ROWS, isIndexSeek, readTimeSpan } from '../../../../src/main/core/overview/time-span.js';
import { listTables } from '../../../../src/main/core/queries/schema.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger, ts } from '../queries/mini-ledger.js';

let L: MiniLedger;
beforeAll(() => {
  L = makeMiniLedger(40);
  // Values that are not times: '' (tool_calls' "not recorded"), a number, a blob. None may widen the span.
  L.db.exec(`CREATE TABLE odd_events (id INTEGER PRIMARY KEY, timestamp);
    INSERT INTO odd_events (timestamp) VALUES (''), (12), (x'ff'), ('${ts(-5000)}'), ('${ts(9000)}'), (NULL);`);
});
afterAll(() => L.cleanup());

const counts = (): Map<string, number> => new Map(listTables(L.db).map((t) => [t.name, t.rowCount]));

/** The answer of scanning everything, as the Overview used to. */
function fullScan(tables: readonly string[]): { first: string; last: string } {
  const lo: string[] = [];
  const hi: string[] = [];
  for (const ref of tables) {
    const [table, column] = ref.split('.') as [string, string];
    if (column === 'timestamp') {
      const r = L.db
        .prepare(`SELECT MIN(timestamp) AS lo, MAX(timestamp) AS hi FROM ${table} WHERE typeof(timestamp) = 'text' AND timestamp <> ''`)
        .get() as { lo: string | null; hi: string | null };
      if (r.lo) lo.push(r.lo);
      if (r.hi) hi.push(r.hi);
    } else {
      const r = L.db
        .prepare(`SELECT MIN(${column}) AS lo, MAX(${column}) AS hi FROM ${table} WHERE ${column} BETWEEN -8.64e15 AND 8.64e15`)
        .get() as { lo: number | null; hi: number | null };
      if (r.lo !== null) lo.push(new Date(r.lo).toISOString());
      if (r.hi !== null) hi.push(new Date(r.hi).toISOString());
    }
  }
  return { first: lo.sort()[0]!, last: hi.sort().at(-1)! };
}

describe('time span', () => {
  it('tells an index seek from a scan by the query plan', () => {
    expect(
      isIndexSeek(L.db, `SELECT timestamp FROM net_events WHERE timestamp > '' AND timestamp < x'' ORDER BY timestamp DESC LIMIT 1`),
    ).toBe(true);
    expect(isIndexSeek(L.db, `SELECT timestamp FROM fs_events WHERE timestamp > '' AND timestamp < x'' ORDER BY timestamp LIMIT 1`)).toBe(
      false,
    );
  });

  it('reads every table of a small ledger and equals a full MIN/MAX, ignoring empty, numeric and blob times', () => {
    const r = readTimeSpan(L.db, counts());
    expect(r.coverage.skipped).toEqual([]);
    expect([...r.coverage.tables].sort()).toEqual([
      'fs_events.timestamp',
      'model_calls.timestamp',
      'net_events.timestamp',
      'odd_events.timestamp',
      'security_rule_events.timestamp_unix_ms',
      'tool_calls.timestamp',
    ]);
    expect(r.span).toEqual(fullScan(r.coverage.tables));
    expect(r.span).toEqual({ first: ts(-5000), last: ts(9000) });
  });

  it('leaves out large tables without an index on their time column and says so; indexed ones stay', () => {
    const big = new Map([...counts()].map(([name, n]) => [name, name === 'net_events' ? n : SMALL_TABLE_ROWS + 1]));
    const r = readTimeSpan(L.db, big);
    expect(r.coverage.tables).toEqual(['net_events.timestamp']);
    expect([...r.coverage.skipped].sort()).toEqual([
      'fs_events.timestamp',
      'model_calls.timestamp',
      'odd_events.timestamp',
      'security_rule_events.timestamp_unix_ms',
      'tool_calls.timestamp',
    ]);
    // net_events holds ts(39)..ts(0) (row i at ts(40 - i), every 7th NULL): the span is its own.
    expect(r.span).toEqual(fullScan(['net_events.timestamp']));
    expect(r.span).toEqual({ first: ts(0), last: ts(39) });
  });

  it('a table missing from the counts is treated as large, and an index brings a large table back', () => {
    const r = readTimeSpan(L.db, new Map());
    expect(r.coverage.tables).toEqual(['net_events.timestamp']);
    L.db.exec('CREATE INDEX odd_ts ON odd_events(timestamp)');
    const again = readTimeSpan(L.db, new Map());
    expect(again.coverage.tables).toEqual(['net_events.timestamp', 'odd_events.timestamp']);
    expect(again.span).toEqual({ first: ts(-5000), last: ts(9000) });
  });
});
