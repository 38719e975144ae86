// --since / --until bounds: a zoned ISO-8601 time or a bare date (a whole UTC day, start for --since, end for
// --until); a row is in the window only when its time is known and within both inclusive ends; a session is left
// out only when it is known to lie outside.
import { describe, expect, it } from 'vitest';
import { inWindow, NO_WINDOW, parseTimeBound, spanMeetsWindow } from '../../../../src/main/core/hunt/time-window.js';

describe('parseTimeBound', () => {
  it('reads zoned times to the millisecond', () => {
    expect(parseTimeBound('2026-03-02T14:50:40Z', 'since')).toBe(Date.UTC(2026, 2, 2, 14, 50, 40));
    expect(parseTimeBound('2026-03-02T14:50:40.691712Z', 'since')).toBe(Date.UTC(2026, 2, 2, 14, 50, 40, 691));
    expect(parseTimeBound('2026-03-02T16:50+02:00', 'until')).toBe(Date.UTC(2026, 2, 2, 14, 50));
  });

  it('reads a bare date as the start or the end of that UTC day', () => {
    expect(parseTimeBound('2026-03-02', 'since')).toBe(Date.UTC(2026, 2, 2));
    expect(parseTimeBound('2026-03-02', 'until')).toBe(Date.UTC(2026, 2, 3) - 1);
  });

  it('refuses what it would have to guess', () => {
    for (const bad of [
      '',
      'yesterday',
      '2026-03-02T14:50:40',
      '2026-02-30',
      '2026-13-01',
      '2026-03-02T24:00Z',
      '2026-03-02 14:50Z',
      '1772463040',
      'March 2, 2026',
    ])
      expect(parseTimeBound(bad, 'since'), bad).toBeNull();
  });
});

describe('inWindow and spanMeetsWindow', () => {
  const w = { sinceMs: 100, untilMs: 200 };

  it('keeps both ends and drops rows of unknown time only when bounded', () => {
    expect([99, 100, 200, 201].map((t) => inWindow(w, t))).toEqual([false, true, true, false]);
    expect(inWindow(w, null)).toBe(false);
    expect(inWindow(NO_WINDOW, null)).toBe(true);
    expect(inWindow({ sinceMs: 100, untilMs: null }, 1e15)).toBe(true);
  });

  it('leaves a session out only when it is known to lie outside', () => {
    expect(spanMeetsWindow(w, 10, 99)).toBe(false);
    expect(spanMeetsWindow(w, 201, 300)).toBe(false);
    expect(spanMeetsWindow(w, 10, 100)).toBe(true);
    expect(spanMeetsWindow(w, 50, null)).toBe(true);
    expect(spanMeetsWindow(w, null, null)).toBe(true);
  });
});
