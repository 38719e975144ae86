// j/k through every hit (hit-step.ts): steps go by place in the whole result, past the rows the grid holds.
import { describe, expect, it } from 'vitest';
import { hitStep } from '../../../../src/renderer/src/views/search/hit-step.js';

/** The grid holds hits 1,000 … 1,199 of 2,000. */
const held = { start: 1000, count: 200 };

describe('hitStep', () => {
  it('k on the first hit held goes to the hit before it, which must be fetched', () => {
    expect(hitStep(held, 1000, null, 2000, -1)).toEqual({ pos: 999, fetch: true });
  });

  it('j on the last hit held goes to the hit after it, which must be fetched', () => {
    expect(hitStep(held, 1199, null, 2000, 1)).toEqual({ pos: 1200, fetch: true });
  });

  it('a step within the rows held fetches nothing', () => {
    expect(hitStep(held, 1100, null, 2000, 1)).toEqual({ pos: 1101, fetch: false });
    expect(hitStep(held, 1100, null, 2000, -1)).toEqual({ pos: 1099, fetch: false });
  });

  it('with no selection, or one away from the rows held, j or k selects the first hit held', () => {
    expect(hitStep(held, null, null, 2000, 1)).toEqual({ pos: 1000, fetch: false });
    expect(hitStep(held, null, null, 2000, -1)).toEqual({ pos: 1000, fetch: false });
    expect(hitStep(held, 3, null, 2000, 1)).toEqual({ pos: 1000, fetch: false });
  });

  it('a selection a step is still fetching counts as held, so the next key moves on from it', () => {
    expect(hitStep(held, 999, 999, 2000, -1)).toEqual({ pos: 998, fetch: true });
    // Without that step in flight, the same selection is away from the rows held.
    expect(hitStep(held, 999, null, 2000, -1)).toEqual({ pos: 1000, fetch: false });
  });

  it('stops at the first and the last hit of the whole result', () => {
    expect(hitStep({ start: 0, count: 200 }, 0, null, 2000, -1)).toEqual({ pos: 0, fetch: false });
    expect(hitStep({ start: 1800, count: 200 }, 1999, null, 2000, 1)).toEqual({ pos: 1999, fetch: false });
    // While the count is not known, the last hit held is the last there is so far.
    expect(hitStep({ start: 1800, count: 200 }, 1999, null, undefined, 1)).toEqual({ pos: 1999, fetch: false });
  });
});
