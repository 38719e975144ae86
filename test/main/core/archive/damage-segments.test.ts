import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadZstdNapi } from '../../../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../../../src/main/core/archive/types.js';
import { concatBytes } from '../../../fixtures/writer/segment-compressors.js';
import { ZstdSegmentCompressor } from '../../../fixtures/writer/segment-compressors.js';
import { open, readAll, summarise, writeArchive } from './helpers.js';
import { endWithStoredFinal, handArchive, segRaw, type HandBlock } from './hand-blocks.js';

const BACKENDS: ZstdBackendChoice[] = loadZstdNapi() ? ['fzstd', 'native'] : ['fzstd'];

/** Reads every body of a hand-built archive; returns the per-segment outcome list ('ok' or code). */
async function outcomes(blocks: HandBlock[], backend: ZstdBackendChoice = 'fzstd'): Promise<string[]> {
  const enc = await handArchive(blocks);
  const disk = writeArchive(enc);
  const archive = await open(disk, 2, backend);
  const got = summarise(readAll(archive, disk), disk.expected);
  archive.close();
  return enc.bodies.map((b) => got.get(`${b.key.eventId}/${b.key.sourceTable}/${b.key.direction}`) ?? 'missing');
}

const four = (final = true): HandBlock['segments'] => [0, 1, 2, 3].map((i) => ({ raw: segRaw(i), final: final && i === 3 }));
const flip =
  (at: number, mask = 0x55) =>
  (p: Uint8Array): Uint8Array => {
    const c = Uint8Array.from(p);
    const i = at < 0 ? c.length + at : at;
    c[i] = (c[i] ?? 0) ^ mask;
    return c;
  };
const withSegment = (segs: HandBlock['segments'], i: number, change: Partial<HandBlock['segments'][number]>): HandBlock['segments'] =>
  segs.map((s, j) => (j === i ? { ...s, ...change } : s));

describe.each(BACKENDS)('segment rules, zstd backend %s', (backend) => {
  for (const codec of ['deflate', 'zstd'] as const) {
    describe(codec, () => {
      it('reads an intact sealed and an intact open block', async () => {
        expect(
          await outcomes(
            [
              { codec, segments: four() },
              { codec, segments: four(false) },
            ],
            backend,
          ),
        ).toEqual(Array(8).fill('ok'));
      });

      it('a flipped payload byte fails that segment and later ones only', async () => {
        const got = await outcomes([{ codec, segments: withSegment(four(), 2, { payload: flip(6) }) }], backend);
        expect(got.slice(0, 2)).toEqual(['ok', 'ok']);
        expect(got.slice(2).every((c) => ['SEGMENT_HASH_MISMATCH', 'DECODE_FAILED', 'DECODED_TOO_LARGE'].includes(c))).toBe(true);
      });

      it('a flipped segment hash fails that segment and later ones', async () => {
        const header = (h: Uint8Array): Uint8Array => flip(30, 1)(h);
        expect(await outcomes([{ codec, segments: withSegment(four(), 1, { header }) }], backend)).toEqual([
          'ok',
          'SEGMENT_HASH_MISMATCH',
          'SEGMENT_HASH_MISMATCH',
          'SEGMENT_HASH_MISMATCH',
        ]);
      });

      it('structural header damage: magic, flags, reserved, raw_start, huge lengths', async () => {
        const cases: ((h: Uint8Array) => Uint8Array)[] = [
          flip(0, 1),
          flip(4, 0x02),
          flip(6, 1),
          flip(8, 1),
          (h) => {
            const v = new DataView(h.buffer, h.byteOffset);
            v.setUint32(12, 0xffffff00, true);
            v.setUint32(16, 0xffffff00, true);
            return h;
          },
        ];
        for (const header of cases) {
          expect(await outcomes([{ codec, segments: withSegment(four(), 2, { header }) }], backend)).toEqual([
            'ok',
            'ok',
            'BAD_SEGMENT',
            'BAD_SEGMENT',
          ]);
        }
      });

      it('comp_len beyond raw_len + 65536 is refused before reading the payload', async () => {
        const header = (h: Uint8Array): Uint8Array => {
          new DataView(h.buffer, h.byteOffset).setUint32(16, 700 + 65536 + 100, true);
          return h;
        };
        expect(await outcomes([{ codec, segments: withSegment(four(), 1, { header }) }], backend)).toEqual([
          'ok',
          'BAD_SEGMENT',
          'BAD_SEGMENT',
          'BAD_SEGMENT',
        ]);
      });

      it('a non-final segment with raw_len 0 is refused', async () => {
        const segs = [
          { raw: segRaw(0), final: false },
          { raw: new Uint8Array(0), final: false },
          { raw: segRaw(2), final: true },
        ];
        expect(await outcomes([{ codec, segments: segs }], backend)).toEqual(['ok', 'BAD_SEGMENT']);
      });

      it('bytes after a FINAL segment inside the extent fail the FINAL segment only', async () => {
        expect(await outcomes([{ codec, segments: four(), extra: Uint8Array.of(1, 2, 3) }], backend)).toEqual([
          'ok',
          'ok',
          'ok',
          'BAD_SEGMENT',
        ]);
      });

      it('a row raw_len different from the segments fails where they disagree', async () => {
        const total = four().reduce((n, s) => n + s.raw.length, 0);
        // Row shorter: the segment reaching past it is bad; the body reaching past it is out of range.
        expect(await outcomes([{ codec, segments: four(), rowRawLen: total - 300 }], backend)).toEqual([
          'ok',
          'ok',
          'ok',
          'SPAN_OUT_OF_RANGE',
        ]);
        const twoShort = await outcomes(
          [{ codec, segments: [...four(false), { raw: segRaw(4), final: true }], rowRawLen: total + 10 }],
          backend,
        );
        expect(twoShort).toEqual(['ok', 'ok', 'ok', 'ok', 'SPAN_OUT_OF_RANGE']);
        // Row longer: the extent ends before raw_len bytes, so the last segment fails (rule 9).
        expect(await outcomes([{ codec, segments: four(), rowRawLen: total + 100 }], backend)).toEqual(['ok', 'ok', 'ok', 'BAD_SEGMENT']);
      });

      it('a FINAL segment that does not end the stream fails; earlier bodies verify', async () => {
        expect(await outcomes([{ codec, segments: withSegment(four(), 3, { endStream: false }) }], backend)).toEqual([
          'ok',
          'ok',
          'ok',
          'DECODE_FAILED',
        ]);
      });

      it('trailing bytes after the stream end inside the FINAL segment fail it', async () => {
        const payload = (p: Uint8Array): Uint8Array => concatBytes([p, Uint8Array.of(9, 9, 9)]);
        expect(await outcomes([{ codec, segments: withSegment(four(), 3, { payload }) }], backend)).toEqual([
          'ok',
          'ok',
          'ok',
          'DECODE_FAILED',
        ]);
      });

      it('an open block whose last (non-final) segment ends the stream fails that segment', async () => {
        const change = codec === 'deflate' ? { payload: endWithStoredFinal } : { endStream: true };
        expect(await outcomes([{ codec, segments: withSegment(four(false), 3, change) }], backend)).toEqual([
          'ok',
          'ok',
          'ok',
          'DECODE_FAILED',
        ]);
      });

      it('a non-final segment ending the stream in the middle of a block fails it and the rest', async () => {
        const change = codec === 'deflate' ? { payload: endWithStoredFinal } : { endStream: true };
        const got = await outcomes([{ codec, segments: withSegment(four(), 1, change) }], backend);
        expect(got[0]).toBe('ok');
        expect(got[1]).toBe('DECODE_FAILED');
        expect(got.slice(2).every((c) => c !== 'ok')).toBe(true);
      });

      it('block header: wrong magic, flags, unknown codec', async () => {
        expect(
          await outcomes(
            [
              { codec: 'deflate', segments: four() },
              { codec, segments: four(), codecId: 7 },
            ],
            backend,
          ),
        ).toEqual([...Array(4).fill('ok'), ...Array(4).fill('UNSUPPORTED_CODEC')]);
        expect(await outcomes([{ codec, segments: four(), codecId: 0 }], backend)).toEqual(Array(4).fill('UNSUPPORTED_CODEC'));
      });
    });
  }

  it('codec 2 without the zstd frame magic is refused as unsupported', async () => {
    expect(await outcomes([{ codec: 'deflate', codecId: 2, segments: four() }], backend)).toEqual(Array(4).fill('UNSUPPORTED_CODEC'));
  });

  it('a zstd first segment shorter than 18 bytes still reads per segment (fzstd header wait)', async () => {
    const segs = [
      { raw: new TextEncoder().encode('abc'), final: false },
      { raw: new TextEncoder().encode('de'), final: false },
      { raw: segRaw(2), final: true },
    ];
    expect(
      await outcomes(
        [
          { codec: 'zstd', segments: segs },
          { codec: 'zstd', segments: segs.slice(0, 2) },
        ],
        backend,
      ),
    ).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('a deflate non-final segment without the 00 00 FF FF tail is refused', async () => {
    const payload = (p: Uint8Array): Uint8Array => flip(-1, 0x01)(p);
    expect(await outcomes([{ codec: 'deflate', segments: withSegment(four(), 1, { payload }) }], backend)).toEqual([
      'ok',
      'BAD_SEGMENT',
      'BAD_SEGMENT',
      'BAD_SEGMENT',
    ]);
  });

  it.each(['deflate', 'zstd'] as const)('a %s bomb stops at the declared size', async (codec) => {
    const zeros = new Uint8Array(32 * 1024 * 1024);
    const bomb = codec === 'deflate' ? new Uint8Array(deflateRawSync(zeros)) : new ZstdSegmentCompressor(3).segment(zeros, true);
    const got = await outcomes([{ codec, segments: [{ raw: new Uint8Array(4096).fill(0), final: true, payload: () => bomb }] }], backend);
    expect(got).toEqual(['DECODED_TOO_LARGE']);
  });
});
