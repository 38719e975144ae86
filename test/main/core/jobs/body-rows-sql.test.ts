// The verification worker's index reader: every row naming a block, in (body_offset, id) order, read a page at a
// time, including blocks with more rows than a page and many rows at one offset (zero-length bodies).
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { blockRowReader, namedBodyRow } from '../../../../src/main/core/jobs/body-rows-sql.js';

function ledger(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE event_body_blobs (id INTEGER PRIMARY KEY, event_id TEXT, source_table TEXT, direction TEXT,
    body_hash TEXT, block_offset INTEGER, body_offset INTEGER, body_len INTEGER);
    CREATE INDEX idx_block ON event_body_blobs(block_offset, body_offset, id);`);
  const ins = db.prepare('INSERT INTO event_body_blobs VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  let id = 1;
  // Block 16: 2,500 rows, the first 1,500 all at offset 0 (zero-length), inserted out of order.
  const rows: [number, number][] = [];
  for (let i = 0; i < 1500; i++) rows.push([0, 0]);
  for (let i = 0; i < 1000; i++) rows.push([10 + i, 5]);
  for (const [off, len] of rows.reverse()) ins.run(id++, `e${id}`, 'net_events', 'request', `blake3:${id}`, 16, off, len);
  for (let i = 0; i < 3; i++) ins.run(id++, `o${i}`, 'model_calls', 'response', 'blake3:x', 999, i, 1);
  return db;
}

describe('blockRowReader', () => {
  it('reads every row of a block past the page size, in (body_offset, id) order, and none of other blocks', () => {
    const db = ledger();
    const got = [...blockRowReader(db)(16)];
    expect(got).toHaveLength(2500);
    const keys = got.map((r) => [r.bodyOffset!, r.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
    expect(new Set(got.map((r) => r.id)).size).toBe(2500);
    expect(got.every((r) => r.blockOffset === 16 && r.eventId === '')).toBe(true);
    expect([...blockRowReader(db)(999)].map((r) => r.bodyOffset)).toEqual([0, 1, 2]);
    expect([...blockRowReader(db)(12345)]).toEqual([]);
  });

  it('namedBodyRow gives the same row with the texts a failure names', () => {
    const db = ledger();
    const lean = [...blockRowReader(db)(999)][1]!;
    const named = namedBodyRow(db)(lean.id)!;
    expect(named).toEqual({ ...lean, eventId: 'o1', sourceTable: 'model_calls', direction: 'response' });
    expect(namedBodyRow(db)(10 ** 9)).toBeNull();
  });
});
