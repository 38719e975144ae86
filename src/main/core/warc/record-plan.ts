/**
 * The plan the re-read is checked against: one 16-byte fingerprint per record, taken from what the export meant to
 * write (type, id, URI, date, digest of the block, length, gzip member offset), never from the bytes it wrote.
 * 16 bytes a record keeps memory small for any session (a million bodies: 16 MiB).
 */
import { createHash } from 'node:crypto';

const FINGERPRINT_BYTES = 16;

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
  private buffer = Buffer.alloc(FINGERPRINT_BYTES * 1024);
  private recordCount = 0;
  /** Record ids kept only for the first records, to name a mismatch without holding every id in memory. */
  private readonly ids: string[] = [];

  get count(): number {
    return this.recordCount;
  }

  add(recordId: string, print: Buffer): void {
    const at = this.recordCount * FINGERPRINT_BYTES;
    if (at + FINGERPRINT_BYTES > this.buffer.length) {
      const grown = Buffer.alloc(this.buffer.length * 2);
      this.buffer.copy(grown);
      this.buffer = grown;
    }
    print.copy(this.buffer, at, 0, FINGERPRINT_BYTES);
    if (this.ids.length < 64) this.ids.push(recordId);
    this.recordCount += 1;
  }

  matches(index: number, print: Buffer): boolean {
    if (index < 0 || index >= this.recordCount) return false;
    const at = index * FINGERPRINT_BYTES;
    return this.buffer.subarray(at, at + FINGERPRINT_BYTES).equals(print.subarray(0, FINGERPRINT_BYTES));
  }

  /** The planned id of record `index` when it was kept, else a placeholder naming the position. */
  idAt(index: number): string {
    return this.ids[index] ?? `record #${index}`;
  }
}
