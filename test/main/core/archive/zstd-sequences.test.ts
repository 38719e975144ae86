// The zstd block checks the frame walker runs before any decoder (hostile suite finding: fzstd spun for seconds on a
// block whose match-length code was outside its table). Real encoder output of every level must pass untouched;
// forged blocks fail fast and identically with both decoders.
import { describe, expect, it } from 'vitest';
import { ZstdFrameWalker } from '../../../../src/main/core/archive/zstd-frame-walker.js';
import { ZstdSegmentCompressor } from '../../../fixtures/writer/segment-compressors.js';
import { prng } from './sample-archives.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCase } from '../../../hostile/lib/fuzz-case.js';
import { runArchiveInput } from '../../../hostile/lib/archive-oracle.js';

function mixedData(bytes: number, seed: number): Uint8Array {
  const rnd = prng(seed);
  const out = new Uint8Array(bytes);
  const words = ['lorem ', 'ipsum ', '{"token": ', '}\n', 'data: ', 'GET /api/v1/items?id=', ' HTTP/1.1\r\n'];
  for (let i = 0; i < bytes; ) {
    if (rnd() < 0.2) {
      const n = Math.min(bytes - i, 1 + Math.floor(rnd() * 300));
      for (let k = 0; k < n; k++) out[i + k] = Math.floor(rnd() * 256);
      i += n;
    } else {
      const w = new TextEncoder().encode(words[Math.floor(rnd() * words.length)]!);
      out.set(w.subarray(0, bytes - i), i);
      i += w.length;
    }
  }
  return out;
}

/** Feeds a frame's segments through a walker; returns every step that was not a clean block boundary. */
function walkSegments(segments: readonly Uint8Array[]): string[] {
  const walker = new ZstdFrameWalker();
  return segments.flatMap((seg, i) => {
    const step = walker.feed(seg);
    if (!step.ok) return [`segment ${i}: ${step.message}`];
    return step.atBlockBoundary ? [] : [`segment ${i}: not at a block boundary`];
  });
}

const frameHead = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58); // no content size, 2 MiB window
function compressedBlock(body: readonly number[]): Uint8Array {
  const v = 1 | (2 << 1) | (body.length << 3);
  return Uint8Array.of(...frameHead, v & 0xff, (v >> 8) & 0xff, v >> 16, ...body);
}

describe('zstd block checks in the frame walker', () => {
  it.each([1, 3, 9, 19])('accepts real level-%i frames: large and small segments, text and random bytes', (level) => {
    const rnd = prng(level);
    const c = new ZstdSegmentCompressor(level);
    const segments: Uint8Array[] = [];
    for (let s = 0; s < 12; s++) {
      const size = s % 3 === 0 ? 200_000 + Math.floor(rnd() * 300_000) : 1 + Math.floor(rnd() * 6000);
      segments.push(c.segment(mixedData(size, level * 100 + s), s === 11));
    }
    expect(walkSegments(segments)).toEqual([]);
  });

  it('refuses a match-length code outside the table (the fzstd hang) before decoding', () => {
    // Literals: raw, 0 bytes. Sequences: 1, all three tables RLE (LL 0, OF 1, ML 60 > 52), bitstream = end marker.
    const frame = compressedBlock([0x00, 0x01, 0x54, 0, 1, 60, 0x01]);
    const step = new ZstdFrameWalker().feed(frame);
    expect(step).toMatchObject({ ok: false, tooLarge: false, message: expect.stringMatching(/RLE ml code 60 exceeds the maximum 52/) });
  });

  it('refuses sequences that decode past the block maximum', () => {
    // Three sequences of match length ≥ 65539 (ML code 52), no literals: 196 KiB from a block capped at 128 KiB.
    const frame = compressedBlock([0x00, 0x03, 0x54, 0, 1, 52, 0, 0, 0, 0, 0, 0, 0x80]);
    const step = new ZstdFrameWalker().feed(frame);
    expect(step).toMatchObject({ ok: false, message: expect.stringMatching(/decode to more than the 131072-byte block maximum/) });
  });

  it('refuses a Repeat table with nothing to repeat and a literals section longer than the block', () => {
    expect(new ZstdFrameWalker().feed(compressedBlock([0x00, 0x01, 0xfc, 0x01]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/repeats a table no earlier block defined/),
    });
    expect(new ZstdFrameWalker().feed(compressedBlock([0x18, 1, 2]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/literals section runs past the end/),
    });
  });

  it('refuses windows above 8 MiB and accepts 8 MiB', () => {
    const withWindow = (wd: number) => Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x00, wd, 0x01, 0x00, 0x00);
    expect(new ZstdFrameWalker().feed(withWindow(13 << 3))).toMatchObject({ ok: true, ended: true }); // 2^23, empty last raw block
    expect(new ZstdFrameWalker().feed(withWindow((13 << 3) | 1))).toMatchObject({
      ok: false,
      tooLarge: true,
      message: expect.stringMatching(/8 MiB window limit/),
    });
    expect(new ZstdFrameWalker().feed(withWindow(14 << 3))).toMatchObject({ ok: false, tooLarge: true });
  });

  it('the kept crasher: fzstd refuses the forged block before decoding, as libzstd does', async () => {
    const c = readCase(join(process.cwd(), 'test/hostile/crashers/archive/A2-v2-zstd-00020100fd6eeb21.bin'));
    const dir = mkdtempSync(join(tmpdir(), 'zstd-crasher-'));
    try {
      const fz = await runArchiveInput(dir, c.meta.archive!, c.files.get('archive')!, 'fzstd');
      expect(fz.problems).toEqual([]);
      // Before: fzstd decoded the block (spinning on the forged offset) and failed it later as SEGMENT_HASH_MISMATCH.
      expect(fz.bodies.slice(0, 4)).toEqual(['ok', 'DECODE_FAILED', 'DECODE_FAILED', 'DECODE_FAILED']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
