import { describe, expect, it } from 'vitest';
import { fastestOf } from '../../../../scripts/bench/lib/fastest-probe.js';
import type { ProbeOutcome } from '../../../../scripts/bench/lib/run-probe.js';

const run = (ms: number): ProbeOutcome => ({ ok: true, result: { op: 'verify', peakRssBytes: ms * 1000, figures: { ms, verified: 3 } } });

describe('fastestOf', () => {
  it('keeps the fastest run, lists every run in order and the highest peak RSS', () => {
    const got = fastestOf([run(1400), run(1266.4), run(1500)]);
    expect(got.ok && got.result.figures).toEqual({ ms: 1266.4, verified: 3, runs: '1400, 1266, 1500' });
    expect(got.ok && got.result.peakRssBytes).toBe(1500000);
  });

  it('skips a failed run but names it', () => {
    const got = fastestOf([{ ok: false, reason: 'stopped' }, run(900)]);
    expect(got.ok && got.result.figures.runs).toBe('failed, 900');
  });

  it('passes on the failure when no run finished', () => {
    expect(fastestOf([{ ok: false, reason: 'stopped' }])).toEqual({ ok: false, reason: 'stopped' });
  });
});
