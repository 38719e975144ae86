/**
 * The plan the re-read is checked against: per record a 16-byte fingerprint taken from what the export meant to
 * write (type, id, URI, date, digest of the block, length, gzip member offset), never from the bytes it wrote,
 * plus the length of its gzip member and of the record inside it. The re-read carves the file at the planned
 * member lengths and proves each piece is exactly one gzip member holding exactly one record; a file whose members
 * lie elsewhere fails there. 24 bytes a record keep memory small for any session (a million bodies: 24 MB).
 */
import { createHash } from 'node:crypto';
import { InspectorError } from '../../../shared/errors.js';

const FINGERPRINT_BYTES = 16;
const U32_MAX = 0xffff_ffff;

/** Header lines as a reader sees them: values trimmed, empty values absent (warcio drops those). */
export function canonicalHeaderText(versionLine: string, headers: Iterable<readonly [string, string]>): string {
  let text = `${versionLine.trim()}\n`;
  for (const [name, value] of headers) {
    const trimmed = value.trim();
    if (trimmed !== '') text += `${name}:${trimmed}\n`;
  }
  return text;
}

export function fingerprint(memberOffset: number, headerText: string): Buffer {
  return createHash('sha256').update(`${memberOffset}\n${headerText}`, 'utf8').digest().subarray(0, FINGERPRINT_BYTES);
}

export class RecordPlan {
  private prints = Buffer.alloc(FINGERPRINT_BYTES * 1024);
  private memberLengths = new Uint32Array(1024);
  private recordLengths = new Uint32Array(1024);
  private recordCount = 0;
  /** Record ids kept only for the first records, to name a mismatch without holding every id in memory. */
  private readonly ids: string[] = [];

  get count(): number {
    return this.recordCount;
  }

  /** `memberBytes`: the gzip member as written; `recordBytes`: the uncompressed record inside it. */
  add(recordId: string, print: Buffer, memberBytes: number, recordBytes: number): void {
    for (const n of [memberBytes, recordBytes]) {
      if (!Number.isSafeInteger(n) || n < 0 || n > U32_MAX)
        throw new InspectorError(
          'EXPORT_FAILED',
          `record ${recordId}: a record or gzip member of ${n} bytes is larger than the export handles (4 GiB)`,
        );
    }
    const index = this.recordCount;
    if (index === this.memberLengths.length) this.grow();
    print.copy(this.prints, index * FINGERPRINT_BYTES, 0, FINGERPRINT_BYTES);
    this.memberLengths[index] = memberBytes;
    this.recordLengths[index] = recordBytes;
    if (this.ids.length < 64) this.ids.push(recordId);
    this.recordCount += 1;
  }

  private grow(): void {
    const prints = Buffer.alloc(this.prints.length * 2);
    this.prints.copy(prints);
    this.prints = prints;
    const members = new Uint32Array(this.memberLengths.length * 2);
    members.set(this.memberLengths);
    this.memberLengths = members;
    const records = new Uint32Array(this.recordLengths.length * 2);
    records.set(this.recordLengths);
    this.recordLengths = records;
  }

  matches(index: number, print: Buffer): boolean {
    if (index < 0 || index >= this.recordCount) return false;
    const at = index * FINGERPRINT_BYTES;
    return this.prints.subarray(at, at + FINGERPRINT_BYTES).equals(print.subarray(0, FINGERPRINT_BYTES));
  }

  memberBytesAt(index: number): number {
    return this.memberLengths[index]!;
  }

  recordBytesAt(index: number): number {
    return this.recordLengths[index]!;
  }

  /** The planned id of record `index` when it was kept, else a placeholder naming the position. */
  idAt(index: number): string {
    return this.ids[index] ?? `record #${index}`;
  }
}
