// The two BLAKE3 paths (our Node-API binding over the C library, and hash-wasm when the binding is missing) must give
// the same digests on every length (the C library switches SIMD paths at 64 B chunks and 1 KiB chunks), one-shot and
// streamed, and b3sum's.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  allowNativeBlake3,
  blake3Backend,
  blake3Hex,
  blake3Spans,
  createBlake3Stream,
  initBlake3,
  loadNativeBlake3,
} from '../../../../src/main/core/archive/blake3.js';

beforeAll(async () => {
  await initBlake3();
});
afterEach(() => allowNativeBlake3(true));

const bytesOf = (n: number, seed: number): Uint8Array => {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
};
const LENGTHS = [0, 1, 63, 64, 65, 1023, 1024, 1025, 4096, 16_383, 16_384, 16_385, 300_001, 1 << 20];
const hasB3sum = (() => {
  try {
    execFileSync('b3sum', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe('BLAKE3 backends', () => {
  it('loads the native binding on this machine (it is a dependency; a silent fall-back would hide a slow path)', () => {
    expect(loadNativeBlake3()).not.toBeNull();
    expect(blake3Backend()).toBe('native');
  });

  it('native and hash-wasm agree on every length, one-shot and streamed in uneven pieces', async () => {
    for (const [i, n] of LENGTHS.entries()) {
      const bytes = bytesOf(n, i + 1);
      allowNativeBlake3(true);
      const mixed = blake3Hex(bytes);
      const nativeStream = await createBlake3Stream();
      for (let at = 0; at < n; at += 7777) nativeStream.update(bytes.subarray(at, at + 7777));
      allowNativeBlake3(false);
      await initBlake3();
      expect(blake3Backend()).toBe('hash-wasm');
      const wasm = blake3Hex(bytes);
      const wasmStream = await createBlake3Stream();
      wasmStream.update(bytes);
      expect(mixed, `length ${n}`).toBe(wasm);
      expect(nativeStream.digestHex(), `native stream, length ${n}`).toBe(wasm);
      expect(wasmStream.digestHex(), `wasm stream, length ${n}`).toBe(wasm);
    }
  });

  it('a stream starts over after each digest', async () => {
    const s = await createBlake3Stream();
    s.update(bytesOf(50_000, 9));
    s.digestHex();
    s.update(bytesOf(20_000, 3));
    expect(s.digestHex()).toBe(blake3Hex(bytesOf(20_000, 3)));
  });

  it('refuses arguments that are not what the C side expects, instead of reading or writing out of bounds', () => {
    const native = loadNativeBlake3()!;
    const out = new Uint8Array(32);
    expect(() => native.hashInto('abc' as unknown as Uint8Array, out, 0)).toThrow(/input must be a Uint8Array/);
    expect(() => native.hashInto(new Uint8Array(4), new Uint8Array(40), 9)).toThrow(/no 32 bytes at offset/);
    expect(() => native.hashInto(new Uint8Array(4), out, -1)).toThrow(/no 32 bytes at offset/);
    expect(() => native.init(new Uint8Array(native.STATE_BYTES - 1))).toThrow(/STATE_BYTES/);
    expect(() => native.init(new Uint8Array(new ArrayBuffer(native.STATE_BYTES + 8), 1, native.STATE_BYTES))).toThrow(/aligned/);
  });

  it('hashes many spans of one buffer side by side with the same digests as one by one, natively and in the fall-back', () => {
    const buffer = bytesOf(200_000, 5);
    // Every length class the batched path treats apart: one chunk or less (ordinary hasher), 2-32 chunks full or with
    // a partial last chunk (lanes), and past 32 chunks (ordinary hasher); 70 spans, so a group of 64 is followed by more.
    const lengths = [
      0, 1, 1023, 1024, 1025, 2047, 2048, 2049, 3000, 4096, 5121, 8191, 16_384, 16_385, 31_744, 32_767, 32_768, 32_769, 40_000, 70_000,
    ];
    const pairs: number[] = [];
    for (let i = 0; i < 70; i++) {
      const len = lengths[i % lengths.length]!;
      pairs.push((i * 7919) % (buffer.length - len), len);
    }
    const spans = Uint32Array.from(pairs);
    const expected = pairs.flatMap((_, i) => (i % 2 ? [] : [blake3Hex(buffer.subarray(pairs[i]!, pairs[i]! + pairs[i + 1]!))]));
    const hexOf = (out: Uint8Array): string[] =>
      Array.from({ length: out.length / 32 }, (_, i) => Buffer.from(out.subarray(32 * i, 32 * i + 32)).toString('hex'));
    const native = new Uint8Array(32 * 70);
    blake3Spans(buffer, spans, native);
    expect(hexOf(native)).toEqual(expected);
    allowNativeBlake3(false);
    const fallback = new Uint8Array(32 * 70);
    blake3Spans(buffer, spans, fallback);
    expect(hexOf(fallback)).toEqual(expected);
  });

  it('hashes full groups of spans of every chunk count the same as one by one (parents folded level by level)', () => {
    // 700 spans: two full groups of 256 and a partial one, so parents are folded 64 to a batch and across levels with an
    // odd node carried up; every chunk count from 2 to 33, with and without a partial last chunk.
    const buffer = bytesOf(1 << 20, 11);
    const n = 700;
    const spans = new Uint32Array(2 * n);
    for (let i = 0; i < n; i++) {
      const len = 1025 + ((i * 4099) % (33 * 1024));
      spans[2 * i] = (i * 104_729) % (buffer.length - len);
      spans[2 * i + 1] = len;
    }
    const out = new Uint8Array(32 * n);
    blake3Spans(buffer, spans, out);
    for (let i = 0; i < n; i++) {
      const want = blake3Hex(buffer.subarray(spans[2 * i]!, spans[2 * i]! + spans[2 * i + 1]!));
      expect(Buffer.from(out.subarray(32 * i, 32 * i + 32)).toString('hex'), `span ${i} of ${spans[2 * i + 1]} bytes`).toBe(want);
    }
  });

  it('refuses spans past the buffer, odd span lists and a short output, instead of reading or writing out of bounds', () => {
    const native = loadNativeBlake3()!;
    const buffer = new Uint8Array(4096);
    expect(() => native.hashSpans!(buffer, Uint32Array.of(4000, 97), new Uint8Array(32))).toThrow(/past the end of buffer/);
    expect(() => native.hashSpans!(buffer, Uint32Array.of(0xffffffff, 2), new Uint8Array(32))).toThrow(/past the end of buffer/);
    expect(() => native.hashSpans!(buffer, Uint32Array.of(0, 10, 5), new Uint8Array(64))).toThrow(/pairs/);
    expect(() => native.hashSpans!(buffer, Float64Array.of(0, 10) as unknown as Uint32Array, new Uint8Array(32))).toThrow(/pairs/);
    expect(() => native.hashSpans!(buffer, Uint32Array.of(0, 10, 20, 10), new Uint8Array(63))).toThrow(/32 bytes per span/);
  });

  it.skipIf(!hasB3sum)('matches b3sum', () => {
    for (const n of [16_383, 16_384, 1 << 20]) {
      const bytes = bytesOf(n, n);
      const reference = execFileSync('b3sum', ['--no-names'], { input: bytes }).toString().trim();
      expect(blake3Hex(bytes)).toBe(reference);
    }
  });
});
