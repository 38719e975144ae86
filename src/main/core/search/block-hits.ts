// Where a fixed byte string occurs in one block's verified raw bytes, found once for the whole block and handed to
// each body as the occurrences inside its span. A block's bodies are searched with a handful of long scans instead of
// one call per body (325k calls per GiB cost more than the scanning itself), and rows sharing a span (an HTTP body and
// its model call's; 1.7 GiB of bodies over 1 GiB of raw bytes) are scanned once. Every occurrence is kept, overlapping
// ones too, so each body gets exactly what scanning it alone would find (its own non-overlapping matches).
//
// Only bytes the block cursor has verified are read: a row reaches here only once it verified, and a cursor verifies
// a prefix, so raw[0, end of that row) is verified. Scanning extends as rows further into the block arrive.

const NONE: readonly number[] = Object.freeze([]);

/** Above this many occurrences in one block (a needle like "aa" in a run of "a"), bodies are scanned one by one. */
const MAX_POSITIONS = 1 << 20;

export class BlockHits {
  private key = -1;
  private positions: number[] = [];
  private scannedTo = 0;
  private overflowed = false;

  constructor(private readonly needle: Buffer) {}

  /**
   * The body's matches (offsets within it, non-overlapping, in order), or null when this block has too many
   * occurrences to keep (then the caller scans the body alone). `blockKey` names the block (its block_offset).
   */
  inBody(raw: Uint8Array, start: number, len: number, blockKey: number, verifiedEnd = start + len): readonly number[] | null {
    if (blockKey !== this.key) this.reset(blockKey);
    if (this.overflowed) return null;
    const end = start + len;
    // Scanned as far as raw is verified, not just to this body's end: rows arrive in offset order, so scanning to each
    // row's end was one call (and one Buffer view) per body again; this is one per verified stretch (a segment or more).
    if (end > this.scannedTo && !this.scan(raw, Math.max(end, verifiedEnd))) return null;
    const m = this.needle.length;
    let out: number[] | null = null;
    let next = start;
    for (let i = lowerBound(this.positions, start); i < this.positions.length; i++) {
      const p = this.positions[i]!;
      if (p + m > end) break;
      if (p < next) continue;
      (out ??= []).push(p - start);
      next = p + m;
    }
    return out ?? NONE;
  }

  private reset(key: number): void {
    this.key = key;
    this.positions = [];
    this.scannedTo = 0;
    this.overflowed = false;
  }

  /** Finds every occurrence ending at or before `end` not found yet; false once there are too many to keep. */
  private scan(raw: Uint8Array, end: number): boolean {
    const m = this.needle.length;
    const from = Math.max(0, this.scannedTo - m + 1);
    const hay = Buffer.from(raw.buffer, raw.byteOffset + from, end - from);
    for (let at = hay.indexOf(this.needle, 0); at >= 0; at = hay.indexOf(this.needle, at + 1)) {
      this.positions.push(from + at);
      if (this.positions.length > MAX_POSITIONS) {
        this.overflowed = true;
        this.positions = [];
        return false;
      }
    }
    this.scannedTo = end;
    return true;
  }
}

/** The first index whose value is >= x (positions are ascending). */
function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
