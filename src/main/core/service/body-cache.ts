/**
 * Verified bodies, kept briefly so a scrolling view's windows do not re-read and re-hash the body each time.
 * Bounded by total bytes (a body is at most 10 MiB stored), least recently used out first.
 */
const DEFAULT_BUDGET = 64 * 1024 * 1024;

export class BodyCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;
  constructor(private readonly budget = DEFAULT_BUDGET) {}

  get(key: string): Uint8Array | undefined {
    const v = this.entries.get(key);
    if (v) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, value: Uint8Array): void {
    if (value.byteLength > this.budget) return;
    this.drop(key);
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [k] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.drop(k);
    }
  }

  /** Forget every body of one evidence (on close). */
  dropPrefix(prefix: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.drop(k);
  }

  private drop(key: string): void {
    const v = this.entries.get(key);
    if (!v) return;
    this.bytes -= v.byteLength;
    this.entries.delete(key);
  }
}
