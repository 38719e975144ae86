/**
 * Writes records as one gzip member each (zlib level 6, an independent encoder per record: nothing spans
 * members, so a reader can seek to any record) and notes each record's fingerprint in the plan.
 */
import { gzipSync } from 'node:zlib';
import { canonicalHeaderText, fingerprint, RecordPlan } from './record-plan.js';
import { recordHeaders, serialiseRecord, type WarcRecordSpec } from './record-bytes.js';
import type { TempOutput } from './temp-output.js';
import type { ExportTestHooks } from './types.js';

export class MemberWriter {
  readonly plan = new RecordPlan();
  private blockBytesWritten = 0;

  constructor(
    private readonly output: TempOutput,
    private readonly hooks: ExportTestHooks = {},
  ) {}

  get blockBytes(): number {
    return this.blockBytesWritten;
  }

  /** Serialises, compresses and appends one record. The plan entry comes from the spec, not from the bytes. */
  async write(spec: WarcRecordSpec): Promise<void> {
    const index = this.plan.count;
    const memberOffset = this.output.bytesWritten;
    let bytes: Uint8Array = serialiseRecord(spec);
    if (this.hooks.alterRecord) bytes = this.hooks.alterRecord(index, bytes);
    this.output.write(gzipSync(bytes, { level: 6 }));
    this.plan.add(spec.recordId, fingerprint(memberOffset, canonicalHeaderText('WARC/1.1', recordHeaders(spec))));
    if (spec.type === 'resource') this.blockBytesWritten += spec.block.byteLength;
    await this.hooks.afterMember?.(index, this.output.path);
  }
}
