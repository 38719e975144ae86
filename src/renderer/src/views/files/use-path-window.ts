/**
 * The paths list as a window along the whole order for the spanning grid: keyset pages on at either end as the reader
 * scrolls, and a jump (scrollbar dragged, "go to path N") replaces the window with the rows at that place. A new order
 * or filter starts over at the top. One request at a time; answers for an older key are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FsPathRow, FsPathSort, FsPathsPage } from '../../../../shared/contract/fs.js';
import { client } from '../../api/client.js';

const PAGE = 200;
/** The window is cut back to about this many rows (from the far end) so a long scroll does not hold every path. */
const KEEP = 3000;

export interface PathSort {
  readonly column: FsPathSort;
  readonly direction: 'asc' | 'desc';
}

export function usePathWindow(ev: string, persistOnly: boolean, sort: PathSort) {
  const key = JSON.stringify([ev, persistOnly, sort]);
  const [win, setWin] = useState<{ key: string; start: number; rows: FsPathRow[]; last: FsPathsPage | null }>({
    key,
    start: 0,
    rows: [],
    last: null,
  });
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const busy = useRef(false);
  const keyRef = useRef(key);
  keyRef.current = key;
  const winRef = useRef(win);
  winRef.current = win;
  const ask = useCallback(
    (arg: { after?: string; position?: number; limit?: number }, apply: (p: FsPathsPage) => void, force = false) => {
      if (busy.current && !force) return;
      busy.current = true;
      const mine = keyRef.current;
      void client.call('fs.paths', { evidenceId: ev, persistOnly, sort, limit: PAGE, ...arg }).then((r) => {
        busy.current = false;
        if (mine !== keyRef.current) return;
        if (r.ok) apply(r.value);
        else setError(r.error);
      });
    },
    [ev, persistOnly, sort.column, sort.direction],
  );
  useEffect(() => {
    setWin({ key, start: 0, rows: [], last: null });
    setError(null);
    ask({ position: 0 }, (p) => setWin({ key, start: p.position ?? 0, rows: [...p.rows], last: p }), true);
  }, [key]);
  const more = useCallback(() => {
    const w = winRef.current;
    const tail = w.rows[w.rows.length - 1];
    if (!tail || !w.last || w.last.nextAfter === null) return;
    ask({ after: tail.path }, (p) =>
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
    total: current && win.last ? count(win.last, persistOnly) : null,
    totals: current && win.last ? { total: win.last.total, persistTotal: win.last.persistTotal } : null,
    error,
    more,
    less,
    seek,
  };
}

function count(p: FsPathsPage | null, persistOnly = false): number {
  return p === null ? 0 : persistOnly ? p.persistTotal : p.total;
}
