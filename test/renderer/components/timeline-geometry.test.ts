import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampRange, MIN_SPAN_MS, offsetLabel, panBy, ticks, zoomAbout } from '../../../src/renderer/src/components/timeline-geometry.js';

describe('time-axis arithmetic', () => {
  it('keeps the time under the pointer where it was when zooming', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, span, f) => {
          const r = { from, to: from + span };
          const at = from + span * f;
          const z = zoomAbout(r, at, 0.5);
          expect((at - z.from) / (z.to - z.from)).toBeCloseTo((at - r.from) / span, 6);
          expect(z.to - z.from).toBeCloseTo(span / 2, 6);
        },
      ),
    );
  });

  it('pans by a fraction of the span', () => {
    expect(panBy({ from: 100, to: 200 }, 0.25)).toEqual({ from: 125, to: 225 });
    expect(panBy({ from: 100, to: 200 }, -1)).toEqual({ from: 0, to: 100 });
  });

  it('clamps to the session, keeps the narrowest span, and says null for the whole session', () => {
    expect(clampRange({ from: -50, to: 50 }, 0, 1000)).toEqual({ from: 0, to: 100 });
    expect(clampRange({ from: 950, to: 1050 }, 0, 1000)).toEqual({ from: 900, to: 1000 });
    expect(clampRange({ from: 10, to: 11 }, 0, 1000)).toEqual({ from: 10, to: 10 + MIN_SPAN_MS });
    expect(clampRange({ from: -10, to: 2000 }, 0, 1000)).toBeNull();
  });

  it('puts ticks on round steps from the session start, inside the range', () => {
    expect(ticks({ from: 5, to: 55 }, 0, 5)).toEqual([10, 20, 30, 40, 50]);
    for (const t of ticks({ from: 1234, to: 98765 }, 1000, 8)) {
      expect(t).toBeGreaterThanOrEqual(1234);
      expect(t).toBeLessThan(98765);
    }
  });

  it('labels an offset in the unit its size calls for', () => {
    expect(offsetLabel(12)).toBe('+12 ms');
    expect(offsetLabel(1500)).toBe('+1.50 s');
    expect(offsetLabel(90_000)).toBe('+1.50 min');
    expect(offsetLabel(5_400_000)).toBe('+1.50 h');
  });
});
