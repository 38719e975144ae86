// The transcript's laid-out window: it stays put on plain scroll frames, grows ahead of the last line drawn, and
// to wherever a dragged scrollbar lands past its end; never past the transcript.
import { describe, expect, it } from 'vitest';
import { UNLAID_LINE_PX, WINDOW_AHEAD, grownWindowEnd } from '../../../../src/renderer/src/views/transcript/use-line-window.js';

describe('grownWindowEnd', () => {
  const total = 146_930;
  it('keeps the window while the last line drawn is far from its end', () => {
    expect(grownWindowEnd(WINDOW_AHEAD, total, 0, 900, 100_000)).toBe(WINDOW_AHEAD);
    expect(grownWindowEnd(WINDOW_AHEAD, total, WINDOW_AHEAD / 2 - 1, 900, 100_000)).toBe(WINDOW_AHEAD);
  });
  it('grows ahead of the last line drawn, in whole steps', () => {
    expect(grownWindowEnd(WINDOW_AHEAD, total, WINDOW_AHEAD / 2, 900, 100_000)).toBe(2 * WINDOW_AHEAD);
    expect(grownWindowEnd(2 * WINDOW_AHEAD, total, 3 * WINDOW_AHEAD + 10, 900, 100_000)).toBe(5 * WINDOW_AHEAD);
  });
  it('grows to the lines a scroll offset past the window would show', () => {
    // 1,000 lines' worth of padding below the window's end is on screen: those lines are laid out, and more.
    const end = grownWindowEnd(WINDOW_AHEAD, total, 10, 50_000 + 1000 * UNLAID_LINE_PX, 50_000);
    expect(end).toBeGreaterThanOrEqual(WINDOW_AHEAD + 1000 + WINDOW_AHEAD / 2);
  });
  it('never grows once it covers the whole transcript', () => {
    expect(grownWindowEnd(WINDOW_AHEAD, 1500, 1499, 1e9, 0)).toBe(WINDOW_AHEAD);
    expect(grownWindowEnd(146_000, total, 146_929, 1e9, 0)).toBe(total);
    expect(grownWindowEnd(148_000, total, 146_929, 1e9, 0)).toBe(148_000);
  });
});
