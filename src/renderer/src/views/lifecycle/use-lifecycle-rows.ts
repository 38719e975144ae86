/** Lifecycle rows, keyset page by page (200 at a time) as the grid scrolls; a new filter starts over. */
import type { LifecycleFilters, LifecycleRow, LifecyclePage } from '../../../../shared/contract/lifecycle.js';
import { client } from '../../api/client.js';
import { useKeysetPages } from '../../api/use-keyset-pages.js';

export function useLifecycleRows(ev: string, filters: LifecycleFilters) {
  const pages = useKeysetPages<LifecycleRow, number, LifecyclePage>(JSON.stringify([ev, filters]), (after) =>
    client.call('lifecycle.calls', { evidenceId: ev, filters, limit: 200, ...(after === undefined ? {} : { after }) }),
  );
  return { rows: pages.rows, total: pages.last?.total ?? null, error: pages.error, more: pages.more };
}
