import { describe, expect, it } from 'vitest';
import { packLanes } from '../../../../src/renderer/src/views/lifecycle/swimlane-pack.js';

describe('packLanes', () => {
  it('puts overlapping calls of one tool on separate sub-rows and reuses a sub-row once it is free', () => {
    const p = packLanes([
      { id: 1, lane: 'bash', t: 0, durationMs: 100 },
      { id: 2, lane: 'bash', t: 50, durationMs: 100 }, // overlaps 1
      { id: 3, lane: 'bash', t: 60, durationMs: 10 }, // overlaps 1 and 2
      { id: 4, lane: 'bash', t: 120, durationMs: 10 }, // 1 has ended: back on the top row
      { id: 5, lane: 'grep', t: 55, durationMs: 10 }, // another lane: its own top row
    ]);
    expect([1, 2, 3, 4, 5].map((id) => p.row.get(id))).toEqual([0, 1, 2, 0, 0]);
    expect(Object.fromEntries(p.rows)).toEqual({ bash: 3, grep: 1 });
  });

  it('counts a very short call as lasting minMs, so two ticks drawn on top of each other are moved apart', () => {
    const spans = [
      { id: 1, lane: 'x', t: 0, durationMs: 0 },
      { id: 2, lane: 'x', t: 1, durationMs: 0 },
    ];
    expect(packLanes(spans).row.get(2)).toBe(0);
    expect(packLanes(spans, 5).row.get(2)).toBe(1);
  });
});
