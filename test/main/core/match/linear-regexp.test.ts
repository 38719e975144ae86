// User patterns never hang: counted repeats above 16 are spread so V8's linear engine can take them (and fall back to
// it when a match backtracks), and patterns only a backtracking engine could run are refused by name.
import { describe, expect, it } from 'vitest';
import { linearRegExp, spreadCounts } from '../../../../src/main/core/match/linear-regexp.js';
import { compileMatcher } from '../../../../src/main/core/match/byte-matcher.js';

describe('linear regular expressions', () => {
  it('spreads counts above 16 into rows of at most 16 and a nested optional part, matching the same strings', () => {
    expect(spreadCounts('a{40}')).toBe('(?:a{16}a{16}a{8})');
    expect(spreadCounts('[0-9a-f]{20,}')).toBe('(?:[0-9a-f]{16}[0-9a-f]{4}[0-9a-f]*)');
    expect(spreadCounts('(?:ab){2,20}?')).toBe(`(?:(?:ab){2}${'(?:(?:ab)'.repeat(18)}${')??'.repeat(18)})`);
    for (let n = 0; n <= 45; n++)
      expect(new RegExp(`^(?:${spreadCounts('a{3,40}')})$`).test('a'.repeat(n)), `${n} a`).toBe(n >= 3 && n <= 40);
    expect(spreadCounts('x{3}[{]{17}\\{20}')).toBe('x{3}(?:[{]{16}[{]{1})\\{20}');
    const re = linearRegExp('^[0-9a-f]{40}$');
    expect(re.test('0123456789abcdef0123456789abcdef01234567')).toBe(true);
    re.lastIndex = 0;
    expect(re.test('0123456789abcdef0123456789abcdef0123456')).toBe(false);
  });

  it('refuses backreferences and lookaround with BAD_PATTERN, and a syntax error by its own sentence', () => {
    expect(() => linearRegExp('(a)\\1')).toThrow(/backtracking/);
    expect(() => linearRegExp('a(?=b)')).toThrow(/backtracking/);
    expect(() => linearRegExp('a(')).toThrow(/does not compile/);
    try {
      linearRegExp('(a)\\1');
    } catch (e) {
      expect((e as { code: string }).code).toBe('BAD_PATTERN');
    }
  });

  it('pathological patterns end on a 1 MiB body without a match', () => {
    const body = new Uint8Array(1 << 20).fill(0x61);
    // (?:a{1,40})+b: its count spread out and nested, the linear engine takes it, so it can fall back there.
    for (const source of ['(a+)+b', '(a|aa)*c', '(x+x+)+y', '(?:a{1,40})+b']) {
      let n = 0;
      compileMatcher({ kind: 'regex', source, ignoreCase: false }).scan(body, () => ++n > 0);
      expect(n).toBe(0);
    }
  });
});
