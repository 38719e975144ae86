/**
 * Rows fetched a keyset page at a time as a grid scrolls: one page in flight at a time, answers for an earlier key
 * dropped, and a new key starting over from the first page. `last` is the latest page, for its totals.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../../../shared/errors.js';

export interface KeysetPage<Row, After> {
  readonly rows: readonly Row[];
  /** null: there is no further page. */
  readonly nextAfter: After | null;
}

export interface KeysetPages<Row, P> {
  readonly rows: Row[];
  readonly last: P | null;
  readonly error: { code: string; message: string } | null;
  /** Fetches the next page (a no-op while one is in flight or after the last). */
  readonly more: () => void;
}

/** `fetchPage(undefined)` asks for the first page. The latest `fetchPage` is used; only `key` changing starts over. */
export function useKeysetPages<Row, After, P extends KeysetPage<Row, After>>(
  key: string,
  fetchPage: (after: After | undefined) => Promise<Result<P>>,
): KeysetPages<Row, P> {
  const [rows, setRows] = useState<Row[]>([]);
  const [last, setLast] = useState<P | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const next = useRef<After | null | undefined>(undefined);
  const busy = useRef(false);
  const gen = useRef(0);
  const more = useCallback(() => {
    if (busy.current || next.current === null) return;
    busy.current = true;
    const mine = gen.current;
    void fetchRef.current(next.current).then((r) => {
      busy.current = false;
      if (mine !== gen.current) return;
      if (!r.ok) return setError(r.error);
      next.current = r.value.nextAfter;
      setLast(r.value);
      setRows((old) => [...old, ...r.value.rows]);
    });
    // `key` is what a new first page depends on; fetchPage is read through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key starts a new page chain; the fetch is read through its ref
  }, [key]);
  useEffect(() => {
    gen.current++;
    busy.current = false;
    next.current = undefined;
    setRows([]);
    setLast(null);
    setError(null);
    more();
  }, [more]);
  return { rows, last, error, more };
}
