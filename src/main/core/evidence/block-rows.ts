/**
 * body_blocks, normalised across generations: A1 records `comp_len` (without the 44-byte block header) where
 * A2+ record `disk_len` (the committed extent). Rows whose block_offset is not an integer cannot name a block
 * and are left out (an index row naming them then fails as BLOCK_NOT_RECORDED).
 */
import type Database from 'better-sqlite3';
import type { BlockRow, Generation } from '../../../shared/ledger-types.js';
import { toNumber, toText } from './sql-values.js';

export function readBlockRows(
  db: Database.Database,
  generation: Generation,
  columns: readonly string[] | undefined,
): Map<number, BlockRow> {
  const blocks = new Map<number, BlockRow>();
  if (!columns || generation === 'L0') return blocks;
  const lenColumn = generation === 'A1' ? 'comp_len' : 'disk_len';
  const sealed = columns.includes('sealed_at') ? 'sealed_at' : 'NULL';
  const rows = db
    .prepare(`SELECT block_offset, raw_len, ${lenColumn} AS disk_len, ${sealed} AS sealed_at FROM body_blocks ORDER BY block_offset`)
    .safeIntegers(true)
    .all() as Record<string, unknown>[];
  for (const row of rows) {
    const blockOffset = toNumber(row.block_offset);
    if (!Number.isSafeInteger(blockOffset)) continue;
    blocks.set(blockOffset, {
      blockOffset,
      rawLen: toNumber(row.raw_len),
      diskLen: toNumber(row.disk_len),
      sealedAt: toText(row.sealed_at),
    });
  }
  return blocks;
}
