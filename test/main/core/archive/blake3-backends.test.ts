// The two BLAKE3 libraries (native C through Node-API for long inputs, hash-wasm for short ones) must give the
// same digests on every length, including both sides of the switch-over, the streaming form, and b3sum's.
import { execFileSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  NATIVE_MIN_BYTES, allowNativeBlake3, blake3Backend, blake3Hex, createBlake3Stream, initBlake3, loadNativeBlake3,
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
const LENGTHS = [0, 1, 63, 64, 65, 1023, 1024, 1025, 4096, NATIVE_MIN_BYTES - 1, NATIVE_MIN_BYTES, NATIVE_MIN_BYTES + 1, 300_001, 1 << 20];
const hasB3sum = (() => {
  try {
    execFileSync('b3sum', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe('BLAKE3 backends', () => {
  it('loads the native library on this machine (it is a dependency; a silent fall-back would hide a slow path)', () => {
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

  it.skipIf(!hasB3sum)('matches b3sum on both sides of the switch-over', () => {
    for (const n of [NATIVE_MIN_BYTES - 1, NATIVE_MIN_BYTES, 1 << 20]) {
      const bytes = bytesOf(n, n);
      const reference = execFileSync('b3sum', ['--no-names'], { input: bytes }).toString().trim();
      expect(blake3Hex(bytes)).toBe(reference);
    }
  });
});
