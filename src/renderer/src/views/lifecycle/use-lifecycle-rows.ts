/**
 * Lifecycle rows as a window along every matching call, for the spanning grid: keyset pages on at either end as the
 * grid scrolls (200 at a time), and a jump (scrollbar dragged, "go to call N") replaces the window with the rows at that
 * place. A new filter starts over at the top; answers for an older filter are dropped.
 */
import type { LifecycleFilters, LifecyclePage, LifecycleRow } from '../../../../shared/contract/lifecycle.js';
import { client } from '../../api/client.js';
import { usePositionWindow } from '../use-position-window.js';

export function useLifecycleRows(ev: string, filters: LifecycleFilters) {
  const key = JSON.stringify([ev, filters]);
  const { last, ...win } = usePositionWindow<LifecycleRow, number, LifecyclePage>(
    key,
    {},
    (arg) => client.call('lifecycle.calls', { evidenceId: ev, filters, ...arg }),
    (row) => row.id,
  );
  return {
    rows: win.rows,
    start: win.start,
    total: last?.total ?? null,
    error: win.error,
    more: win.more,
    less: win.less,
    seek: win.seek,
  };
}
