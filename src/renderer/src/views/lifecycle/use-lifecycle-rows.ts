/** Lifecycle rows, keyset page by page (200 at a time) as the grid scrolls; a new filter starts over. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LifecycleFilters, LifecycleRow } from '../../../../shared/contract/lifecycle.js';
import { client } from '../../api/client.js';

export function useLifecycleRows(ev: string, filters: LifecycleFilters) {
  const key = JSON.stringify(filters);
  const [rows, setRows] = useState<LifecycleRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const next = useRef<number | null | undefined>(undefined);
  const busy = useRef(false);
  const gen = useRef(0);
  const load = useCallback(() => {
    if (busy.current || next.current === null) return;
    busy.current = true;
    const mine = gen.current;
    const after = next.current;
    void client.call('lifecycle.calls', { evidenceId: ev, filters: JSON.parse(key) as LifecycleFilters, limit: 200, ...(after === undefined ? {} : { after }) }).then((r) => {
      busy.current = false;
      if (mine !== gen.current) return;
      if (!r.ok) return setError(r.error);
      next.current = r.value.nextAfter;
      setTotal(r.value.total);
      setRows((old) => [...old, ...r.value.rows]);
    });
  }, [ev, key]);
  useEffect(() => {
    gen.current++;
    busy.current = false;
    next.current = undefined;
    setRows([]);
    setTotal(null);
    setError(null);
    load();
  }, [load]);
  return { rows, total, error, more: load };
}
