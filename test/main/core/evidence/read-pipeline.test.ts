import { describe, expect, it } from 'vitest';
import { pipelineBuffers, pipelineRead } from '../../../../src/main/core/evidence/read-pipeline.js';

/** A file of `size` bytes (byte i = i mod 251) read through `read`, with short reads every third call. */
function source(size: number) {
  const bytes = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
  let calls = 0;
  return {
    bytes,
    read: async (buffer: Buffer, position: number): Promise<number> => {
      calls += 1;
      await new Promise((r) => setImmediate(r));
      const want = calls % 3 === 0 ? Math.max(1, buffer.length >> 1) : buffer.length;
      const n = Math.max(0, Math.min(want, size - position));
      bytes.copy(buffer, 0, position, position + n);
      return n;
    },
  };
}

describe('pipelineRead', () => {
  it('hands every byte over once, in order, with the right positions, also with short reads and slow writes', async () => {
    const src = source(10_000);
    const seen: number[] = [];
    const copy = Buffer.alloc(10_000);
    let expected = 0;
    const total = await pipelineRead(
      src.read,
      (chunk, position) => {
        expect(position).toBe(expected);
        expected += chunk.length;
        seen.push(...chunk);
        // The write happens later; the buffer must not be reused before it lands.
        const snapshot = Buffer.from(chunk);
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            expect(chunk.equals(snapshot)).toBe(true);
            chunk.copy(copy, position);
            resolve();
          }, 2),
        );
      },
      pipelineBuffers(512),
    );
    expect(total).toBe(10_000);
    expect(Buffer.from(seen).equals(src.bytes)).toBe(true);
    expect(copy.equals(src.bytes)).toBe(true);
  });

  it('fails with the write error and lets reads in flight settle first', async () => {
    const src = source(8192);
    let inFlight = 0;
    const read = async (b: Buffer, p: number): Promise<number> => {
      inFlight += 1;
      try {
        return await src.read(b, p);
      } finally {
        inFlight -= 1;
      }
    };
    await expect(
      pipelineRead(
        read,
        (_chunk, position) => (position === 1024 ? Promise.reject(new Error('disk full')) : undefined),
        pipelineBuffers(512),
      ),
    ).rejects.toThrow('disk full');
    expect(inFlight).toBe(0);
  });

  it('reads an empty file as zero bytes without calling the consumer', async () => {
    let called = false;
    expect(
      await pipelineRead(
        async () => 0,
        () => {
          called = true;
          return undefined;
        },
      ),
    ).toBe(0);
    expect(called).toBe(false);
  });
});
