import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COLUMN_MAX,
  COLUMN_MIN,
  columnOffsets,
  columnRange,
  columnWidths,
  STAMP_WIDTH,
} from '../../../src/renderer/src/components/column-window.js';

describe('grid column widths', () => {
  it('a wide table: every column its 160 px share, timestamps as wide as a timestamp', () => {
    const kinds = [...Array.from({ length: 28 }, () => 'text' as const), 'timestamp' as const];
    const w = columnWidths(kinds, 'utc', 900);
    expect(w[28]).toBe(STAMP_WIDTH.utc);
    // 29 × 160 = 4640 px, less the timestamp's 220, shared by 28.
    expect(w[0]).toBe(Math.floor((29 * 160 - 220) / 28));
    expect(columnWidths(kinds, 'local', 900)[28]).toBe(STAMP_WIDTH.local);
  });

  it('a narrow table in a wide view: columns grow to at most 260 px', () => {
    expect(columnWidths(['integer', 'text'], 'utc', 1200)).toEqual([COLUMN_MAX, COLUMN_MAX]);
    expect(columnWidths(['integer', 'text', 'text', 'text', 'text', 'text'], 'utc', 1200)).toEqual(Array(6).fill(200));
  });

  it('never below 90 px', () => {
    const kinds = ['text', 'timestamp', 'timestamp', 'timestamp', 'timestamp', 'timestamp', 'timestamp', 'timestamp', 'timestamp'] as const;
    expect(columnWidths([...kinds], 'local', 400)[0]).toBeGreaterThanOrEqual(COLUMN_MIN);
  });
});

describe('columns in view', () => {
  const offsets = columnOffsets([100, 200, 100, 300, 100]); // 0 100 300 400 700 800

  it('offsets are running sums', () => {
    expect(offsets).toEqual([0, 100, 300, 400, 700, 800]);
  });

  it('the columns meeting the view, one more each side', () => {
    expect(columnRange(offsets, 0, 250, 0)).toEqual({ from: 0, to: 2 });
    expect(columnRange(offsets, 0, 250)).toEqual({ from: 0, to: 3 });
    expect(columnRange(offsets, 350, 100, 0)).toEqual({ from: 2, to: 4 });
    expect(columnRange(offsets, 350, 100)).toEqual({ from: 1, to: 5 });
    expect(columnRange(offsets, 750, 500)).toEqual({ from: 3, to: 5 });
    expect(columnRange([0], 0, 500)).toEqual({ from: 0, to: 0 });
  });

  it('every column meeting [left, left + width) is in the range (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 40 }),
        fc.nat(20_000),
        fc.integer({ min: 1, max: 3000 }),
        (widths, l, width) => {
          const off = columnOffsets(widths);
          const left = l % off[off.length - 1]!;
          const r = columnRange(off, left, width, 0);
          for (let i = 0; i < widths.length; i++) {
            const meets = off[i]! < left + width && off[i + 1]! > left;
            if (meets) expect(i >= r.from && i < r.to).toBe(true);
          }
          expect(r.to - r.from).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
