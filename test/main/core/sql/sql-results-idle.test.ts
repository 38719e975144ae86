// An open streamed result nobody asks anything of is closed after two minutes (issue 35: it was kept ten), its
// child killed and its spill file removed; any ask, a progress ask too, keeps it that long again.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptChild } from '../../../../src/main/core/sql/sql-results.js';
import { IDLE_MS, OpenResults } from '../../../../src/main/core/sql/sql-results.js';
import { SQL_KEEP_MS } from '../../../../src/shared/contract/sql-paging.js';

const TWO_MINUTES = 2 * 60_000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sql-idle-'));
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** A child as far as OpenResults uses it: nothing runs, kills are counted. */
function fakeChild(): KeptChild {
  return { handle: { send: () => undefined, on: () => undefined, kill: () => undefined }, gone: false, listener: null };
}

describe('an idle streamed result', () => {
  it('is closed two minutes after the last ask, its child killed and its spill file removed', async () => {
    const killed: KeptChild[] = [];
    const results = new OpenResults((c) => killed.push(c));
    const spill = join(dir, 'r1.db');
    writeFileSync(spill, 'rows');
    const child = fakeChild();
    results.open('r1', child, spill, 5000, 100, () => undefined);

    // A progress ask before the two minutes are up keeps it for two minutes more.
    vi.advanceTimersByTime(TWO_MINUTES - 1000);
    const kept = await results.page('r1', 0, 0);
    expect(kept.ok && kept.value.streamed).toBe(100);
    vi.advanceTimersByTime(TWO_MINUTES - 1);
    expect([killed.length, existsSync(spill)]).toEqual([0, true]);

    vi.advanceTimersByTime(1);
    expect(killed).toEqual([child]);
    expect(existsSync(spill)).toBe(false);
    const gone = await results.page('r1', 0, 0);
    expect(!gone.ok && gone.error.code).toBe('BAD_REQUEST');
  });

  it('is kept while a client shows it: its keep-alive asks come well within the idle time', () => {
    expect(IDLE_MS).toBe(TWO_MINUTES);
    expect(SQL_KEEP_MS * 2).toBeLessThanOrEqual(IDLE_MS);
  });
});
