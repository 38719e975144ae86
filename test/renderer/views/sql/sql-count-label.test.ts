// The SQL console's count line (sql-count-label.ts): a result whose child paused its reading until the grid asks
// further on must not claim to be counting; one still being read says it is; the every-hit grid says the same of hits.
import { describe, expect, it } from 'vitest';
import { partialCountLabel, sqlCountLabel } from '../../../../src/renderer/src/views/sql/sql-count-label.js';
import type { SqlWindow } from '../../../../src/renderer/src/views/sql/use-sql-window.js';

const open: SqlWindow = {
  runId: 'r1',
  start: 0,
  rows: [[1], [2]],
  streamed: 20_101,
  done: false,
  paused: false,
  stopped: false,
  reach: 0,
  error: null,
};

describe('sqlCountLabel', () => {
  it('a paused result says how many rows are read and that scrolling reads more, not that it is counting', () => {
    const label = sqlCountLabel({ ...open, paused: true });
    expect(label).toBe('at least 20,101 rows read; more are read as you scroll');
    expect(label).not.toMatch(/counting/);
  });

  it('a result still being read says it is counting', () => {
    expect(sqlCountLabel(open)).toBe('at least 20,101 rows read so far, counting…');
  });

  it('a done result gives its exact count, paused or not', () => {
    expect(sqlCountLabel({ ...open, done: true, streamed: 200_000 })).toBe('200,000 rows');
  });
});

describe('partialCountLabel', () => {
  it('says the same of search hits', () => {
    expect(partialCountLabel(2_000, true, 'hits')).toBe('at least 2,000 hits read; more are read as you scroll');
    expect(partialCountLabel(2_000, false, 'hits')).toBe('at least 2,000 hits read so far, counting…');
  });
});
