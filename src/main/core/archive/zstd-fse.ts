/**
 * FSE tables of zstd's sequence section (RFC 8878 §4.1): reading a table description, the predefined
 * distributions, and the decoding table built from either. Used by zstd-sequences.ts to check a block's
 * sequences before any decoder runs; nothing here decodes literals or executes matches.
 */

/** One decoding table: per state, the symbol it emits and how to reach the next state. */
export interface FseTable {
  readonly log: number;
  readonly symbol: Uint8Array;
  readonly bits: Uint8Array;
  readonly base: Uint16Array;
}

/** Reads bits forward, least significant first (table descriptions). Bytes past the end read as zero. */
class ForwardBits {
  pos = 0;
  constructor(private readonly bytes: Uint8Array) {}
  read(n: number): number {
    let v = 0;
    for (let k = 0; k < n; k++, this.pos++) v |= (((this.bytes[this.pos >> 3] ?? 0) >> (this.pos & 7)) & 1) << k;
    return v;
  }
  peek(n: number): number {
    const at = this.pos;
    const v = this.read(n);
    this.pos = at;
    return v;
  }
}

const highBit = (v: number): number => 31 - Math.clz32(v);

/** Builds the decoding table of a normalized distribution (-1 = "less than 1"); null if the counts are invalid. */
export function buildFseTable(norm: readonly number[], log: number): FseTable | null {
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  const base = new Uint16Array(size);
  const next = new Array<number>(norm.length).fill(0);
  let high = size - 1;
  for (let s = 0; s < norm.length; s++) {
    const c = norm[s] ?? 0;
    if (c === -1) {
      symbol[high--] = s;
      next[s] = 1;
    } else next[s] = c;
  }
  const step = (size >> 1) + (size >> 3) + 3;
  let pos = 0;
  for (let s = 0; s < norm.length; s++) {
    for (let i = 0; i < (norm[s] ?? 0); i++) {
      symbol[pos] = s;
      do pos = (pos + step) & (size - 1);
      while (pos > high);
    }
  }
  if (pos !== 0) return null;
  for (let u = 0; u < size; u++) {
    const s = symbol[u] ?? 0;
    const n = next[s]!++;
    const nb = log - highBit(n);
    bits[u] = nb;
    base[u] = (n << nb) - size;
  }
  return { log, symbol, bits, base };
}

/**
 * Reads an FSE table description at `at` (RFC 8878 §4.1.1). Returns the table and the bytes it used, or a reason.
 * `maxLog` / `maxSymbol`: 9/35 literal lengths, 8/31 offsets, 9/52 match lengths.
 */
export function readFseTable(bytes: Uint8Array, at: number, maxLog: number, maxSymbol: number): { table: FseTable; used: number } | string {
  const r = new ForwardBits(bytes.subarray(at));
  const log = r.read(4) + 5;
  if (log > maxLog) return `an FSE table has accuracy log ${log}, above the maximum ${maxLog}`;
  let remaining = (1 << log) + 1;
  let threshold = 1 << log;
  let nbBits = log + 1;
  const norm: number[] = [];
  while (remaining > 1) {
    if (norm.length > maxSymbol) return `an FSE table describes more than ${maxSymbol + 1} symbols`;
    const max = 2 * threshold - 1 - remaining;
    let count: number;
    if (r.peek(nbBits - 1) < max) count = r.read(nbBits - 1);
    else {
      count = r.read(nbBits);
      if (count >= threshold) count -= max;
    }
    count--;
    remaining -= Math.abs(count);
    norm.push(count);
    if (count === 0) {
      // Zero-probability symbols are followed by 2-bit repeat flags (3 = three more zeros, and read again).
      for (;;) {
        const repeat = r.read(2);
        for (let k = 0; k < repeat; k++) norm.push(0);
        if (repeat !== 3) break;
        if (norm.length > maxSymbol + 1) return `an FSE table describes more than ${maxSymbol + 1} symbols`;
      }
    }
    while (remaining < threshold && threshold > 1) {
      nbBits--;
      threshold >>= 1;
    }
  }
  if (remaining !== 1 || norm.length > maxSymbol + 1) return 'an FSE table description is malformed';
  const used = (r.pos + 7) >> 3;
  if (at + used > bytes.length) return 'an FSE table description runs past the end of its block';
  const table = buildFseTable(norm, log);
  return table ? { table, used } : 'an FSE table description does not spread over its table';
}

/** A one-symbol table (RLE mode): every state emits `symbol` and reads no bits. */
export function rleTable(symbol: number): FseTable {
  return { log: 0, symbol: Uint8Array.of(symbol), bits: Uint8Array.of(0), base: Uint16Array.of(0) };
}

// Predefined distributions (RFC 8878 §3.1.1.3.2.2).
const LL_DEFAULT = [4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1];
const ML_DEFAULT = [1, 4, 3, 2, 2, 2, 2, 2, 2, ...new Array<number>(37).fill(1), ...new Array<number>(7).fill(-1)];
const OF_DEFAULT = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1];

export const PREDEFINED = {
  ll: buildFseTable(LL_DEFAULT, 6)!,
  of: buildFseTable(OF_DEFAULT, 5)!,
  ml: buildFseTable(ML_DEFAULT, 6)!,
} as const;
