/** The paths list, keyset page by page as the grid scrolls; toggling "persistence only" starts over. */
import type { FsPathRow, FsPathsPage } from '../../../../shared/contract/fs.js';
import { client } from '../../api/client.js';
import { useKeysetPages } from '../../api/use-keyset-pages.js';

export function usePaths(ev: string, persistOnly: boolean) {
  const pages = useKeysetPages<FsPathRow, string, FsPathsPage>(JSON.stringify([ev, persistOnly]), (after) =>
    client.call('fs.paths', { evidenceId: ev, limit: 300, persistOnly, ...(after === undefined ? {} : { after }) }),
  );
  const totals = pages.last ? { total: pages.last.total, persistTotal: pages.last.persistTotal } : null;
  return {
    rows: pages.rows,
    totals,
    error: pages.error,
    more: pages.more,
    hasMore: totals !== null && pages.rows.length < (persistOnly ? totals.persistTotal : totals.total),
  };
}
