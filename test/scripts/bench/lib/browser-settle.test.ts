import { describe, expect, it } from 'vitest';
import { cpuDeltaReader, DEFAULT_SETTLE, isQuiet } from '../../../../scripts/bench/lib/browser-settle.js';

describe('isQuiet', () => {
  const opts = { ...DEFAULT_SETTLE, sampleMs: 100, quietMs: 300, budgetMs: 20 };

  it('needs a whole quiet window of samples', () => {
    expect(isQuiet([], opts)).toBe(false);
    expect(isQuiet([0, 0], opts)).toBe(false);
    expect(isQuiet([0, 0, 0], opts)).toBe(true);
  });

  it('looks only at the newest window, against the budget', () => {
    expect(isQuiet([190, 180, 10, 0, 10], opts)).toBe(true);
    expect(isQuiet([190, 180, 10, 0, 20], opts)).toBe(false);
    expect(isQuiet([0, 0, 0, 150], opts)).toBe(false);
  });
});

describe('cpuDeltaReader', () => {
  it('sums what each process used since the last reading, a new one whole, a gone one not at all', () => {
    let tree: number[] = [1, 2];
    const cpu = new Map([
      [1, 100],
      [2, 50],
    ]);
    const read = cpuDeltaReader(
      () => tree,
      (pid) => cpu.get(pid) ?? 0,
    );
    expect(read()).toBe(150);
    cpu.set(1, 130);
    tree = [1, 3];
    cpu.set(3, 40);
    expect(read()).toBe(70);
    expect(read()).toBe(0);
  });
});
