// The verification job proper: pure (no worker, no SQLite, no Electron), so it runs in a worker, in a test
// or in-process alike. Rows are read block by block in (block_offset, body_offset) order through one
// opened archive, whose reader keeps a cursor per block: every segment is decoded once, and memory stays
// bounded by one block's raw bytes (16 MiB cap), whatever the archive size.
import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import type { OpenedArchive } from '../archive/types.js';
import { FailureTally, bodyFailure } from './body-failure.js';
import type { PartResult, Progress } from './verify-types.js';

export interface VerifyBlocksInput {
  readonly archive: Pick<OpenedArchive, 'readBody'>;
  /** Ascending block_offset. */
  readonly blocks: readonly BlockRow[];
  /** The index rows naming one block, in body_offset order. */
  readonly rowsOf: (block: BlockRow) => Iterable<BodyIndexRow>;
  readonly maxListedFailures: number;
  /** Called with running totals; the caller decides how often to pass them on. */
  readonly onProgress?: (p: Progress) => void;
  /** Checked between bodies; a cancelled run rejects with nothing half-counted leaking out. */
  readonly isCancelled?: () => boolean;
}

/** How long the loop may hold the thread before yielding, so messages and timers get a turn. */
const SLICE_MS = 50;

export class VerifyCancelled extends Error {
  constructor() {
    super('verification cancelled');
    this.name = 'VerifyCancelled';
  }
}

export async function verifyBlocks(input: VerifyBlocksInput): Promise<PartResult> {
  const tally = new FailureTally(input.maxListedFailures);
  let sliceStart = Date.now();
  for (const block of input.blocks) {
    for (const row of input.rowsOf(block)) {
      if (input.isCancelled?.()) throw new VerifyCancelled();
      const read = input.archive.readBody(row, block);
      if (read.ok) {
        tally.verified += 1;
        tally.bytes += read.bytes.length;
      } else {
        tally.fail(bodyFailure(row, read.error));
        tally.bytes += row.bodyLen;
      }
      input.onProgress?.({ items: tally.verified + tally.failed, bytes: tally.bytes, failed: tally.failed });
      if (Date.now() - sliceStart >= SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = Date.now();
      }
    }
  }
  return tally.result();
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
