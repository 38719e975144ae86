// The verification worker's index reader: every row naming a block exactly once, read a page at a time, including
// blocks with more rows than a page and many rows at one offset (zero-length bodies). A block whose ids are nearly
// contiguous is read from its rowid range (id order); one whose ids are spread out, or a ledger without the block
// index, through the index ((body_offset, id) order).
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
  // Block 555: ten rows whose ids lie 1,000 apart (spread out), offsets falling as ids rise.
  for (let i = 0; i < 10; i++) ins.run(10_000 + 1000 * i, `s${i}`, 'net_events', 'response', 'blake3:s', 555, 100 - i, 1);
  return db;
}

describe('blockRowReader', () => {
  it('reads every row of a contiguous block past the page size from its rowid range, in id order, and none of other blocks', () => {
    const db = ledger();
    const got = [...blockRowReader(db)(16)];
    expect(got).toHaveLength(2500);
    expect(got.map((r) => r.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(got.every((r) => r.blockOffset === 16 && r.eventId === '')).toBe(true);
    expect([...blockRowReader(db)(999)].map((r) => r.bodyOffset)).toEqual([0, 1, 2]);
    expect([...blockRowReader(db)(12345)]).toEqual([]);
  });

  it('given the blocks up front, finds their id spans in one query and reads the same rows', () => {
    const db = ledger();
    const read = blockRowReader(db, [16, 555, 999, 12345]);
    expect([...read(16)].map((r) => r.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect([...read(555)].map((r) => r.bodyOffset)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
    expect([...read(999)].map((r) => r.bodyOffset)).toEqual([0, 1, 2]);
    expect([...read(12345)]).toEqual([]);
  });

  it('prepared for the next blocks, finds their spans in one query; blocks not prepared still read right', () => {
    const db = ledger();
    const read = blockRowReader(db);
    read.prepare([555, 999]);
    expect([...read(999)].map((r) => r.bodyOffset)).toEqual([0, 1, 2]);
    expect([...read(555)].map((r) => r.bodyOffset)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
    expect([...read(16)].map((r) => r.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
  });

  it('reads a block whose ids are spread out through the index, in (body_offset, id) order', () => {
    const got = [...blockRowReader(ledger())(555)];
    expect(got.map((r) => r.bodyOffset)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
    expect(got.map((r) => r.id)).toEqual([19_000, 18_000, 17_000, 16_000, 15_000, 14_000, 13_000, 12_000, 11_000, 10_000]);
  });

  it('without an index starting with block_offset, reads through the plain query in (body_offset, id) order', () => {
    const db = ledger();
    db.exec('DROP INDEX idx_block');
    const got = [...blockRowReader(db)(16)];
    expect(got).toHaveLength(2500);
    const keys = got.map((r) => [r.bodyOffset!, r.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(new Set(got.map((r) => r.id)).size).toBe(2500);
  });

  it('namedBodyRow gives the same row with the texts a failure names', () => {
    const db = ledger();
    const lean = [...blockRowReader(db)(999)][1]!;
    const named = namedBodyRow(db)(lean.id)!;
    expect(named).toEqual({ ...lean, eventId: 'o1', sourceTable: 'model_calls', direction: 'response' });
    expect(namedBodyRow(db)(10 ** 9)).toBeNull();
  });
});
