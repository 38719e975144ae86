// The verification job proper: pure (no worker, no SQLite, no Electron), so it runs in a worker, in a test
// or in-process alike. Rows are read block by block in (block_offset, body_offset) order through one
// opened archive, whose reader keeps a cursor per block: every segment is decoded once, and memory stays
// bounded by one block's raw bytes (16 MiB cap), whatever the archive size.
//
// Rows may share a span: an HTTP row and the model-call row of the same exchange name the same bytes (the scale
// ledger hashes 1.68x its raw bytes when every row is hashed). Within a block, a span that verified against an
// expected hash is not hashed again for another row naming the same (offset, length, hash): the check is
// deterministic, so that row's verdict is the same. Failures are never reused: each failing row is checked on its
// own and reports its own sentence, and a row expecting a different hash over the same span is checked on its own.
import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import type { BodyCheckResult, OpenedArchive } from '../archive/types.js';
import { FailureTally, bodyFailure } from './body-failure.js';
import type { PartResult, Progress } from './verify-types.js';

export interface VerifyBlocksInput {
  /** checkBody when the archive has it (no copy of the bytes), else readBody. */
  readonly archive: Pick<OpenedArchive, 'readBody' | 'checkBody'>;
  /** Ascending block_offset. */
  readonly blocks: readonly BlockRow[];
  /** The index rows naming one block, in body_offset order; they may carry only what verification reads. */
  readonly rowsOf: (block: BlockRow) => Iterable<BodyIndexRow>;
  /**
   * The whole row by id, for a row that failed: checked again with it, so the failure sentence names its event_id,
   * source_table and direction (the check is deterministic: the same bytes fail the same way). Absent: rows are whole.
   */
  readonly namedRow?: (id: number) => BodyIndexRow | null;
  readonly maxListedFailures: number;
  /** Called with running totals; the caller decides how often to pass them on. */
  readonly onProgress?: (p: Progress) => void;
  /** Checked between bodies; a cancelled run rejects with nothing half-counted leaking out. */
  readonly isCancelled?: () => boolean;
}

/** How long the loop may hold the thread before yielding, so messages and timers get a turn. */
const SLICE_MS = 50;
/** Bodies between progress reports and clock checks (a block ends with a report too). */
const CHECK_EVERY = 32;
const CHECK_BYTES = 1024 * 1024;

export class VerifyCancelled extends Error {
  constructor() {
    super('verification cancelled');
    this.name = 'VerifyCancelled';
  }
}

export async function verifyBlocks(input: VerifyBlocksInput): Promise<PartResult> {
  const tally = new FailureTally(input.maxListedFailures);
  const check = checker(input.archive);
  let sliceStart = Date.now();
  let sinceCheck = 0;
  let bytesAtCheck = 0;
  for (const block of input.blocks) {
    const verifiedSpans = new VerifiedSpans(block.blockOffset);
    for (let row of input.rowsOf(block)) {
      if (input.isCancelled?.()) throw new VerifyCancelled();
      if (verifiedSpans.has(row)) {
        tally.verified += 1;
        tally.bytes += row.bodyLen;
      } else {
        let read = check(row, block);
        if (!read.ok && input.namedRow) {
          const named = input.namedRow(row.id);
          if (named) read = check(named, block);
          row = named ?? row;
        }
        if (read.ok) {
          verifiedSpans.add(row);
          tally.verified += 1;
          tally.bytes += read.length;
        } else {
          tally.fail(bodyFailure(row, read.error));
          tally.bytes += row.bodyLen;
        }
      }
      // Progress and the clock every CHECK_EVERY bodies or CHECK_BYTES, not every body: at hundreds of thousands of
      // small bodies both were a visible share of the loop; large bodies still get a check each.
      if (++sinceCheck >= CHECK_EVERY || tally.bytes - bytesAtCheck >= CHECK_BYTES) {
        sinceCheck = 0;
        bytesAtCheck = tally.bytes;
        input.onProgress?.({ items: tally.verified + tally.failed, bytes: tally.bytes, failed: tally.failed });
        if (Date.now() - sliceStart >= SLICE_MS) {
          await yieldToEventLoop();
          sliceStart = Date.now();
        }
      }
    }
    input.onProgress?.({ items: tally.verified + tally.failed, bytes: tally.bytes, failed: tally.failed });
  }
  return tally.result();
}

/**
 * The spans of one block that verified, by (body_offset, body_len, body_hash). Keyed by offset, a number, so the
 * lookup done for every row builds no key text. A row naming another block never matches: its own check fails it.
 */
const MAX_REMEMBERED_SPANS = 50_000;

class VerifiedSpans {
  private readonly byOffset = new Map<number, { readonly len: number; readonly hash: string }[]>();
  constructor(private readonly blockOffset: number) {}

  has(row: BodyIndexRow): boolean {
    if (row.blockOffset !== this.blockOffset || row.bodyOffset === null) return false;
    const seen = this.byOffset.get(row.bodyOffset);
    return seen !== undefined && seen.some((s) => s.len === row.bodyLen && s.hash === row.bodyHash);
  }

  add(row: BodyIndexRow): void {
    if (row.blockOffset !== this.blockOffset || row.bodyOffset === null) return;
    // Bounded, so a block named by millions of rows (zero-length bodies can be any number) cannot grow the worker's
    // heap: past the cap further spans are simply hashed again, which is slower and just as correct.
    if (this.byOffset.size >= MAX_REMEMBERED_SPANS) return;
    const seen = this.byOffset.get(row.bodyOffset);
    const span = { len: row.bodyLen, hash: row.bodyHash };
    if (seen) seen.push(span);
    else this.byOffset.set(row.bodyOffset, [span]);
  }
}

function checker(archive: VerifyBlocksInput['archive']): (row: BodyIndexRow, block: BlockRow) => BodyCheckResult {
  if (archive.checkBody) return archive.checkBody.bind(archive);
  return (row, block) => {
    const r = archive.readBody(row, block);
    return r.ok ? { ok: true, length: r.bytes.length } : r;
  };
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
