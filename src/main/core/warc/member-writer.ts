/**
 * Writes records as one gzip member each (zlib level 6, an independent encoder per record: nothing spans
 * members, so a reader can seek to any record) and notes each record's fingerprint and lengths in the plan.
 *
 * With compression workers, records are serialised here and gzipped in batches on worker threads while the caller
 * reads the next bodies; batches come back and are appended strictly in record order. Memory stays bounded: at most
 * MAX_IN_FLIGHT batches of about BATCH_BYTES (or one larger record) are out at a time. Without workers (small
 * exports, where starting a thread costs more than it saves) each record is gzipped in this thread. Both paths
 * produce the same bytes.
 */
import { gzipSync } from 'node:zlib';
import { DeflatePool } from './deflate-pool.js';
import { canonicalHeaderText, fingerprint, RecordPlan } from './record-plan.js';
import { recordHeaders, serialiseRecordParts, type WarcRecordSpec } from './record-bytes.js';
import type { TempOutput } from './temp-output.js';
import type { ExportTestHooks } from './types.js';

const LEVEL = 6;
const BATCH_BYTES = 1 << 20;
const BATCH_RECORDS = 512;

/** What the plan needs of a record once its member is written; the record bytes themselves are not kept. */
interface Planned {
  readonly recordId: string;
  readonly headerText: string;
  readonly recordBytes: number;
  readonly blockBytes: number;
}

interface InFlight {
  readonly entries: readonly Planned[];
  readonly result: ReturnType<DeflatePool['compress']>;
}

export class MemberWriter {
  readonly plan = new RecordPlan();
  private blockBytesWritten = 0;
  private submitted = 0;
  private readonly pool: DeflatePool | null;
  private readonly maxInFlight: number;
  private batch: Planned[] = [];
  private batchLengths: number[] = [];
  private batchBuffer: Uint8Array | null = null;
  private batchBytes = 0;
  private readonly inFlight: InFlight[] = [];

  constructor(
    private readonly output: TempOutput,
    private readonly hooks: ExportTestHooks = {},
    /** gzip worker threads; 0 gzips in this thread. */
    workers = 0,
  ) {
    this.pool = workers > 0 ? new DeflatePool(workers, LEVEL) : null;
    // Two batches per worker keep each busy while the previous result is being written.
    this.maxInFlight = Math.max(2, 2 * workers);
  }

  get blockBytes(): number {
    return this.blockBytesWritten;
  }

  /**
   * Serialises one record and queues it; resolves when there is room for the next one (with workers, possibly
   * before this record reaches the file — finish() waits for all of them). The plan entry comes from the spec,
   * not from the bytes.
   */
  async write(spec: WarcRecordSpec): Promise<void> {
    const index = this.submitted++;
    let parts: Uint8Array[] = serialiseRecordParts(spec);
    const recordBytes = parts.reduce((n, p) => n + p.byteLength, 0);
    const planned: Planned = {
      recordId: spec.recordId,
      headerText: canonicalHeaderText('WARC/1.1', recordHeaders(spec)),
      recordBytes,
      blockBytes: spec.type === 'resource' ? spec.block.byteLength : 0,
    };
    if (this.hooks.alterRecord) parts = [this.hooks.alterRecord(index, Buffer.concat(parts))];
    if (!this.pool) {
      const member = gzipSync(Buffer.concat(parts), { level: LEVEL });
      this.output.write(member);
      await this.noteWritten([planned], [member.byteLength]);
      return;
    }
    // Copied now: a body may be a view into a buffer the archive reader reuses for the next block.
    const bytes = parts.reduce((n, p) => n + p.byteLength, 0);
    if (this.batchBuffer && this.batchBytes + bytes > this.batchBuffer.byteLength) await this.dispatch();
    this.batchBuffer ??= new Uint8Array(new ArrayBuffer(Math.max(BATCH_BYTES, bytes)));
    for (const part of parts) {
      this.batchBuffer.set(part, this.batchBytes);
      this.batchBytes += part.byteLength;
    }
    this.batch.push(planned);
    this.batchLengths.push(bytes);
    if (this.batchBytes >= BATCH_BYTES || this.batch.length >= BATCH_RECORDS) await this.dispatch();
  }

  /** Every queued record written, in order. */
  async finish(): Promise<void> {
    await this.dispatch();
    while (this.inFlight.length > 0) await this.writeOldest();
  }

  /** Stops the workers (after finish, or to abandon the export). Idempotent. */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  private async dispatch(): Promise<void> {
    if (!this.pool || !this.batchBuffer || this.batch.length === 0) return;
    const result = this.pool.compress(this.batchBuffer.buffer as ArrayBuffer, this.batchLengths);
    this.inFlight.push({ entries: this.batch, result });
    this.batch = [];
    this.batchLengths = [];
    this.batchBuffer = null;
    this.batchBytes = 0;
    while (this.inFlight.length > this.maxInFlight) await this.writeOldest();
  }

  private async writeOldest(): Promise<void> {
    const head = this.inFlight.shift()!;
    const outcome = await head.result;
    if (!outcome.ok) throw outcome.error;
    const { members, sizes } = outcome.value;
    if (sizes.length !== head.entries.length)
      throw new Error(`gzip worker returned ${sizes.length} members for ${head.entries.length} records`);
    this.output.write(members);
    await this.noteWritten(head.entries, sizes);
  }

  /** Plan entries for members just appended back to back (member offsets follow from their sizes). */
  private async noteWritten(entries: readonly Planned[], sizes: readonly number[]): Promise<void> {
    let offset = this.output.bytesWritten - sizes.reduce((a, b) => a + b, 0);
    for (let i = 0; i < entries.length; i += 1) {
      const e = entries[i]!;
      const index = this.plan.count;
      this.plan.add(e.recordId, fingerprint(offset, e.headerText), sizes[i]!, e.recordBytes);
      offset += sizes[i]!;
      this.blockBytesWritten += e.blockBytes;
      await this.hooks.afterMember?.(index, this.output.path);
    }
  }
}
