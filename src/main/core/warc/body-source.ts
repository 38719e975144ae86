/**
 * The export's view of an opened ledger's bodies: the index rows in archive order and one verified read per row.
 * Kept behind an interface so the job never depends on how the evidence holds its archive.
 */
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { BodyReadResult } from '../archive/types.js';
import { iterateBodyRows } from '../bodies/iterate-rows.js';
import { readBodyRow } from '../bodies/read-body.js';
import type { Evidence } from '../evidence/types.js';

export interface BodySource {
  /** Every row of event_body_blobs, in archive order (block_offset, body_offset, id). */
  rows(): Iterable<BodyIndexRow>;
  /** The row's bytes through every hash on the way, or the failure (never partial bytes). */
  read(row: BodyIndexRow): BodyReadResult;
}

export function evidenceBodySource(evidence: Evidence): BodySource {
  return {
    rows: () => iterateBodyRows(evidence),
    read: (row) => readBodyRow(evidence, row),
  };
}
