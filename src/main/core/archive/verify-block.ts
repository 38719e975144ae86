import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import type { BodyReadResult, OpenedArchive } from './types.js';

/**
 * Verifies every body of one block: reads the rows in (body_offset, id) order through the archive's
 * block cursor, so each segment is decoded and hashed once. This is the entry a verification worker
 * calls per block (open the archive once per worker, then call this for each block it owns).
 * Results come back in the order of `rows` as given.
 */
export function verifyBlockBodies(archive: OpenedArchive, block: BlockRow | undefined, rows: readonly BodyIndexRow[]): BodyReadResult[] {
  const order = rows.map((row, i) => ({ row, i }));
  order.sort((a, b) => (a.row.bodyOffset ?? 0) - (b.row.bodyOffset ?? 0) || a.row.id - b.row.id);
  const results = new Array<BodyReadResult>(rows.length);
  for (const { row, i } of order) results[i] = archive.readBody(row, block);
  return results;
}
