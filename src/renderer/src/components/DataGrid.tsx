/**
 * The one table component (Tables and SQL): @tanstack/react-table for the column model (visibility, headers),
 * @tanstack/react-virtual for rows, so only what is on screen is in the DOM. Rows are fed from outside (pages of
 * a keyset cursor, or a SQL result); the grid asks for more at either end and keeps the scroll position steady
 * when rows are added or dropped at the top.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Cell, ColumnInfo, SortSpec } from '../../../shared/contract.js';
import type { TimeMode } from './format.js';
import { formatCell, oneLine } from './format.js';
import { visibleText } from './visible-text.js';
import { WAL_ONLY_TITLE } from '../api/use-wal-only.js';
import { columnOffsets, columnRange, columnWidths, useViewBox } from './column-window.js';
import { visibilityByPlace } from './grid-visibility.js';

export const GRID_ROW_HEIGHT = 26;
/** Rows drawn beyond each edge of the screen: enough for several frames of fast scrolling, few enough to paint. */
const OVERSCAN = 8;
/** More rows are asked for this many rows before the loaded ones end (about half a second of fast scrolling). */
const NEAR_EDGE = 60;
/** Characters of a value drawn in a cell: a column shows at most ~36; the rest is the cell bar's (and copy's). */
const CELL_CHARS = 160;

export interface GridColumn {
  readonly name: string;
  readonly kind?: ColumnInfo['kind'];
  readonly sortable?: boolean;
  /** The sort button's title (default: "sort (indexed column)"). */
  readonly sortTitle?: string;
  /** A fixed width in pixels (e.g. a path column); absent, the width follows the column's kind as before. */
  readonly width?: number;
}

export interface DataGridProps {
  readonly columns: readonly GridColumn[];
  readonly rows: readonly (readonly Cell[])[];
  /** Stable keys (rowids) for the rows. */
  readonly rowKeys: readonly (number | string)[];
  readonly time: TimeMode;
  readonly hidden?: VisibilityState;
  readonly sort?: SortSpec | null;
  onSort?(column: string): void;
  /** Rendered under each header (per-column filter inputs). */
  headerExtra?(column: GridColumn): React.ReactNode;
  readonly selected: { row: number; col: number } | null;
  onSelect(sel: { row: number; col: number }): void;
  onOpen?(row: number): void;
  onNearEnd?(): void;
  onNearStart?(): void;
  /** Rows added (+) or removed (−) at the top since the last render: the scroll moves by as many rows. */
  readonly topShift?: { readonly seq: number; readonly rows: number };
  readonly label: string;
  /**
   * A cell's content as a link (an id: links/id-routes.ts), or null for plain text. Keep it stable (useCallback):
   * rows are memoised and re-render when it changes.
   */
  readonly linkCell?: (column: GridColumn, cell: Cell, row: readonly Cell[], text: string) => React.ReactNode | null;
  /**
   * Rows in the whole order (exact or estimated). Given, the scrollbar spans them all: `rows` are the loaded window,
   * starting at place `windowStart`; places outside it are drawn empty, and when the screen holds none of the loaded
   * rows (the scrollbar was dragged, or scrollTo jumped) the grid asks for the rows there with onSeek.
   */
  readonly total?: number;
  readonly windowStart?: number;
  onSeek?(position: number): void;
  /** Scroll so that this place is the first row on screen (go to row N); a new seq each time. */
  readonly scrollTo?: { readonly seq: number; readonly position: number };
  /** Rows whose key (rowid) is at least this exist only in session.db-wal: they are marked. */
  readonly walOnlyFrom?: number;
  /** Rows (by index in `rows`) that exist only in session.db-wal, when the keys are not one table's rowids (SQL). */
  readonly walOnlyAt?: (row: number) => boolean;
}

/**
 * The most rows a full scrollbar spans: 26 px rows stay below Chromium's ~33.5 million pixel cap on an element's
 * height. A larger order is drawn up to this place (the toolbar's End and go-to still reach the rest).
 */
export const MAX_SPANNED_ROWS = 1_250_000;
/** The rows at the place on screen are asked for at most this often while it is outside the loaded rows (a drag passes many places). */
const SEEK_SETTLE_MS = 60;

export function DataGrid(p: DataGridProps) {
  // Columns are keyed by their place, not their name: a SQL result may name two columns alike (`SELECT 1 AS a,
  // 2 AS a`), and a name key would draw the first one's values twice and keep a stale header on the next result.
  const columnDefs = useMemo<ColumnDef<readonly Cell[]>[]>(
    () => p.columns.map((c, i) => ({ id: String(i), header: c.name, accessorFn: (row) => row[i] })),
    [p.columns],
  );
  const visibility = useMemo(() => visibilityByPlace(p.columns, p.hidden), [p.columns, p.hidden]);
  const table = useReactTable({
    data: p.rows as (readonly Cell[])[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    state: { columnVisibility: visibility },
  });
  const scroller = useRef<HTMLDivElement>(null);
  // Spanning mode (total given): virtual index = place along the whole order; the loaded rows sit at windowStart.
  const spanning = p.total !== undefined;
  const start = spanning ? (p.windowStart ?? 0) : 0;
  const count = spanning ? Math.min(Math.max(p.total!, start + p.rows.length), MAX_SPANNED_ROWS) : p.rows.length;
  const v = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => GRID_ROW_HEIGHT, overscan: OVERSCAN });
  const items = v.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];

  // Rows added (+) or dropped (−) at the top shift every index; `base` keeps index + base fixed for each row.
  // Spanning, a row's place never shifts (windowStart moves instead): base stays 0.
  const baseRef = useRef({ seq: 0, value: 0 });
  const shift = spanning ? undefined : p.topShift;
  if (shift && shift.seq !== baseRef.current.seq) {
    // A reset (the window emptied and started over) is a shift of "every row": back to zero.
    baseRef.current = { seq: shift.seq, value: Math.abs(shift.rows) >= 1e9 ? 0 : baseRef.current.value - shift.rows };
  }
  const lastShift = useRef(0);
  useLayoutEffect(() => {
    const s = p.topShift;
    if (spanning || !s || s.seq === lastShift.current || !scroller.current) return;
    lastShift.current = s.seq;
    scroller.current.scrollTop += s.rows * GRID_ROW_HEIGHT;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the grid's own signals only; the rest is read as of this render on purpose
  }, [p.topShift]);

  // Loaded rows on screen: page on at either end as before; none on screen: ask for the rows there once the
  // screen rests (a drag of the scrollbar passes thousands of places, each would be a request).
  const local = (index: number): number => index - start;
  const onScreen = first !== undefined && last !== undefined && local(last.index) >= 0 && local(first.index) < p.rows.length;
  const seekTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const firstPlace = useRef(0);
  firstPlace.current = first?.index ?? 0;
  useEffect(() => {
    if (!first || !last) return;
    if (spanning && !onScreen && p.onSeek && p.rows.length > 0) {
      // At most one request per SEEK_SETTLE_MS, for the place on screen when it fires (each supersedes the last).
      seekTimer.current ??= setTimeout(() => {
        seekTimer.current = null;
        latest.current.onSeek?.(Math.max(0, firstPlace.current - OVERSCAN));
      }, SEEK_SETTLE_MS);
      return;
    }
    if (p.onNearEnd && local(last.index) >= p.rows.length - NEAR_EDGE) p.onNearEnd();
    if (p.onNearStart && local(first.index) <= NEAR_EDGE) p.onNearStart();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the grid's own signals only; the rest is read as of this render on purpose
  }, [first, last, p]);
  useEffect(() => () => void (seekTimer.current && clearTimeout(seekTimer.current)), []);

  useEffect(() => {
    if (p.selected) v.scrollToIndex(p.selected.row + start, { align: 'auto' });
    // Only when the selection moves (keyboard j/k), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the grid's own signals only; the rest is read as of this render on purpose
  }, [p.selected?.row]);

  const lastJump = useRef(0);
  useLayoutEffect(() => {
    const j = p.scrollTo;
    if (!j || j.seq === lastJump.current || !scroller.current) return;
    lastJump.current = j.seq;
    scroller.current.scrollTop = Math.min(j.position, count - 1) * GRID_ROW_HEIGHT;
  }, [p.scrollTo, count]);

  const visible = table.getVisibleLeafColumns();
  const colIndex = (id: string): number => Number(id);
  // The visible columns as indexes into p.columns, the same array while they do not change, so the memoised rows
  // below re-render only when their own data does (scrolling renders only the rows that come into view).
  const visibleKey = visible.map((c) => c.id).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the grid's own signals only; the rest is read as of this render on purpose
  const cols = useMemo(() => visible.map((c) => colIndex(c.id)), [visibleKey, p.columns]);
  // Fixed pixel widths (no look at the content), and of the visible columns only those the view shows (see
  // column-window.ts): the header keeps every column (its filter inputs keep what is typed in them).
  const view = useViewBox(scroller);
  const widths = useMemo(() => {
    const fixed = cols.map((ci) => p.columns[ci]?.width);
    const fixedSum = fixed.reduce<number>((n, w) => n + (w ?? 0), 0);
    const free = columnWidths(
      cols.filter((_, k) => fixed[k] === undefined).map((ci) => p.columns[ci]?.kind),
      p.time,
      Math.max(0, view.width - fixedSum),
    );
    let next = 0;
    return fixed.map((w) => w ?? free[next++]!);
  }, [cols, p.columns, p.time, view.width]);
  const offsets = useMemo(() => columnOffsets(widths), [widths]);
  const template = useMemo(() => widths.map((w) => `${w}px`).join(' '), [widths]);
  const range = columnRange(offsets, view.left, view.width);
  const rowTemplate = useMemo(
    () =>
      widths
        .slice(range.from, range.to)
        .map((w) => `${w}px`)
        .join(' '),
    [widths, range.from, range.to],
  );
  const shown = useMemo(() => cols.slice(range.from, range.to), [cols, range.from, range.to]);
  const padLeft = offsets[range.from]!;
  const width = `max(100%, ${offsets[offsets.length - 1]!}px)`;
  // Stable handlers that always call the latest props (the parent passes fresh closures on each render).
  const latest = useRef(p);
  latest.current = p;
  // Rows call back with their place (index + base), which does not change when the window shifts; the index is
  // that place less the base at the time of the click.
  // Spanning, the place less windowStart.
  const startRef = useRef(start);
  startRef.current = start;
  const select = useCallback(
    (pos: number, col: number) => latest.current.onSelect({ row: pos - baseRef.current.value - startRef.current, col }),
    [],
  );
  const open = useCallback((pos: number) => latest.current.onOpen?.(pos - baseRef.current.value - startRef.current), []);
  const base = baseRef.current.value;
  // The header does not change while the reader scrolls: built once per column set, sort and filters.
  const head = useMemo(
    () => (
      <div className="grid-head" style={{ gridTemplateColumns: template, width }} role="row">
        {visible.map((c) => {
          const col = p.columns[colIndex(c.id)]!;
          const sorted = p.sort?.column === col.name ? p.sort.direction : null;
          return (
            <div
              key={c.id}
              className="gh"
              role="columnheader"
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
            >
              {col.sortable && p.onSort ? (
                <button
                  type="button"
                  className="gh-sort"
                  title={col.sortTitle ?? 'sort (indexed column)'}
                  onClick={() => p.onSort?.(col.name)}
                >
                  {visibleText(col.name)} <span className="arrow">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                </button>
              ) : (
                <span className="gh-name" title={p.onSort ? 'not indexed: sorting would scan the whole table' : undefined}>
                  {col.name}
                </span>
              )}
              {p.headerExtra?.(col)}
            </div>
          );
        })}
      </div>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the grid's own signals only; the rest is read as of this render on purpose
    [cols, template, width, p.columns, p.sort, p.onSort, p.headerExtra],
  );
  return (
    <div className="grid" role="grid" aria-label={p.label} aria-rowcount={spanning ? p.total : p.rows.length} aria-colcount={cols.length}>
      <div className="grid-scroll" ref={scroller}>
        {head}
        <div className="grid-body" style={{ height: v.getTotalSize(), width }}>
          {/* Rows sit at (index + base) rows down inside a layer moved up by base rows: when rows are dropped or
              added at the top of the window, only this one offset changes, not every row on screen. */}
          <div className="grid-rows" style={{ top: -base * GRID_ROW_HEIGHT }}>
            {items.map((it) => {
              const i = it.index - start;
              const row = p.rows[i];
              // A place whose row is not loaded yet (spanning): an empty row until the seek brings it.
              if (!row)
                return <div key={`at${it.index}`} className="gp" style={{ top: (it.index + base) * GRID_ROW_HEIGHT }} aria-hidden="true" />;
              const isSel = p.selected?.row === i;
              return (
                <GridRow
                  key={String(p.rowKeys[i] ?? it.index)}
                  pos={it.index + base}
                  row={row}
                  rowKey={String(p.rowKeys[i] ?? '')}
                  selCol={isSel ? p.selected!.col : null}
                  columns={p.columns}
                  cols={shown}
                  firstCol={range.from}
                  padLeft={padLeft}
                  template={rowTemplate}
                  time={p.time}
                  onSelect={select}
                  onOpen={open}
                  linkCell={p.linkCell}
                  walOnly={
                    p.walOnlyAt
                      ? p.walOnlyAt(i)
                      : p.walOnlyFrom !== undefined && typeof p.rowKeys[i] === 'number' && p.rowKeys[i] >= p.walOnlyFrom
                  }
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

interface GridRowProps {
  /** Index + base: rows from the top of the rows layer, unchanged when rows are added or dropped above. */
  readonly pos: number;
  readonly row: readonly Cell[];
  readonly rowKey: string;
  /** The selected column when this row is the selected one, else null. */
  readonly selCol: number | null;
  readonly columns: readonly GridColumn[];
  /** The columns this row draws (indexes into columns): those in view. */
  readonly cols: readonly number[];
  /** Position of cols[0] among the visible columns (for aria-colindex). */
  readonly firstCol: number;
  /** Pixels left of the first drawn column (the columns scrolled past). */
  readonly padLeft: number;
  readonly template: string;
  readonly time: TimeMode;
  onSelect(pos: number, col: number): void;
  onOpen(pos: number): void;
  readonly linkCell?: DataGridProps['linkCell'];
  /** The row exists only in session.db-wal. */
  readonly walOnly: boolean;
}

/**
 * One row; memoised so a scroll re-renders only rows whose data, place or selection changed. Its cells do not
 * clip (a clip per cell was a paint chunk per cell, most of each frame's paint and layerize time): each paints an
 * opaque background over the text its left neighbour lets overflow, and the row clips once (contain: strict).
 */
const GridRow = memo(function GridRow(r: GridRowProps) {
  const isSel = r.selCol !== null;
  return (
    <div
      role="row"
      aria-selected={isSel}
      data-rowkey={r.rowKey}
      className={`gr${isSel ? ' sel' : ''}${r.walOnly ? ' wal-only' : ''}`}
      title={r.walOnly ? WAL_ONLY_TITLE : undefined}
      data-wal-only={r.walOnly ? 'true' : undefined}
      style={{ top: r.pos * GRID_ROW_HEIGHT, paddingLeft: r.padLeft, gridTemplateColumns: r.template }}
      onDoubleClick={() => r.onOpen(r.pos)}
    >
      {r.cols.map((ci, k) => {
        const col = r.columns[ci]!;
        const cell = r.row[ci] ?? null;
        const text = formatCell(cell, col.kind, r.time);
        return (
          <div
            key={ci}
            role="gridcell"
            aria-colindex={r.firstCol + k + 1}
            className={`gc${cell === null ? ' null' : ''}${r.selCol === ci ? ' csel' : ''}`}
            onClick={() => r.onSelect(r.pos, ci)}
          >
            {cell === null ? 'NULL' : (r.linkCell?.(col, cell, r.row, oneLine(text, CELL_CHARS)) ?? oneLine(text, CELL_CHARS))}
          </div>
        );
      })}
    </div>
  );
});
