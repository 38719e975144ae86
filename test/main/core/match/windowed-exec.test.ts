import { describe, expect, it } from 'vitest';
import { windowedExec } from '../../../../src/main/core/match/windowed-exec.js';

/** Every non-empty, non-overlapping match, as a plain exec loop over the whole text finds them. */
function whole(re: RegExp, text: string): [number, number][] {
  const out: [number, number][] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex += 1;
    else out.push([m.index, m[0].length]);
  }
  return out;
}

function windowed(re: RegExp, text: string, size: number, reach: number): [number, number, boolean][] {
  const out: [number, number, boolean][] = [];
  windowedExec(text, re, { size, reach }, (at, len, cut) => (out.push([at, len, cut]), true));
  return out;
}

/** A small deterministic text of words, digits, spaces and newlines. */
function text(seed: number, length: number): string {
  const alphabet = 'ab c\n1_xyz.';
  let x = seed || 1;
  let s = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += alphabet[x % alphabet.length];
  }
  return s;
}

describe('windowedExec', () => {
  it('finds exactly what one exec loop finds whenever matches fit the reach, edges and anchors included', () => {
    const patterns = [/ab/g, /\bab?c\b/g, /^a/g, /c$/g, /^[abc]+$/gm, /x*/g, /[a-z_]+/g, /\d\w{0,3}/g, /\B1/g];
    for (let seed = 1; seed <= 60; seed++) {
      const t = text(seed, 200);
      for (const re of patterns)
        for (const [size, reach] of [
          [1, 8],
          [7, 16],
          [13, 40],
        ] as const) {
          const expected = whole(re, t);
          // A match longer than the reach is cut (the next test); here only texts whose matches all fit.
          if (expected.some(([, l]) => l > reach)) continue;
          expect(
            windowed(re, t, size, reach).map(([a, l]) => [a, l]),
            `${re} seed ${seed} window ${size}+${reach}`,
          ).toEqual(expected);
        }
    }
  });

  it('reports a match longer than the reach cut at the reach, and goes on after it', () => {
    const t = `${'a'.repeat(100)} b aaa`;
    expect(windowed(/a+/g, t, 10, 20)).toEqual([
      [0, 30, true],
      [30, 30, true],
      [60, 30, true],
      [90, 10, false],
      [103, 3, false],
    ]);
  });

  it('stops when the visitor says so', () => {
    let seen = 0;
    windowedExec('a a a a', /a/g, { size: 2, reach: 4 }, () => ++seen < 2);
    expect(seen).toBe(2);
  });
});
