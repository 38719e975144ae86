// One scan per block gives each body exactly the matches scanning it alone would: non-overlapping within the body,
// overlapping ones kept across bodies that share or abut spans, and a flood of occurrences falls back to per body.
import { describe, expect, it } from 'vitest';
import { BlockHits } from '../../../../src/main/core/match/block-hits.js';
import { compileMatcher } from '../../../../src/main/core/match/byte-matcher.js';

const alone = (body: Uint8Array, needle: string): number[] => {
  const out: number[] = [];
  compileMatcher({ kind: 'fixed', text: needle, ignoreCase: false }).scan(body, (at) => out.push(at) > 0);
  return out;
};

describe('block hits', () => {
  it('gives every span of a block the matches it has alone, in any order of spans', () => {
    const raw = Buffer.from('xxaaaxx-aaaa-ab-aa|aa-aaa');
    const spans: [number, number][] = [
      [0, raw.length],
      [3, 5],
      [2, 3],
      [9, 3],
      [17, 4],
      [18, 3],
      [0, 2],
      [20, 5],
      [8, 4],
    ];
    const hits = new BlockHits(Buffer.from('aa'));
    for (const [s, l] of spans) expect(hits.inBody(raw, s, l, 80)).toEqual(alone(raw.subarray(s, s + l), 'aa'));
  });

  it('starts afresh for another block, and reads only up to the end of the span asked for', () => {
    const hits = new BlockHits(Buffer.from('needle'));
    const a = Buffer.from('..needle..needle');
    expect(hits.inBody(a, 0, 8, 80)).toEqual([2]);
    expect(hits.inBody(a, 8, 8, 80)).toEqual([2]);
    const b = Buffer.from('needle');
    expect(hits.inBody(b, 0, 6, 2000)).toEqual([0]);
  });

  it('led by a rare needle byte (memchr, then a check), finds exactly what scanning each span alone finds', () => {
    // 64 KiB of text without q, 7 or x (so those bytes are rare enough to lead), with the needle planted alone,
    // overlapping itself, at both ends, cut short, and near misses that differ in its first, middle or last byte.
    const filler = 'the quick brown fox jumps over the lazy dog, {"a":1,"b":[2,3]} '.replace(/[q7x]/g, 'z');
    const plants = ['q7q7', 'q7q7q7', 'q7q', 'a7q7', 'q8q7', 'q7qa', 'qq7q7'];
    const parts: string[] = ['q7q7'];
    for (let i = 0; parts.join('').length < 64 * 1024; i++) parts.push(filler, i % 8 === 0 ? plants[(i / 8) % plants.length]! : '');
    parts.push('q7q7');
    const raw = Buffer.from(parts.join(''));
    const spans: [number, number][] = [[0, raw.length]];
    for (let s = 0; s < raw.length; s += 997) spans.push([s, Math.min(3001, raw.length - s)]);
    const hits = new BlockHits(Buffer.from('q7q7'));
    for (const [s, l] of spans) expect(hits.inBody(raw, s, l, 80, raw.length)).toEqual(alone(raw.subarray(s, s + l), 'q7q7'));
    expect(alone(raw, 'q7q7').length).toBeGreaterThan(50);
  });

  it('past a million occurrences in one block, says so (the caller scans bodies alone)', () => {
    const raw = Buffer.alloc((1 << 20) + 16, 0x61);
    const hits = new BlockHits(Buffer.from('a'));
    expect(hits.inBody(raw, 0, raw.length, 80)).toBeNull();
    expect(hits.inBody(raw, 0, 4, 80)).toBeNull();
  });
});
