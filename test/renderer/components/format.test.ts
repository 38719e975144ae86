// countLabel stands in for Number#toLocaleString() in the views (whose first call in a fresh renderer loads ICU's
// number data); it must print what toLocaleString('en-US') prints for every count and duration the views show.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLabel } from '../../../src/renderer/src/components/format.js';

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
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 999 }), (whole, milli) => {
      const n = whole + milli / 1000;
      return countLabel(n) === en(n);
    }));
  });
});
