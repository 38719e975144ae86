// The verdict rule on its own: damage wins at once, checking while anything runs, unverified when cancelled.
import { describe, expect, it } from 'vitest';
import { combineVerdict } from '../../../../src/main/core/integrity/verdict.js';
import type { BodiesState } from '../../../../src/shared/contract.js';

const done: BodiesState = { state: 'done', total: 3, verified: 3, failed: 0, unreadable: 0 };
const running = (failed: number): BodiesState => ({
  state: 'running',
  jobId: 'j',
  itemsDone: 1,
  itemsTotal: 3,
  bytesDone: 1,
  bytesTotal: 3,
  failed,
});
const all = { pages: 'ok', copyProof: 'ok', report: 'ok' } as const;

describe('combineVerdict', () => {
  it('INTACT only when every check passed and every body verified', () => {
    expect(combineVerdict({ ...all, bodies: done })).toBe('intact');
    expect(combineVerdict({ ...all, bodies: running(0) })).toBe('checking');
    expect(combineVerdict({ ...all, bodies: { state: 'waiting' } })).toBe('checking');
    expect(combineVerdict({ ...all, pages: 'pending', bodies: done })).toBe('checking');
    expect(combineVerdict({ ...all, copyProof: 'pending', bodies: done })).toBe('checking');
    expect(combineVerdict({ ...all, report: 'pending', bodies: done })).toBe('checking');
  });
  it('DAMAGED from the first failure, even while other checks still run', () => {
    expect(combineVerdict({ ...all, pages: 'pending', bodies: running(1) })).toBe('damaged');
    expect(combineVerdict({ ...all, pages: 'failed', bodies: { state: 'waiting' } })).toBe('damaged');
    expect(combineVerdict({ ...all, copyProof: 'failed', bodies: done })).toBe('damaged');
    expect(combineVerdict({ ...all, report: 'failed', bodies: done })).toBe('damaged');
    expect(combineVerdict({ ...all, bodies: { ...done, verified: 2, unreadable: 1 } })).toBe('damaged');
  });
  it('bodies not verified when the verification was cancelled or could not finish', () => {
    expect(combineVerdict({ ...all, bodies: { state: 'cancelled' } })).toBe('unverified');
    expect(combineVerdict({ ...all, bodies: { state: 'failed', code: 'INTERNAL', message: 'x' } })).toBe('unverified');
  });
});
