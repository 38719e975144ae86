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
    this.rare = UNCHOSEN;
  }

  /** Which needle byte leads this block's scan (rareByteIndex), chosen at its first stretch; UNCHOSEN until then. */
  private rare = UNCHOSEN;

  /** Finds every occurrence ending at or before `end` not found yet; false once there are too many to keep. */
  private scan(raw: Uint8Array, end: number): boolean {
    const m = this.needle.length;
    const from = Math.max(0, this.scannedTo - m + 1);
    const hay = Buffer.from(raw.buffer, raw.byteOffset + from, end - from);
    // Chosen from a stretch long enough to say which bytes are rare; shorter ones are scanned by indexOf meanwhile.
    if (this.rare === UNCHOSEN && hay.length >= MIN_SAMPLE_BYTES) this.rare = rareByteIndex(hay, this.needle);
    const keep = (at: number): boolean => {
      this.positions.push(from + at);
      if (this.positions.length <= MAX_POSITIONS) return true;
      this.overflowed = true;
      this.positions = [];
      return false;
    };
    if (this.rare >= 0) {
      if (!scanByRareByte(hay, this.needle, this.rare, keep)) return false;
    } else {
      for (let at = hay.indexOf(this.needle, 0); at >= 0; at = hay.indexOf(this.needle, at + 1)) if (!keep(at)) return false;
    }
    this.scannedTo = end;
    return true;
  }
}

const UNCHOSEN = -2;
/** Bytes of a stretch sampled to choose the leading byte, and the fewest worth choosing from. */
const SAMPLE_BYTES = 16 * 1024;
const MIN_SAMPLE_BYTES = 4 * 1024;
/**
 * Above this share of the sample, a needle byte is too common to lead: each candidate costs a check in JS (~15 ns),
 * and Buffer.indexOf (~0.7 ns a byte here) wins. Measured on the 1 GiB ledger's bodies for 'block_506': led by '6'
 * 5.1 GiB/s, '_' 3.1, 'b' 1.9, 'o' 1.0, against indexOf's 1.4.
 */
const MAX_LEAD_SHARE = 1 / 64;

/**
 * The index of the needle byte rarest in a sample of `hay` (the block's first stretch), or -1 when even that one is too
 * common to lead a scan (then Buffer.indexOf scans). Leading with a rare byte lets memchr (Buffer.indexOf of one byte)
 * skip most of the block: 3-4x the speed of Buffer.indexOf of the whole needle on JSON bodies.
 */
function rareByteIndex(hay: Uint8Array, needle: Uint8Array): number {
  if (needle.length < 2) return -1;
  const n = Math.min(hay.length, SAMPLE_BYTES);
  if (n === 0) return -1;
  const counts = new Uint32Array(256);
  for (let i = 0; i < n; i++) counts[hay[i]!]! += 1;
  let best = 0;
  for (let j = 1; j < needle.length; j++) if (counts[needle[j]!]! <= counts[needle[best]!]!) best = j;
  return counts[needle[best]!]! / n > MAX_LEAD_SHARE ? -1 : best;
}

/**
 * Every occurrence of `needle` in `hay` (overlapping ones too), in order, found by looking for its byte at `lead` and
 * checking the rest: each occurrence has that byte at its start + lead, so each is found exactly once, as indexOf would.
 */
function scanByRareByte(hay: Buffer, needle: Uint8Array, lead: number, keep: (at: number) => boolean): boolean {
  const m = needle.length;
  const byte = needle[lead]!;
  for (let at = hay.indexOf(byte, lead); at >= 0; at = hay.indexOf(byte, at + 1)) {
    const s = at - lead;
    if (s + m > hay.length) break;
    let i = 0;
    while (i < m && hay[s + i] === needle[i]) i++;
    if (i === m && !keep(s)) return false;
  }
  return true;
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
