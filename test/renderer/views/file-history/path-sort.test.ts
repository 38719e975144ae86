// The File history path list's orders: by each column, a missing time last whichever the direction, ties by path.
import { describe, expect, it } from 'vitest';
import type { FilePathSummary } from '../../../../src/shared/contract.js';
import { sortPaths } from '../../../../src/renderer/src/views/file-history/path-sort.js';

const p = (path: string, changes: number, firstSeen: string | null, lastAction = 'modified'): FilePathSummary => ({
  path,
  changes,
  firstSeen,
  lastSeen: firstSeen,
  lastAction,
});
const rows = [p('/b', 2, '2026-03-02T14:00:00Z'), p('/a', 2, null), p('/c', 5, '2026-03-02T13:00:00Z', 'deleted')];
const order = (r: readonly FilePathSummary[]): string[] => r.map((x) => x.path);

describe('sortPaths', () => {
  it('sorts by path, changes and last action, ties by path in the same direction', () => {
    expect(order(sortPaths(rows, 'path', 'asc'))).toEqual(['/a', '/b', '/c']);
    expect(order(sortPaths(rows, 'changes', 'desc'))).toEqual(['/c', '/b', '/a']);
    expect(order(sortPaths(rows, 'changes', 'asc'))).toEqual(['/a', '/b', '/c']);
    expect(order(sortPaths(rows, 'lastAction', 'asc'))).toEqual(['/c', '/a', '/b']);
  });

  it('puts a path with no time last in either direction', () => {
    expect(order(sortPaths(rows, 'firstSeen', 'asc'))).toEqual(['/c', '/b', '/a']);
    expect(order(sortPaths(rows, 'firstSeen', 'desc'))).toEqual(['/b', '/c', '/a']);
  });

  it('leaves the given list as it was', () => {
    sortPaths(rows, 'changes', 'desc');
    expect(order(rows)).toEqual(['/b', '/a', '/c']);
  });
});
