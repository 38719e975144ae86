/**
 * A list as a window along its whole order, for the spanning grid: keyset pages on at either end as the grid scrolls
 * (`more` after the tail's key, `less` by place before the head), and a jump (scrollbar dragged, "go to row N")
 * replaces the window with the rows at that place. A new `key` (order, filter) starts over with the `first` ask.
 * One request at a time; answers for an older key are dropped. The files and lifecycle lists both page this way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Failure, Result } from '../../../shared/errors.js';

const PAGE = 200;
/** The window is cut back to about this many rows (from the far end) so a long scroll does not hold every row. */
const KEEP = 3000;

/** What the list's channel takes besides its own filters: a keyset `after`, or a place and how many. */
export interface PositionAsk<K> {
  readonly after?: K;
  readonly position?: number;
  readonly limit?: number;
}

/** What the list's channel answers: a page of rows, whether more follow, and the place of rows[0] when asked. */
export interface PositionPage<R> {
  readonly rows: readonly R[];
  readonly nextAfter: unknown;
  readonly position?: number;
}

interface Win<R, P> {
  readonly key: string;
  readonly start: number;
  readonly rows: R[];
  readonly last: P | null;
}

/**
 * `fetch` asks the channel (it is read at each ask, so it may close over the latest filters); `keyOf` gives a row's
 * keyset key for `more`. `last` is the newest page for the current key (null before the first), for its totals.
 */
export function usePositionWindow<R, K, P extends PositionPage<R>>(
  key: string,
  first: PositionAsk<K>,
  fetch: (arg: PositionAsk<K>) => Promise<Result<P>>,
  keyOf: (row: R) => K,
) {
  const [win, setWin] = useState<Win<R, P>>({ key, start: 0, rows: [], last: null });
  const [error, setError] = useState<Failure | null>(null);
  const busy = useRef(false);
  const keyRef = useRef(key);
  keyRef.current = key;
  const winRef = useRef(win);
  winRef.current = win;
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  const ask = useCallback(
    (arg: PositionAsk<K>, apply: (p: P) => void, force = false) => {
      if (busy.current && !force) return;
      busy.current = true;
      const mine = keyRef.current;
      void fetchRef.current({ limit: PAGE, ...arg }).then((r) => {
        busy.current = false;
        if (mine !== keyRef.current) return;
        if (r.ok) apply(r.value);
        else setError(r.error);
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key starts over; the first ask and the fetch are read as of that key
    [key],
  );
  useEffect(() => {
    setWin({ key, start: 0, rows: [], last: null });
    setError(null);
    ask(first, (p) => setWin({ key, start: p.position ?? 0, rows: [...p.rows], last: p }), true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key starts over; the first ask and the fetch are read as of that key
  }, [key]);
  const more = useCallback(() => {
    const w = winRef.current;
    const tail = w.rows[w.rows.length - 1];
    if (!tail || !w.last || w.last.nextAfter === null) return;
    ask({ after: keyOfRef.current(tail) }, (p) =>
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
    last: current ? win.last : null,
    error,
    more,
    less,
    seek,
  };
}
