// The node:zlib behaviours the deflate reader relies on (checked on Node 20; Electron's Node 22 shares them).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateRaw } from '../../../../src/main/core/archive/inflate.js';
import { DeflateSegmentCompressor, concatBytes } from '../../../fixtures/writer/segment-compressors.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('inflateRaw over node:zlib', () => {
  const c = new DeflateSegmentCompressor(6);
  const a = c.segment(text('hello world '.repeat(100)), false);
  const b = c.segment(text('second segment '.repeat(50)), false);
  const f = c.segment(text('final'), true);
  const all = concatBytes([a, b, f]);

  it('Z_SYNC_FLUSH decodes a prefix ending at a flush point, reporting the bytes consumed', () => {
    expect(Array.from(a.subarray(-4))).toEqual([0, 0, 0xff, 0xff]);
    expect(inflateRaw(concatBytes([a, b]), 10_000, false)).toMatchObject({ kind: 'ok', consumed: a.length + b.length });
    const r = inflateRaw(concatBytes([a, b]), 10_000, false);
    expect(r.kind === 'ok' && r.out.length).toBe(1200 + 750);
  });

  it('Z_FINISH refuses a stream that does not end, and accepts one that does', () => {
    expect(inflateRaw(concatBytes([a, b]), 10_000, true).kind).toBe('unended');
    expect(inflateRaw(all, 10_000, true)).toMatchObject({ kind: 'ok', consumed: all.length });
  });

  it('bytes after the stream end are left unconsumed in both modes', () => {
    const trailing = concatBytes([all, Uint8Array.of(1, 2, 3)]);
    expect(inflateRaw(trailing, 10_000, true)).toMatchObject({ kind: 'ok', consumed: all.length });
    expect(inflateRaw(trailing, 10_000, false)).toMatchObject({ kind: 'ok', consumed: all.length });
  });

  it('a stream ending in an empty stored FINAL block looks like a flush point to Z_SYNC_FLUSH; Z_FINISH tells them apart', () => {
    const ended = concatBytes([a, Uint8Array.of(0x01, 0x00, 0x00, 0xff, 0xff)]);
    expect(inflateRaw(ended, 10_000, false)).toMatchObject({ kind: 'ok', consumed: ended.length });
    expect(inflateRaw(ended, 10_000, true).kind).toBe('ok');
    expect(inflateRaw(a, 10_000, true).kind).toBe('unended');
  });

  it('the output cap stops a 1000:1 bomb early with bounded memory', () => {
    const bomb = zlib.deflateRawSync(new Uint8Array(64 * 1024 * 1024));
    expect(inflateRaw(bomb, 16 * 1024 * 1024, false).kind).toBe('too-large');
    expect(inflateRaw(bomb, 4096, true).kind).toBe('too-large');
  });

  it('invalid data is an error, not an exception', () => {
    expect(inflateRaw(Uint8Array.of(0xff, 0xff, 0xff), 100, true).kind).toBe('error');
  });
});
