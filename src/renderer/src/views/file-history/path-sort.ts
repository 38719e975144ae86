/**
 * The path list's orders: each column's value, a missing time last whichever the direction, ties by path. Times are
 * compared as their text: one ledger's writer writes one format, and the core already chose the text for that time.
 */
import type { FilePathSummary } from '../../../../shared/contract.js';

export const PATH_SORTS = ['path', 'changes', 'firstSeen', 'lastSeen', 'lastAction'] as const;
export type PathSort = (typeof PATH_SORTS)[number];

/** Text compared as SQLite's BINARY order compares it (the core's order), not by locale. */
const cmp = (x: string | number, y: string | number): number => (x < y ? -1 : x > y ? 1 : 0);

export function sortPaths(rows: readonly FilePathSummary[], by: PathSort, dir: 'asc' | 'desc'): FilePathSummary[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[by];
    const y = b[by];
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return cmp(x, y) * sign;
    return cmp(a.path, b.path) * sign;
  });
}
