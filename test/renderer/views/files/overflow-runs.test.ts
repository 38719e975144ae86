// Overflow markers come from the buckets of the whole session (every overflow row, listed or not), one per run of
// adjacent buckets, stretched to a listed window's later scan.
import { describe, expect, it } from 'vitest';
import type { FsActivity } from '../../../../src/shared/contract/fs.js';
import { overflowRuns } from '../../../../src/renderer/src/views/files/overflow-runs.js';

const bucket = (i: number, overflow: number) => ({
  start: i * 1000,
  byAction: overflow ? { overflow, created: 1 } : { created: 1 },
  byKind: {},
});

describe('overflow runs', () => {
  it('aggregates adjacent buckets and covers unlisted windows', () => {
    const a = {
      bucketMs: 1000,
      buckets: [bucket(0, 2), bucket(1, 3), bucket(2, 0), bucket(3, 0), bucket(4, 1), bucket(5, 0), bucket(6, 0), bucket(7, 4)],
      windows: [
        { id: 9, timestamp: null, t: 4000, heldBack: 12, heldFor: { id: 10, action: 'created', path: '/x', timestamp: null, t: 6500 } },
      ],
    } as unknown as FsActivity;
    const bucketOf = (t: number | null): number | null => (t === null ? null : Math.floor(t / 1000));
    expect(overflowRuns(a, bucketOf)).toEqual([
      { from: 0, to: 1, windows: 5, heldBack: null },
      { from: 4, to: 6, windows: 1, heldBack: 12 },
      { from: 7, to: 7, windows: 4, heldBack: null },
    ]);
  });
});
