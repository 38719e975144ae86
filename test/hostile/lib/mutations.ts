/**
 * Mutations of evidence bytes, as plain data so fast-check can generate and shrink them and the fuzzer can
 * draw them from a seeded PRNG; both apply them with the same function and record them with a crasher.
 */
export type Mutation =
  | { readonly op: 'xor'; readonly at: number; readonly mask: number }
  | { readonly op: 'set'; readonly at: number; readonly bytes: readonly number[] }
  | { readonly op: 'u32'; readonly at: number; readonly value: number }
  /** Big-endian, as SQLite stores its page numbers, sizes and counts. */
  | { readonly op: 'u32be'; readonly at: number; readonly value: number }
  | { readonly op: 'truncate'; readonly length: number }
  | { readonly op: 'delete'; readonly at: number; readonly length: number }
  | { readonly op: 'insert'; readonly at: number; readonly bytes: readonly number[] }
  | { readonly op: 'copy'; readonly from: number; readonly to: number; readonly length: number };

/**
 * Values a forged 32-bit length or offset likes to take: edges, caps of the format
 * (docs/formats/ledger-format.md#constants) and off-by-ones.
 */
export const INTERESTING_U32: readonly number[] = [
  0,
  1,
  2,
  7,
  8,
  51,
  52,
  53,
  80,
  255,
  256,
  0x7fff,
  0x8000,
  0xffff,
  0x10000,
  0x10001,
  16 * 1024 * 1024 - 1,
  16 * 1024 * 1024,
  16 * 1024 * 1024 + 1,
  16 * 1024 * 1024 + 65536,
  16 * 1024 * 1024 + 65537,
  10 * 1024 * 1024,
  0x7fffffff,
  0x80000000,
  0xfffffffe,
  0xffffffff,
];

/** Applies mutations in order; positions are taken modulo the current length so any drawn number is valid. */
export function applyMutations(input: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  let b = Uint8Array.from(input);
  for (const m of mutations) {
    const n = b.length;
    switch (m.op) {
      case 'xor':
        if (n > 0) b[m.at % n] = (b[m.at % n]! ^ (m.mask & 0xff || 1)) & 0xff;
        break;
      case 'set':
        for (let i = 0; i < m.bytes.length && n > 0; i++) b[(m.at + i) % n] = m.bytes[i]! & 0xff;
        break;
      case 'u32': {
        if (n < 4) break;
        const at = m.at % (n - 3);
        new DataView(b.buffer, b.byteOffset, b.byteLength).setUint32(at, m.value >>> 0, true);
        break;
      }
      case 'u32be': {
        if (n < 4) break;
        const at = m.at % (n - 3);
        new DataView(b.buffer, b.byteOffset, b.byteLength).setUint32(at, m.value >>> 0, false);
        break;
      }
      case 'truncate':
        b = b.slice(0, n === 0 ? 0 : m.length % n);
        break;
      case 'delete': {
        if (n === 0) break;
        const at = m.at % n;
        b = Uint8Array.from([...b.subarray(0, at), ...b.subarray(Math.min(n, at + m.length))]);
        break;
      }
      case 'insert': {
        const at = n === 0 ? 0 : m.at % (n + 1);
        b = Uint8Array.from([...b.subarray(0, at), ...m.bytes.map((x) => x & 0xff), ...b.subarray(at)]);
        break;
      }
      case 'copy': {
        if (n === 0) break;
        const from = m.from % n;
        const to = m.to % n;
        const len = Math.min(m.length, n - from, n - to);
        b.copyWithin(to, from, from + len);
        break;
      }
      default: {
        const never: never = m;
        throw new Error(`unknown mutation ${JSON.stringify(never)}`);
      }
    }
  }
  return b;
}

/** A small seeded generator (mulberry32) for the fuzzer; fast-check uses its own arbitraries instead. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
}

/**
 * Draws 1–4 mutations, biased to where parsers live: `hot` offsets (header fields, page headers, frame
 * headers) get half of them, with interesting 32-bit values for length forgeries.
 */
export function randomMutations(rng: Rng, size: number, hot: readonly number[], bigEndian = false): Mutation[] {
  const count = 1 + rng.int(4);
  const out: Mutation[] = [];
  const spot = (): number => (hot.length > 0 && rng.next() < 0.5 ? rng.pick(hot) + rng.int(4) : rng.int(Math.max(1, size)));
  for (let i = 0; i < count; i++) {
    switch (rng.int(8)) {
      case 0:
      case 1:
        out.push({ op: 'xor', at: spot(), mask: 1 + rng.int(255) });
        break;
      case 2:
        out.push({ op: 'set', at: spot(), bytes: Array.from({ length: 1 + rng.int(8) }, () => rng.int(256)) });
        break;
      case 3:
      case 4:
        out.push({
          op: bigEndian ? 'u32be' : 'u32',
          at: hot.length > 0 ? rng.pick(hot) : spot(),
          value: rng.next() < 0.8 ? rng.pick(INTERESTING_U32) : rng.int(2 ** 32),
        });
        break;
      case 5:
        out.push({ op: 'truncate', length: rng.int(Math.max(1, size)) });
        break;
      case 6:
        out.push(
          rng.next() < 0.5
            ? { op: 'delete', at: spot(), length: 1 + rng.int(64) }
            : { op: 'insert', at: spot(), bytes: Array.from({ length: 1 + rng.int(16) }, () => rng.int(256)) },
        );
        break;
      default:
        out.push({ op: 'copy', from: rng.int(Math.max(1, size)), to: spot(), length: 1 + rng.int(256) });
    }
  }
  return out;
}
