/**
 * Lifecycle rows as a window along every matching call, for the spanning grid: keyset pages on at either end as the
 * grid scrolls (200 at a time), and a jump (scrollbar dragged, "go to call N") replaces the window with the rows at that
 * place. A new filter starts over at the top; answers for an older filter are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LifecycleFilters, LifecyclePage, LifecycleRow } from '../../../../shared/contract/lifecycle.js';
import { client } from '../../api/client.js';

const PAGE = 200;
/** The window is cut back to about this many rows (from the far end) so a long scroll does not hold every call. */
const KEEP = 3000;

interface Win {
  readonly key: string;
  readonly start: number;
  readonly rows: LifecycleRow[];
  readonly last: LifecyclePage | null;
}

export function useLifecycleRows(ev: string, filters: LifecycleFilters) {
  const key = JSON.stringify([ev, filters]);
  const [win, setWin] = useState<Win>({ key, start: 0, rows: [], last: null });
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const busy = useRef(false);
  const keyRef = useRef(key);
  keyRef.current = key;
  const winRef = useRef(win);
  winRef.current = win;
  const ask = useCallback(
    (arg: { after?: number; position?: number; limit?: number }, apply: (p: LifecyclePage) => void, force = false) => {
      if (busy.current && !force) return;
      busy.current = true;
      const mine = keyRef.current;
      void client.call('lifecycle.calls', { evidenceId: ev, filters, limit: PAGE, ...arg }).then((r) => {
        busy.current = false;
        if (mine !== keyRef.current) return;
        if (r.ok) apply(r.value);
        else setError(r.error);
      });
    },
    [key],
  );
  useEffect(() => {
    setWin({ key, start: 0, rows: [], last: null });
    setError(null);
    ask({}, (p) => setWin({ key, start: 0, rows: [...p.rows], last: p }), true);
  }, [key]);
  const more = useCallback(() => {
    const w = winRef.current;
    const tail = w.rows[w.rows.length - 1];
    if (!tail || !w.last || w.last.nextAfter === null) return;
    ask({ after: tail.id }, (p) =>
      setWin((cur) => {
        const rows = [...cur.rows, ...p.rows];
        const cut = Math.max(0, rows.length - KEEP);
        return { ...cur, start: cur.start + cut, rows: rows.slice(cut), last: p };
      }),
    );
  }, [ask]);
  const less = useCallback(() => {
    const w = winRef.current;
    if (w.start === 0 || w.rows.length === 0) return;
    const from = Math.max(0, w.start - PAGE);
    ask({ position: from, limit: w.start - from }, (p) =>
      setWin((cur) => {
        const rows = [...p.rows.slice(0, cur.start - (p.position ?? from)), ...cur.rows];
        return { ...cur, start: p.position ?? from, rows: rows.slice(0, KEEP), last: p };
      }),
    );
  }, [ask]);
  const seek = useCallback(
    (position: number) =>
      ask({ position }, (p) => setWin((cur) => ({ ...cur, start: p.position ?? position, rows: [...p.rows], last: p })), true),
    [ask],
  );
  const current = win.key === key;
  return {
    rows: current ? win.rows : [],
    start: current ? win.start : 0,
    total: current ? (win.last?.total ?? null) : null,
    error,
    more,
    less,
    seek,
  };
}
