// countLabel stands in for Number#toLocaleString() in the views (whose first call in a fresh renderer loads ICU's
// number data); it must print what toLocaleString('en-US') prints for every count and duration the views show.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesLabel,
  compactCount,
  countLabel,
  decimalLabel,
  exactCell,
  formatCell,
  msLabel,
  usdLabel,
} from '../../../src/renderer/src/components/format.js';

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

// Every number a view shows goes through these (issue 23: "numbers as people read them", never a raw float).
describe('the views’ number formatters', () => {
  it('cells show a float as people read it; the cell bar keeps every stored digit', () => {
    expect(formatCell(0.0047894999999999995, undefined, 'utc')).toBe('0.0047895');
    expect(exactCell(0.0047894999999999995, undefined, 'utc')).toBe('0.0047894999999999995');
    expect(formatCell(0.1 + 0.2, undefined, 'utc')).toBe('0.3');
    // Integers and text exactly as stored: ids and rowids are not counts to group.
    expect(formatCell(1325827, undefined, 'utc')).toBe('1325827');
    expect(formatCell({ int: '9007199254740993' }, undefined, 'utc')).toBe('9007199254740993');
    expect(formatCell('0.30000000000000004', undefined, 'utc')).toBe('0.30000000000000004');
  });

  it('fixed decimals are grouped like counts', () => {
    expect(decimalLabel(12345.678, 1)).toBe('12,345.7');
    expect(decimalLabel(0.05, 1)).toBe('0.1');
    expect(decimalLabel(-1234.5, 2)).toBe('-1,234.50');
  });

  it('costs read to a hundredth of a cent, and a cost too small for that says so', () => {
    expect(usdLabel(0.0047894999999999995)).toBe('$0.0048');
    expect(usdLabel(1234.5)).toBe('$1,234.5000');
    expect(usdLabel(0)).toBe('$0.0000');
    expect(usdLabel(0.00001)).toBe('<$0.0001');
  });

  it('durations: whole milliseconds from 10 ms, a tenth below, grouped', () => {
    expect(msLabel(1233.3333333333333)).toBe('1,233 ms');
    expect(msLabel(2.3333333333333335)).toBe('2.3 ms');
    expect(msLabel(7)).toBe('7 ms');
    expect(msLabel(86_400_000)).toBe('86,400,000 ms');
  });

  it('sizes: grouped bytes, then KiB, MiB and GiB', () => {
    expect(bytesLabel(1000)).toBe('1,000 B');
    expect(bytesLabel(1536)).toBe('1.5 KiB');
    expect(bytesLabel(5 * 1048576)).toBe('5.00 MiB');
    expect(bytesLabel(3.5 * 1073741824)).toBe('3.50 GiB');
    expect(bytesLabel(2048 * 1073741824)).toBe('2,048.00 GiB');
  });

  it('no formatter prints binary noise or exponent notation for any finite value', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (n) => {
        for (const t of [countLabel(n), decimalLabel(n, 2), usdLabel(n), msLabel(n), formatCell(n, undefined, 'utc')]) {
          expect(t).not.toMatch(/e[+-]?\d/);
          // At most 12 significant digits (0.0047894999999999995 has 17): leading zeros, sign and separators aside.
          const digits = t.replace(/[^\d]/g, '').replace(/^0+/, '');
          expect(digits.length, t).toBeLessThanOrEqual(Math.max(12, String(Math.trunc(Math.abs(n))).length + 4));
        }
      }),
    );
  });
});
