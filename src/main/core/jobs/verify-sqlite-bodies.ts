// L0 (pre-archive) ledgers keep bodies inside SQLite (event_body_blobs.body). Each is hashed and compared
// with body_hash when the row has one; a row without a hash is read but has nothing to prove it, and is
// counted as `unhashed` (and verified, since nothing contradicts it).
import type { BodyKey } from '../../../shared/ledger-types.js';
import { FailureTally, bodiesRead, bodyFailure } from './body-failure.js';
import type { PartResult, Progress } from './verify-types.js';
import { VerifyCancelled, yieldToEventLoop } from './verify-blocks.js';

export interface SqliteBodyRow extends BodyKey {
  readonly id: number;
  readonly body: Uint8Array | null;
  readonly bodyHash: string | null;
}

export interface VerifySqliteBodiesInput {
  readonly rows: Iterable<SqliteBodyRow>;
  /** `blake3:` + 64 lowercase hex of the bytes. */
  readonly hash: (bytes: Uint8Array) => string;
  readonly maxListedFailures: number;
  readonly onProgress?: (p: Progress) => void;
  readonly isCancelled?: () => boolean;
  /** Hears every row that verified (or has no hash to check), with its bytes: where grep searches an L0 body. */
  readonly onVerified?: (row: SqliteBodyRow, bytes: Uint8Array) => void;
}

const SLICE_MS = 50;

export async function verifySqliteBodies(input: VerifySqliteBodiesInput): Promise<PartResult> {
  const tally = new FailureTally(input.maxListedFailures);
  let sliceStart = Date.now();
  for (const row of input.rows) {
    if (input.isCancelled?.()) throw new VerifyCancelled();
    const bytes = row.body ?? new Uint8Array(0);
    tally.bytes += bytes.length;
    if (!row.bodyHash) {
      tally.verified += 1;
      tally.unhashed += 1;
      input.onVerified?.(row, bytes);
    } else {
      const actual = input.hash(bytes);
      if (actual === row.bodyHash.toLowerCase()) {
        tally.verified += 1;
        input.onVerified?.(row, bytes);
      } else {
        tally.fail(
          bodyFailure(row, {
            code: 'BODY_HASH_MISMATCH',
            message: `event_body_blobs row ${row.id} holds ${bytes.length} bytes hashing to ${actual}, not the ${row.bodyHash} the row names`,
          }),
        );
      }
    }
    input.onProgress?.({ items: bodiesRead(tally), bytes: tally.bytes, failed: tally.failed });
    if (Date.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = Date.now();
    }
  }
  return tally.result();
}
