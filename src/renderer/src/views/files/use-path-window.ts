/**
 * The paths list as a window along the whole order for the spanning grid: keyset pages on at either end as the reader
 * scrolls, and a jump (scrollbar dragged, "go to path N") replaces the window with the rows at that place. A new order
 * or filter starts over at the top. One request at a time; answers for an older key are dropped.
 */
import type { FsPathRow, FsPathSort, FsPathsPage } from '../../../../shared/contract/fs.js';
import { client } from '../../api/client.js';
import { usePositionWindow } from '../use-position-window.js';

export interface PathSort {
  readonly column: FsPathSort;
  readonly direction: 'asc' | 'desc';
}

export function usePathWindow(ev: string, persistOnly: boolean, sort: PathSort) {
  const key = JSON.stringify([ev, persistOnly, sort]);
  const { last, ...win } = usePositionWindow<FsPathRow, string, FsPathsPage>(
    key,
    { position: 0 },
    (arg) => client.call('fs.paths', { evidenceId: ev, persistOnly, sort, ...arg }),
    (row) => row.path,
  );
  return {
    rows: win.rows,
    start: win.start,
    total: last ? count(last, persistOnly) : null,
    totals: last ? { total: last.total, persistTotal: last.persistTotal } : null,
    error: win.error,
    more: win.more,
    less: win.less,
    seek: win.seek,
  };
}

function count(p: FsPathsPage | null, persistOnly = false): number {
  return p === null ? 0 : persistOnly ? p.persistTotal : p.total;
}
