import { describe, expect, it } from 'vitest';
import { MIN_SUB_H, SUB_H, fitSubRowHeight } from '../../../../src/renderer/src/views/lifecycle/swimlane-fit.js';

describe('fitSubRowHeight', () => {
  it('keeps the full sub-row height when every lane fits', () => {
    expect(fitSubRowHeight([1, 3, 2], 24, 18, 1000)).toBe(SUB_H);
    expect(fitSubRowHeight([1, 1], 24, 18, 10)).toBe(SUB_H);
  });

  it('shrinks sub-rows so that the lanes and the axis fit the height', () => {
    // 4 lanes of 24 px and an 18 px axis leave 86 px for 20 sub-rows beyond the first of each lane.
    const h = fitSubRowHeight([21, 1, 1, 1], 24, 18, 200);
    expect(h).toBe(4);
    expect(4 * 24 + 18 + 20 * h).toBeLessThanOrEqual(200);
  });

  it('never draws a sub-row thinner than MIN_SUB_H, even when that overflows', () => {
    expect(fitSubRowHeight([200, 1], 24, 18, 200)).toBe(MIN_SUB_H);
  });
});
