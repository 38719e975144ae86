// Block cursors reuse raw buffers, and the on-disk bytes they decode from, within one opened archive. A reused
// buffer still holds the previous block's bytes, so these tests make the previous block's bytes equal to what a
// damaged block would have produced: a damaged segment must fail, never serve the stale bytes, whatever the cache
// size, backend or codec.
import { describe, expect, it } from 'vitest';
import { RawBufferPool } from '../../../../src/main/core/archive/raw-buffer-pool.js';
import { loadZstdNapi } from '../../../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../../../src/main/core/archive/types.js';
import { open, readAll, summarise, writeArchive } from './helpers.js';
import { handArchive, segRaw, type HandBlock } from './hand-blocks.js';

const BACKENDS: ZstdBackendChoice[] = loadZstdNapi() ? ['fzstd', 'native'] : ['fzstd'];
const four = (): HandBlock['segments'] => [0, 1, 2, 3].map((i) => ({ raw: segRaw(i), final: i === 3 }));
const flipPayload = (p: Uint8Array): Uint8Array => {
  const c = Uint8Array.from(p);
  c[6] = (c[6] ?? 0) ^ 0x55;
  return c;
};

describe('RawBufferPool', () => {
  it('hands back the smallest idle buffer that fits, keeps at most its limit, allocates otherwise', () => {
    const pool = new RawBufferPool(2);
    const a = pool.take(100);
    const b = pool.take(300);
    const c = pool.take(200);
    pool.give(a);
    pool.give(b);
    pool.give(c); // three given, two kept: the largest (300 and 200)
    const d = pool.take(150);
    expect(d.buffer).toBe(c.buffer);
    expect(d.length).toBe(150);
    const e = pool.take(250);
    expect(e.buffer).toBe(b.buffer);
    const f = pool.take(50);
    expect(f.buffer).not.toBe(a.buffer); // dropped when the pool was full
    pool.give(d);
    pool.give(d); // the same buffer twice is kept once
    pool.take(10);
    expect(pool.take(10).buffer).not.toBe(d.buffer);
  });
});

describe.each(BACKENDS)('reused raw buffers never serve stale bytes (zstd backend %s)', (backend) => {
  it('an intact block, then the same bytes with segment 2 damaged, then both again', async () => {
    const damaged = four().map((s, i) => (i === 2 ? { ...s, payload: flipPayload } : s));
    const enc = await handArchive([
      { codec: 'zstd', segments: four() },
      { codec: 'zstd', segments: damaged },
      { codec: 'zstd', segments: four() },
    ]);
    const disk = writeArchive(enc);
    const want = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'FAIL', 'FAIL', 'ok', 'ok', 'ok', 'ok'];
    for (const cacheSize of [1, 2, 4]) {
      const archive = await open(disk, 2, backend, cacheSize);
      for (let pass = 0; pass < 3; pass++) {
        const got = summarise(readAll(archive, disk), disk.expected);
        const codes = enc.bodies.map((b) => got.get(`${b.key.eventId}/${b.key.sourceTable}/${b.key.direction}`) ?? 'missing');
        expect(
          codes.map((c) => (c === 'ok' ? 'ok' : ['SEGMENT_HASH_MISMATCH', 'DECODE_FAILED', 'DECODED_TOO_LARGE'].includes(c) ? 'FAIL' : c)),
        ).toEqual(want);
        // checkBody agrees, including on the damaged rows.
        for (const r of disk.rows) {
          const c = archive.checkBody!(r, disk.blocks.get(r.blockOffset ?? -1));
          expect(c.ok).toBe(got.get(`${r.eventId}/${r.sourceTable}/${r.direction}`) === 'ok');
        }
      }
      archive.close();
    }
  });
});

describe('reused disk buffers across codecs never serve stale bytes', () => {
  it('deflate and zstd blocks, damaged and intact, read in turn through a cache of one', async () => {
    const damagedZstd = four().map((s, i) => (i === 1 ? { ...s, payload: flipPayload } : s));
    const damagedDeflate = four().map((s, i) => (i === 3 ? { ...s, payload: flipPayload } : s));
    const enc = await handArchive([
      { codec: 'deflate', segments: four() },
      { codec: 'zstd', segments: damagedZstd },
      { codec: 'deflate', segments: damagedDeflate },
      { codec: 'zstd', segments: four() },
      { codec: 'deflate', segments: four() },
    ]);
    const disk = writeArchive(enc);
    const want = [
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'FAIL',
      'FAIL',
      'FAIL',
      'ok',
      'ok',
      'ok',
      'FAIL',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
    ];
    for (const cacheSize of [1, 2]) {
      const archive = await open(disk, 2, 'auto', cacheSize);
      for (let pass = 0; pass < 2; pass++) {
        const got = summarise(readAll(archive, disk), disk.expected);
        const codes = enc.bodies.map((b) => got.get(`${b.key.eventId}/${b.key.sourceTable}/${b.key.direction}`) ?? 'missing');
        expect(
          codes.map((c) => (c === 'ok' ? 'ok' : ['SEGMENT_HASH_MISMATCH', 'DECODE_FAILED', 'DECODED_TOO_LARGE'].includes(c) ? 'FAIL' : c)),
        ).toEqual(want);
      }
      archive.close();
    }
  });
});
