/**
 * A sort on a column no index serves: the core sorts it in a worker (tables.sort.*), and until it is done the grid
 * keeps showing rowid order, with the progress in the header. Once done, the sort's pages come by place like any
 * other (`effective` is then the asked sort). Indexed sorts pass straight through.
 */
import { useEffect, useRef, useState } from 'react';
import type { ColumnFilter, SortSpec, TableSchemaInfo, TableSortStatus } from '../../../../shared/contract.js';
import { client } from '../../api/client.js';

/** How often a running sort's progress is asked for. */
const POLL_MS = 200;

export interface BackgroundSort {
  /** null: no background sort concerns this view (no sort, or an indexed one). */
  readonly status: TableSortStatus | null;
  /** The sort the grid pages by now: the asked one when an index serves it or the background sort is done. */
  readonly effective: SortSpec | null;
  readonly error: string | null;
  cancel(): void;
}

export function useBackgroundSort(
  ev: string,
  info: TableSchemaInfo,
  sort: SortSpec | null,
  filters: readonly ColumnFilter[],
): BackgroundSort {
  const unindexed = sort !== null && info.columns.find((c) => c.name === sort.column)?.sortable === false;
  const [status, setStatus] = useState<TableSortStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const column = unindexed ? sort.column : null;
  const arg = useRef({ evidenceId: ev, table: info.name, column: column ?? '', filters });
  arg.current = { evidenceId: ev, table: info.name, column: column ?? '', filters };
  const key = JSON.stringify([ev, info.name, column, filters]);
  useEffect(() => {
    setStatus(null);
    setError(null);
    if (column === null) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const a = { evidenceId: ev, table: info.name, column, filters };
    const follow = (s: TableSortStatus): void => {
      if (stop) return;
      setStatus(s);
      if (s.state === 'running') timer = setTimeout(() => void client.call('tables.sort.status', a).then(answer), POLL_MS);
    };
    const answer = (r: Awaited<ReturnType<typeof client.call<'tables.sort.status'>>>): void => {
      if (stop) return;
      if (r.ok) follow(r.value);
      else setError(r.error.message);
    };
    void client.call('tables.sort.start', a).then(answer);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [key]);
  const effective = !sort ? null : !unindexed || status?.state === 'done' ? sort : null;
  return {
    status: unindexed ? status : null,
    effective,
    error,
    cancel: () => void client.call('tables.sort.cancel', arg.current),
  };
}
