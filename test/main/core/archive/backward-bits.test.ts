// The word-at-a-time backward bit reader gives exactly what reading one bit at a time gives (RFC 8878 §4.1),
// for every read size the sequence check uses (0..31) and past the start of the stream.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BackwardBits } from '../../../../src/main/core/archive/backward-bits.js';

/** The plain definition: start below the end marker, take n bits below the position, least significant first. */
function reference(bytes: Uint8Array): { read(n: number): number; overflow: boolean } {
  const last = bytes[bytes.length - 1] ?? 0;
  let pos = last === 0 ? 0 : (bytes.length - 1) * 8 + (31 - Math.clz32(last));
  const state = {
    overflow: false,
    read(n: number): number {
      if (n === 0) return 0;
      if (pos < n) {
        state.overflow = true;
        pos = 0;
        return 0;
      }
      let v = 0;
      for (let k = 0; k < n; k++) {
        const p = pos - n + k;
        v += (((bytes[p >> 3] ?? 0) >> (p & 7)) & 1) * 2 ** k;
      }
      pos -= n;
      return v;
    },
  };
  return state;
}

describe('BackwardBits', () => {
  it('reads known values from a hand-made stream', () => {
    // 0b1_0110_1001: end marker at bit 8 of a two-byte stream 0x69 0x01.
    const r = new BackwardBits(Uint8Array.of(0x69, 0x01));
    expect(r.read(4)).toBe(0b0110);
    expect(r.read(3)).toBe(0b100);
    expect(r.read(1)).toBe(1);
    expect(r.overflow).toBe(false);
    expect(r.read(1)).toBe(0);
    expect(r.overflow).toBe(true);
  });

  it('matches the bit-at-a-time definition for any stream and any reads and skips', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        fc.array(fc.record({ n: fc.integer({ min: 0, max: 31 }), skip: fc.boolean() }), { maxLength: 60 }),
        (bytes, reads) => {
          const fast = new BackwardBits(bytes);
          const slow = reference(bytes);
          for (const { n, skip } of reads) {
            const want = slow.read(n);
            if (skip) fast.skip(n);
            else expect(fast.read(n)).toBe(want);
            expect(fast.overflow).toBe(slow.overflow);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
