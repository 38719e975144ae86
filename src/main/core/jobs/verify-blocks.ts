// The verification job proper: pure (no worker, no SQLite, no Electron), so it runs in a worker, in a test
// or in-process alike. Rows are read block by block in (block_offset, body_offset) order through one
// opened archive, whose reader keeps a cursor per block: every segment is decoded once, and memory stays
// bounded by one block's raw bytes (16 MiB cap), whatever the archive size. Rows of a block are checked in
// batches (checkBodies) so that many small bodies are hashed side by side.
//
// Rows may share a span: an HTTP row and the model-call row of the same exchange name the same bytes (the scale
// ledger hashes 1.68x its raw bytes when every row is hashed). Within a block, a span that verified against an
// expected hash is not hashed again for another row naming the same (offset, length, hash): the check is
// deterministic, so that row's verdict is the same. Failures are never reused: each failing row is checked on its
// own and reports its own sentence, and a row expecting a different hash over the same span is checked on its own.
import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import type { BodyCheckResult, OpenedArchive } from '../archive/types.js';
import { FailureTally, bodiesRead, bodyFailure } from './body-failure.js';
import type { PartResult, Progress } from './verify-types.js';

export interface VerifyBlocksInput {
  /** checkBodies (many at once) or checkBody (no copy of the bytes) when the archive has them, else readBody. */
  readonly archive: Pick<OpenedArchive, 'readBody' | 'checkBody' | 'checkBodies'>;
  /** Ascending block_offset; may be claimed lazily (claimedBlocks) while the loop runs. */
  readonly blocks: Iterable<BlockRow>;
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
  /**
   * Hears every row that verified (its own hash checked, or a row with the same span and hash in this block), while
   * its block's bytes are still at hand: grep searches the body there, so a body is decoded and hashed once whether
   * it is verified, searched or both. Never called for a row that failed.
   */
  readonly onVerified?: (row: BodyIndexRow, block: BlockRow) => void;
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
  const checkMany = input.archive.checkBodies?.bind(input.archive) ?? null;
  let sliceStart = Date.now();
  let sinceCheck = 0;
  let bytesAtCheck = 0;

  /** Counts one row's verdict, checking a failed row again whole so its sentence names it. */
  const settle = (row: BodyIndexRow, read: BodyCheckResult, block: BlockRow, spans: VerifiedSpans): void => {
    if (!read.ok && input.namedRow) {
      const named = input.namedRow(row.id);
      if (named) read = check(named, block);
      row = named ?? row;
    }
    if (read.ok) {
      spans.add(row);
      tally.verified += 1;
      tally.bytes += read.length;
      input.onVerified?.(row, block);
    } else {
      tally.fail(bodyFailure(row, read.error), block.blockOffset);
      tally.bytes += row.bodyLen;
    }
  };
  /** Progress and the clock every CHECK_EVERY bodies or CHECK_BYTES, not every body (both were visible in the loop). */
  const pace = async (): Promise<void> => {
    if (++sinceCheck < CHECK_EVERY && tally.bytes - bytesAtCheck < CHECK_BYTES) return;
    sinceCheck = 0;
    bytesAtCheck = tally.bytes;
    input.onProgress?.({ items: bodiesRead(tally), bytes: tally.bytes, failed: tally.failed });
    if (Date.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = Date.now();
    }
  };

  for (const block of input.blocks) {
    const verifiedSpans = new VerifiedSpans(block.blockOffset);
    if (checkMany) {
      // Rows are hashed in batches (checkBodies): many small bodies hash faster side by side. A row whose span a row
      // earlier in the same batch also names (same offset, length and hash) waits for that row's verdict instead of
      // being hashed again, as VerifiedSpans does across batches; a failure is never reused (the row is checked alone).
      const batch = new SpanBatch(block.blockOffset);
      const flush = async (): Promise<void> => {
        const results = batch.check(checkMany, block);
        for (let i = 0; i < batch.rows.length; i++) {
          const row = batch.rows[i]!;
          const leader = batch.leaderOf[i]!;
          if (leader === i) settle(row, results[i]!, block, verifiedSpans);
          else if (results[leader]!.ok) settle(row, { ok: true, length: row.bodyLen }, block, verifiedSpans);
          else settle(row, check(row, block), block, verifiedSpans);
          await pace();
        }
        batch.clear();
      };
      for (const row of input.rowsOf(block)) {
        if (input.isCancelled?.()) throw new VerifyCancelled();
        if (verifiedSpans.has(row)) {
          tally.verified += 1;
          tally.bytes += row.bodyLen;
          input.onVerified?.(row, block);
          await pace();
          continue;
        }
        batch.push(row);
        if (batch.full()) await flush();
      }
      if (batch.rows.length > 0) {
        if (input.isCancelled?.()) throw new VerifyCancelled();
        await flush();
      }
    } else {
      for (const row of input.rowsOf(block)) {
        if (input.isCancelled?.()) throw new VerifyCancelled();
        if (verifiedSpans.has(row)) {
          tally.verified += 1;
          tally.bytes += row.bodyLen;
          input.onVerified?.(row, block);
        } else {
          settle(row, check(row, block), block, verifiedSpans);
        }
        await pace();
      }
    }
    input.onProgress?.({ items: bodiesRead(tally), bytes: tally.bytes, failed: tally.failed });
  }
  return tally.result();
}

/** Rows per batch, and the body bytes after which a batch is checked anyway (keeps a batch's hashing to a few ms). */
const BATCH_ROWS = 256;
const BATCH_BYTES = 4 * 1024 * 1024;

/** Rows of one block waiting to be checked together; `leaderOf[i]` is the first row in the batch with row i's span. */
class SpanBatch {
  readonly rows: BodyIndexRow[] = [];
  readonly leaderOf: number[] = [];
  private bytes = 0;
  /** The first row in the batch at each body_offset; `sameOffsetNext[i]`: the next leader at row i's offset, or -1. */
  private readonly firstAt = new Map<number, number>();
  private readonly sameOffsetNext: number[] = [];
  constructor(private readonly blockOffset: number) {}

  push(row: BodyIndexRow): void {
    const i = this.rows.length;
    this.rows.push(row);
    let leader = i;
    this.sameOffsetNext.push(-1);
    if (row.blockOffset === this.blockOffset && row.bodyOffset !== null) {
      let j = this.firstAt.get(row.bodyOffset) ?? -1;
      if (j < 0) this.firstAt.set(row.bodyOffset, i);
      // Walk the leaders at this offset (rarely more than one): the row follows the one with its span, else it leads.
      for (; j >= 0; j = this.sameOffsetNext[j]!) {
        if (sameSpan(this.rows[j]!, row)) {
          leader = j;
          break;
        }
        if (this.sameOffsetNext[j]! < 0) {
          this.sameOffsetNext[j] = i;
          break;
        }
      }
    }
    this.leaderOf.push(leader);
    if (leader === i) this.bytes += row.bodyLen;
  }

  full(): boolean {
    return this.rows.length >= BATCH_ROWS || this.bytes >= BATCH_BYTES;
  }

  /** Verdicts of the leaders (followers' slots are left unset). */
  check(checkMany: NonNullable<VerifyBlocksInput['archive']['checkBodies']>, block: BlockRow): BodyCheckResult[] {
    const leaders = this.rows.filter((_, i) => this.leaderOf[i] === i);
    const got: BodyCheckResult[] = new Array<BodyCheckResult>(leaders.length);
    checkMany(leaders, block, got);
    const results: BodyCheckResult[] = new Array<BodyCheckResult>(this.rows.length);
    let k = 0;
    for (let i = 0; i < this.rows.length; i++) if (this.leaderOf[i] === i) results[i] = got[k++]!;
    return results;
  }

  clear(): void {
    this.rows.length = 0;
    this.leaderOf.length = 0;
    this.sameOffsetNext.length = 0;
    this.bytes = 0;
    this.firstAt.clear();
  }
}

/**
 * The spans of one block that verified, by (body_offset, body_len, body_hash). Keyed by offset, a number, so the
 * lookup done for every row builds no key text. A row naming another block never matches: its own check fails it.
 */
const MAX_REMEMBERED_SPANS = 50_000;

class VerifiedSpans {
  /**
   * The verified row itself stands for its span (it carries offset, length and hash): one per offset, more only when
   * rows name one offset with different lengths or hashes. Nothing new is made per row (a span object and an array
   * per body were young-generation garbage that lived to the block's end).
   */
  private readonly byOffset = new Map<number, BodyIndexRow | BodyIndexRow[]>();
  constructor(private readonly blockOffset: number) {}

  has(row: BodyIndexRow): boolean {
    if (row.blockOffset !== this.blockOffset || row.bodyOffset === null) return false;
    const seen = this.byOffset.get(row.bodyOffset);
    if (seen === undefined) return false;
    if (!Array.isArray(seen)) return sameSpan(seen, row);
    return seen.some((s) => sameSpan(s, row));
  }

  add(row: BodyIndexRow): void {
    if (row.blockOffset !== this.blockOffset || row.bodyOffset === null) return;
    // Bounded, so a block named by millions of rows (zero-length bodies can be any number) cannot grow the worker's
    // heap: past the cap further spans are simply hashed again, which is slower and just as correct.
    if (this.byOffset.size >= MAX_REMEMBERED_SPANS) return;
    const seen = this.byOffset.get(row.bodyOffset);
    if (seen === undefined) this.byOffset.set(row.bodyOffset, row);
    else if (Array.isArray(seen)) seen.push(row);
    else this.byOffset.set(row.bodyOffset, [seen, row]);
  }
}

const sameSpan = (a: BodyIndexRow, b: BodyIndexRow): boolean => a.bodyLen === b.bodyLen && a.bodyHash === b.bodyHash;

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
