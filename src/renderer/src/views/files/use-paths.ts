/** The paths list, keyset page by page as the grid scrolls; toggling "persistence only" starts over. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FsPathRow } from '../../../../shared/contract/fs.js';
import { client } from '../../api/client.js';

export function usePaths(ev: string, persistOnly: boolean) {
  const [rows, setRows] = useState<FsPathRow[]>([]);
  const [totals, setTotals] = useState<{ total: number; persistTotal: number } | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const next = useRef<string | null | undefined>(undefined);
  const busy = useRef(false);
  const gen = useRef(0);
  const load = useCallback(() => {
    if (busy.current || next.current === null) return;
    busy.current = true;
    const mine = gen.current;
    const after = next.current;
    void client.call('fs.paths', { evidenceId: ev, limit: 300, persistOnly, ...(after === undefined ? {} : { after }) }).then((r) => {
      busy.current = false;
      if (mine !== gen.current) return;
      if (!r.ok) return setError(r.error);
      next.current = r.value.nextAfter;
      setTotals({ total: r.value.total, persistTotal: r.value.persistTotal });
      setRows((old) => [...old, ...r.value.rows]);
    });
  }, [ev, persistOnly]);
  useEffect(() => {
    gen.current++;
    busy.current = false;
    next.current = undefined;
    setRows([]);
    setError(null);
    load();
  }, [load]);
  return { rows, totals, error, more: load, hasMore: totals !== null && rows.length < (persistOnly ? totals.persistTotal : totals.total) };
}
