/**
 * A sliding window over a keyset-paged table: pages are fetched forward or backward as the grid scrolls, and at
 * most MAX_ROWS are held (rows far off screen are dropped and re-fetched if the reader scrolls back).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cell, ColumnFilter, PageCursor, SortSpec, TablePage, TableSchemaInfo } from '../../../shared/contract.js';
import { client } from '../api/client.js';
import { firstPageRequest, PAGE_ROWS } from '../api/first-calls.js';

export { PAGE_ROWS };
export const MAX_ROWS = 1200;

export interface WindowState {
  readonly rows: readonly (readonly Cell[])[];
  readonly rowids: readonly number[];
  readonly hasBefore: boolean;
  readonly hasAfter: boolean;
  readonly error: { code: string; message: string } | null;
  readonly loading: boolean;
  /** Changes whenever rows are added/removed at the top, with how many (for the grid's scroll). */
  readonly topShift: { seq: number; rows: number };
  /** The place of rows[0] along the whole order (exact, or estimated after a seek on a sorted order). */
  readonly start: number;
}

const EMPTY: WindowState = {
  rows: [],
  rowids: [],
  hasBefore: false,
  hasAfter: false,
  error: null,
  loading: true,
  topShift: { seq: 0, rows: 0 },
  start: 0,
};

/**
 * `total`: the rows of the whole order when known (the table's count, no filter); the grid's scrollbar then spans
 * them, and seek(place) loads the rows at any place by a keyset seek (tables.seek) instead of paging there.
 */
export function useKeysetWindow(
  evidenceId: string,
  table: TableSchemaInfo | null,
  sort: SortSpec | null,
  filters: readonly ColumnFilter[],
  total?: number,
) {
  const [st, setSt] = useState<WindowState>(EMPTY);
  const busy = useRef(false);
  const gen = useRef(0);
  const keyIndex = table && sort ? table.columns.findIndex((c) => c.name === sort.column) : -1;
  const cursorAt = useCallback(
    (s: WindowState, i: number): PageCursor => ({
      value: keyIndex >= 0 ? (s.rows[i]![keyIndex] ?? null) : s.rowids[i]!,
      rowid: s.rowids[i]!,
    }),
    [keyIndex],
  );
  const base = useCallback(
    () => ({ ...firstPageRequest(evidenceId, table!.name, sort, filters), limit: PAGE_ROWS }),
    [evidenceId, table, sort, filters],
  );

  const load = useCallback(
    async (how: 'start' | 'end' | 'after' | 'before') => {
      if (!table || busy.current) return;
      const myGen = gen.current;
      busy.current = true;
      const s = stRef.current;
      let req;
      // The first page: the same request main.tsx may have started already (api/first-calls.ts), one screen's worth.
      if (how === 'start') req = firstPageRequest(evidenceId, table.name, sort, filters);
      // The far end: with a sort, the first page of the reversed order (reversed back below); in rowid order,
      // the page before a rowid past every row.
      else if (how === 'end')
        req = sort
          ? { ...base(), sort: { column: sort.column, direction: sort.direction === 'desc' ? 'asc' : 'desc' } as SortSpec }
          : { ...base(), before: { value: null, rowid: Number.MAX_SAFE_INTEGER } };
      else if (how === 'after') req = { ...base(), after: cursorAt(s, s.rows.length - 1) };
      else req = { ...base(), before: cursorAt(s, 0) };
      const r = await client.call('tables.page', req as Parameters<typeof client.call<'tables.page'>>[1]);
      busy.current = false;
      if (myGen !== gen.current) return;
      if (!r.ok) return setSt((x) => ({ ...x, error: r.error, loading: false }));
      setSt((x) => placed(merge(x, r.value, how, how === 'end' && sort !== null), total));
    },
    [table, base, cursorAt, sort, evidenceId, filters, total],
  );

  const seek = useCallback(
    async (position: number) => {
      if (!table || total === undefined) return;
      const myGen = ++gen.current;
      busy.current = true;
      const r = await client.call('tables.seek', { ...base(), total, position });
      if (myGen !== gen.current) return;
      busy.current = false;
      if (!r.ok) return setSt((x) => ({ ...x, error: r.error, loading: false }));
      const page = r.value;
      setSt((x) =>
        placed(
          {
            rows: page.rows,
            rowids: page.rowids,
            hasBefore: page.position > 0,
            hasAfter: page.hasAfter,
            error: null,
            loading: false,
            topShift: x.topShift,
            start: page.position,
          },
          total,
        ),
      );
    },
    [table, base, total],
  );
  const stRef = useRef(st);
  stRef.current = st;

  // On mount the grid is at the top already: no scroll back to it. Setting scrollTop there forced a synchronous
  // layout of the whole page (100 ms on a busy machine) before the first rows had even arrived.
  const mounted = useRef(false);
  useEffect(() => {
    gen.current++;
    busy.current = false;
    const scrollBack = mounted.current;
    mounted.current = true;
    setSt((x) => ({ ...EMPTY, topShift: scrollBack ? { seq: x.topShift.seq + 1, rows: -1e9 } : x.topShift }));
    if (table) void load('start');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window starts over for a new evidence, table, sort or filters (by value); load reads the rest by ref
  }, [evidenceId, table?.name, JSON.stringify(sort), JSON.stringify(filters)]);

  return {
    state: st,
    loadAfter: () => st.hasAfter && void load('after'),
    loadBefore: () => st.hasBefore && void load('before'),
    jumpStart: () => {
      gen.current++;
      busy.current = false;
      setSt((x) => ({ ...EMPTY, topShift: { seq: x.topShift.seq + 1, rows: -1e9 } }));
      void load('start');
    },
    jumpEnd: () => {
      gen.current++;
      busy.current = false;
      setSt((x) => ({ ...EMPTY, topShift: x.topShift }));
      void load('end');
    },
    seek: (position: number) => void seek(position),
  };
}

/**
 * Keeps the window's place consistent with what the pages said: the first row of the order is place 0, and with an
 * exact total the last is place total − 1 (an estimated seek is corrected as soon as paging reaches either end).
 */
function placed(s: WindowState, total: number | undefined): WindowState {
  if (!s.hasBefore && s.start !== 0) return { ...s, start: 0 };
  if (total !== undefined && !s.hasAfter && s.rows.length > 0 && s.start + s.rows.length !== total)
    return { ...s, start: Math.max(0, total - s.rows.length) };
  return s;
}

function merge(x: WindowState, page: TablePage, how: 'start' | 'end' | 'after' | 'before', reversed: boolean): WindowState {
  const seq = x.topShift.seq + 1;
  switch (how) {
    case 'start':
      return {
        rows: page.rows,
        rowids: page.rowids,
        hasBefore: false,
        hasAfter: page.hasAfter,
        error: null,
        loading: false,
        topShift: x.topShift,
        start: 0,
      };
    case 'end': {
      const rows = reversed ? [...page.rows].reverse() : page.rows;
      const rowids = reversed ? [...page.rowids].reverse() : page.rowids;
      // Its place is set by `placed` from the total (unknown without one: the grid then does not span).
      return {
        rows,
        rowids,
        hasBefore: reversed ? page.hasAfter : page.hasBefore,
        hasAfter: false,
        error: null,
        loading: false,
        topShift: { seq, rows: rows.length },
        start: x.start,
      };
    }
    case 'after': {
      let rows = [...x.rows, ...page.rows];
      let rowids = [...x.rowids, ...page.rowids];
      let dropped = 0;
      if (rows.length > MAX_ROWS) {
        dropped = rows.length - MAX_ROWS;
        rows = rows.slice(dropped);
        rowids = rowids.slice(dropped);
      }
      return {
        rows,
        rowids,
        hasBefore: x.hasBefore || dropped > 0,
        hasAfter: page.hasAfter,
        error: null,
        loading: false,
        topShift: dropped ? { seq, rows: -dropped } : x.topShift,
        start: x.start + dropped,
      };
    }
    case 'before': {
      let rows = [...page.rows, ...x.rows];
      let rowids = [...page.rowids, ...x.rowids];
      const cut = Math.max(0, rows.length - MAX_ROWS);
      if (cut) {
        rows = rows.slice(0, rows.length - cut);
        rowids = rowids.slice(0, rowids.length - cut);
      }
      return {
        rows,
        rowids,
        hasBefore: page.hasBefore,
        hasAfter: x.hasAfter || cut > 0,
        error: null,
        loading: false,
        topShift: { seq, rows: page.rows.length },
        start: Math.max(0, x.start - page.rows.length),
      };
    }
  }
}
