// countLabel stands in for Number#toLocaleString() in the views (whose first call in a fresh renderer loads ICU's
// number data); it must print what toLocaleString('en-US') prints for every count and duration the views show.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactCount, countLabel } from '../../../src/renderer/src/components/format.js';

describe('countLabel', () => {
  it('groups thousands', () => {
    expect(countLabel(0)).toBe('0');
    expect(countLabel(999)).toBe('999');
    expect(countLabel(1000)).toBe('1,000');
    expect(countLabel(1325827)).toBe('1,325,827');
    expect(countLabel(-1234567)).toBe('-1,234,567');
  });

  it('keeps up to three decimals, as toLocaleString does', () => {
    expect(countLabel(12.5)).toBe('12.5');
    expect(countLabel(1234.56789)).toBe('1,234.568');
  });

  it('leaves what is not a plain number as String() gives it', () => {
    expect(countLabel(Number.NaN)).toBe('NaN');
    expect(countLabel(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(countLabel(1e21)).toBe('1e+21');
  });

  it('equals en-US toLocaleString for integers and millisecond durations', () => {
    const en = (n: number): string => n.toLocaleString('en-US');
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => countLabel(n) === en(n)));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 999 }), (whole, milli) => {
        const n = whole + milli / 1000;
        return countLabel(n) === en(n);
      }),
    );
  });
});

describe('compactCount', () => {
  it('tells large counts in k, M, B and T with at most one decimal, small ones whole', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(950)).toBe('950');
    expect(compactCount(1500)).toBe('1.5k');
    expect(compactCount(950_000)).toBe('950k');
    expect(compactCount(20_000_000)).toBe('20M');
    expect(compactCount(1_250_000_000)).toBe('1.3B');
    expect(compactCount(-2500)).toBe('-2.5k');
  });

  it('moves to the next unit when a value rounds up to 1000 of one', () => {
    expect(compactCount(999_960)).toBe('1M');
    expect(compactCount(999_940)).toBe('999.9k');
  });

  it('stays within 5% of the value', () => {
    const units: Record<string, number> = { k: 1e3, M: 1e6, B: 1e9, T: 1e12 };
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 2 ** 52 }), (n) => {
        const m = /^(\d+(?:\.\d)?)([kMBT])$/.exec(compactCount(n));
        expect(m).not.toBeNull();
        const back = Number(m![1]) * units[m![2]!]!;
        expect(Math.abs(back - n) / n).toBeLessThanOrEqual(0.05);
      }),
    );
  });
});
