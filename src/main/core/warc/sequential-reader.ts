/**
 * Reads a file front to back in pieces of caller-chosen lengths through one reused buffer (4 MiB, grown only for a
 * piece larger than that), so the re-read's memory is bounded by the largest record, not by the file.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 4 << 20;

export class SequentialReader {
  private readonly fd: number;
  private buffer = Buffer.allocUnsafe(CHUNK);
  private start = 0;
  private end = 0;
  private eof = false;
  private consumed = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'r');
  }

  /** Bytes handed out so far. */
  get offset(): number {
    return this.consumed;
  }

  /**
   * The next `length` bytes, or fewer when the file ends first. The view is valid until the next call.
   */
  take(length: number): Buffer {
    if (this.end - this.start < length && !this.eof) this.fill(length);
    const n = Math.min(length, this.end - this.start);
    const view = this.buffer.subarray(this.start, this.start + n);
    this.start += n;
    this.consumed += n;
    return view;
  }

  private fill(length: number): void {
    const held = this.end - this.start;
    if (this.buffer.length < length) {
      const bigger = Buffer.allocUnsafe(Math.max(length, CHUNK));
      this.buffer.copy(bigger, 0, this.start, this.end);
      this.buffer = bigger;
    } else {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
    }
    this.start = 0;
    this.end = held;
    // Read until the piece is whole or the buffer is full (whichever is more), or the file ends.
    while (this.end < length || (this.end < this.buffer.length && this.end < CHUNK)) {
      const n = readSync(this.fd, this.buffer, this.end, this.buffer.length - this.end, null);
      if (n === 0) {
        this.eof = true;
        return;
      }
      this.end += n;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
