/**
 * A tagged body's bytes for an export, taken only from a verified read (readBody: every segment hash and the body
 * hash checked on the way). The whole body is masked before its range is cut, so a credential that straddles the
 * range's edge is masked too. A body that does not verify, or that no hash vouches for, exports no bytes.
 */
import { blake3Tagged } from '../archive/blake3.js';
import { findBodyRow, readBody } from '../bodies/read-body.js';
import type { Evidence } from '../evidence/types.js';
import type { CaseItem } from './case-format.js';
import type { Redactor } from './export-redact.js';

export interface ExportedBody {
  readonly sourceTable: string;
  readonly direction: string;
  readonly range: readonly [number, number] | null;
  /** The hash the case item recorded when it was made. */
  readonly caseBodyHash: string | null;
  /** event_body_blobs.body_hash in this copy's index (the original body's BLAKE3), or null when none. */
  readonly ledgerBodyHash: string | null;
  /** `verified`, or why no bytes were exported (a read failure's code, NO_BODY_HASH, RANGE_OUT_OF_BODY, NO_SUCH_BODY). */
  readonly verdict: string;
  /** BLAKE3 of the original (unmasked) bytes exported: the whole body's equals ledgerBodyHash. */
  readonly sourceBlake3: string | null;
  /** BLAKE3 of the bytes written to case.json (after masking). */
  readonly exportedBlake3: string | null;
  readonly exportedBytes: number | null;
  /** How many masked stretches reach into these bytes (0 with --unredacted). */
  readonly masked: number;
  /** The exported bytes themselves (null when none were exported). */
  readonly bytes: Uint8Array | null;
}

function none(item: CaseItem, ledgerBodyHash: string | null, verdict: string): ExportedBody {
  const b = item.body!;
  return {
    sourceTable: b.sourceTable,
    direction: b.direction,
    range: b.range,
    caseBodyHash: b.bodyHash,
    ledgerBodyHash,
    verdict,
    sourceBlake3: null,
    exportedBlake3: null,
    exportedBytes: null,
    masked: 0,
    bytes: null,
  };
}

export function exportBody(evidence: Evidence, item: CaseItem, redact: Redactor): ExportedBody | null {
  const b = item.body;
  if (!b || item.eventId === null) return null;
  const key = { eventId: item.eventId, sourceTable: b.sourceTable, direction: b.direction };
  const row = findBodyRow(evidence, key);
  if (!row) return none(item, null, 'NO_SUCH_BODY');
  const ledgerBodyHash = row.bodyHash === '' ? null : row.bodyHash.toLowerCase();
  // Without an index hash nothing vouches for the bytes read: they are not exported.
  if (ledgerBodyHash === null) return none(item, null, 'NO_BODY_HASH');
  const read = readBody(evidence, key);
  if (!read.ok) return none(item, ledgerBodyHash, read.error.code);
  if (b.range && b.range[1] > read.bytes.length) return none(item, ledgerBodyHash, 'RANGE_OUT_OF_BODY');
  const before = redact.redactions.length;
  const where = `body.${b.direction}`;
  const masked = redact.bytes(read.bytes, item.id, where);
  const cut = (bytes: Uint8Array): Uint8Array => (b.range ? bytes.subarray(b.range[0], b.range[1]) : bytes);
  const exported = cut(masked);
  return {
    ...none(item, ledgerBodyHash, 'verified'),
    sourceBlake3: blake3Tagged(cut(read.bytes)),
    exportedBlake3: blake3Tagged(exported),
    exportedBytes: exported.length,
    // Only stretches reaching into the exported range changed the exported bytes.
    masked: redact.redactions.slice(before).filter((r) => !b.range || (r.offset < b.range[1] && r.offset + r.length > b.range[0])).length,
    bytes: exported,
  };
}
