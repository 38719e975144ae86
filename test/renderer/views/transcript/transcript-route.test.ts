// The transcript's hash routes: one trace, or the whole session; ids with any character survive the round trip.
import { describe, expect, it } from 'vitest';
import { href, parseHash } from '../../../../src/renderer/src/router.js';

describe('transcript routes', () => {
  it('round-trips a trace and the whole session', () => {
    expect(href({ view: 'transcript', ev: 'ev_1', trace: 'trace-a/b c' })).toBe('#/e/ev_1/transcript/trace-a%2Fb%20c');
    expect(parseHash('#/e/ev_1/transcript/trace-a%2Fb%20c')).toEqual({ view: 'transcript', ev: 'ev_1', trace: 'trace-a/b c' });
    expect(href({ view: 'transcript', ev: 'ev_1', trace: null })).toBe('#/e/ev_1/transcript');
    expect(parseHash('#/e/ev_1/transcript')).toEqual({ view: 'transcript', ev: 'ev_1', trace: null });
  });
});
