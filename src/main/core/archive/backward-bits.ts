/**
 * Reads bits backward from the end of a zstd sequence bitstream (RFC 8878 §4.1): the last byte's highest set bit
 * is the end marker, and each read takes the n bits just below the position, least significant first. The
 * sequence check (zstd-sequences.ts) reads every sequence of every block through this, so a read is a few whole
 * byte loads, not a loop over bits: bit by bit, the check cost several times the native decode it guards (3.1 s of
 * a 4.5 s verification of 64 MiB).
 */
export class BackwardBits {
  private pos: number;
  /** Set once a read asked for more bits than were left; reads then return 0. */
  overflow = false;
  private readonly bytes: Uint8Array;
  /** Bytes before this index have 3 more after them, so a 32-bit load there needs no bounds checks. */
  private readonly fastEnd: number;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.fastEnd = bytes.length - 3;
    const last = bytes.length > 0 ? bytes[bytes.length - 1]! : 0;
    this.pos = last === 0 ? 0 : (bytes.length - 1) * 8 + (31 - Math.clz32(last));
  }

  /** The next n bits (0 ≤ n ≤ 32) below the position, as a non-negative number. */
  read(n: number): number {
    if (n === 0) return 0;
    const at = this.pos - n;
    if (at < 0) {
      this.overflow = true;
      this.pos = 0;
      return 0;
    }
    this.pos = at;
    if (n <= 24) return this.bitsAt(at, n);
    return this.bitsAt(at, 24) + this.bitsAt(at + 24, n - 24) * 0x1000000;
  }

  /** Drops n bits (offset extra bits the check does not need); same overflow rule as read. */
  skip(n: number): void {
    const at = this.pos - n;
    if (at < 0) {
      this.overflow = true;
      this.pos = 0;
    } else this.pos = at;
  }

  /** n ≤ 24 bits from bit `at`: with the shift (≤ 7) they fit one 32-bit word of 4 bytes. */
  private bitsAt(at: number, n: number): number {
    const i = at >> 3;
    const b = this.bytes;
    const word = i < this.fastEnd ? b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24) : this.tailWord(i);
    return (word >>> (at & 7)) & ((1 << n) - 1);
  }

  /** The last bytes: missing ones read as zero (they are above the position, so masked off anyway). */
  private tailWord(i: number): number {
    const b = this.bytes;
    let word = 0;
    for (let k = 3; k >= 0; k--) word = (word << 8) | (i + k < b.length ? b[i + k]! : 0);
    return word;
  }
}
