/**
 * A sort on a column no index serves: the core sorts it in a worker (tables.sort.*), and until it is done the grid
 * keeps showing rowid order, with the progress in the header. Once done, the sort's pages come by place like any
 * other (`effective` is then the asked sort). Indexed sorts pass straight through. The status is asked again when
 * the core says the sort moved (sort.changed), one ask at a time so an older answer never lands after a newer one.
 */
import { useEffect, useRef, useState } from 'react';
import type { ColumnFilter, SortSpec, TableSchemaInfo, TableSortStatus } from '../../../../shared/contract.js';
import { client } from '../../api/client.js';
import { oneAskAtATime } from '../../api/one-ask-at-a-time.js';
import type { Asker } from '../../api/one-ask-at-a-time.js';
import { useEvidenceEvent } from '../../api/use-evidence-event.js';

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
  const asking = useRef<Asker | null>(null);
  useEvidenceEvent('sort.changed', ev, () => asking.current?.ask());
  const key = JSON.stringify([ev, info.name, column, filters]);
  useEffect(() => {
    setStatus(null);
    setError(null);
    if (column === null) return;
    const a = { evidenceId: ev, table: info.name, column, filters };
    // The start is the first ask (its answer is the first status); every later one asks the status.
    let started = false;
    const asker = oneAskAtATime(async () => {
      const r = await (started ? client.call('tables.sort.status', a) : client.call('tables.sort.start', a));
      started = true;
      if (asker.stopped) return;
      if (r.ok) setStatus(r.value);
      else setError(r.error.message);
    });
    asking.current = asker;
    asker.ask();
    return () => {
      asker.stop();
      if (asking.current === asker) asking.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key names the table, column and filters the sort is started for
  }, [key]);
  const effective = !sort ? null : !unindexed || status?.state === 'done' ? sort : null;
  return {
    status: unindexed ? status : null,
    effective,
    error,
    cancel: () => void client.call('tables.sort.cancel', arg.current),
  };
}
