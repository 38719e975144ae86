import { describe, expect, it } from 'vitest';
import { asciiCaseless } from '../../../../src/main/core/match/ascii-caseless.js';

/** Every match of `source` in `text`, as [index, text]. */
const all = (source: string, flags: string, text: string): [number, string][] =>
  [...text.matchAll(new RegExp(source, flags + 'g'))].map((m) => [m.index, m[0]]);

describe('asciiCaseless', () => {
  it('spells letters and letter ranges in both cases, leaving escapes, counts and group syntax alone', () => {
    expect(asciiCaseless('ab')).toBe('[aA][bB]');
    expect(asciiCaseless('[a-f0-9]')).toBe('[a-f0-9A-F]');
    expect(asciiCaseless('[^Q]')).toBe('[^Qq]');
    expect(asciiCaseless('\\w\\x41\\bz{2,3}')).toBe('\\w\\x41\\b[zZ]{2,3}');
    expect(asciiCaseless('(?<key>k)(?:x)')).toBe('(?<key>[kK])(?:[xX])');
    expect(asciiCaseless('[\\]a]')).toBe('[\\]aA]');
  });

  it('finds what the i flag finds on ASCII text', () => {
    const text = 'Sk-Ant-API03 key=XyZ; [Bearer] tOkEn_9 Q q /path/A-b_c? ^$ café CAFÉ';
    for (const source of ['sk-ant-api\\d+', '[a-z]+', '[^a-z ]+', 'key=[x-z]{3}', 'bearer', 'q|Q', '[A-Z_]{2,}', 'path/[a-c\\-_]+', 'caf.'])
      expect(all(asciiCaseless(source), '', text), source).toEqual(all(source, 'i', text));
  });
});
