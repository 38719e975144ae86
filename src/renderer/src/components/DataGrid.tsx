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

export const GRID_ROW_HEIGHT = 26;

export interface GridColumn {
  readonly name: string;
  readonly kind?: ColumnInfo['kind'];
  readonly sortable?: boolean;
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
}

export function DataGrid(p: DataGridProps) {
  const columnDefs = useMemo<ColumnDef<readonly Cell[]>[]>(
    () => p.columns.map((c, i) => ({ id: c.name, header: c.name, accessorFn: (row) => row[i] })),
    [p.columns],
  );
  const table = useReactTable({
    data: p.rows as (readonly Cell[])[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    state: { columnVisibility: p.hidden ?? {} },
  });
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: p.rows.length, getScrollElement: () => scroller.current, estimateSize: () => GRID_ROW_HEIGHT, overscan: 12 });
  const items = v.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];

  const lastShift = useRef(0);
  useLayoutEffect(() => {
    const s = p.topShift;
    if (!s || s.seq === lastShift.current || !scroller.current) return;
    lastShift.current = s.seq;
    scroller.current.scrollTop += s.rows * GRID_ROW_HEIGHT;
  }, [p.topShift]);

  useEffect(() => {
    if (last && p.onNearEnd && last.index >= p.rows.length - 30) p.onNearEnd();
    if (first && p.onNearStart && first.index <= 30) p.onNearStart();
  }, [first, last, p]);

  useEffect(() => {
    if (p.selected) v.scrollToIndex(p.selected.row, { align: 'auto' });
    // Only when the selection moves (keyboard j/k), not on every render.
  }, [p.selected?.row]);

  const visible = table.getVisibleLeafColumns();
  const colIndex = (id: string): number => p.columns.findIndex((c) => c.name === id);
  // The visible columns as indexes into p.columns, the same array while they do not change, so the memoised rows
  // below re-render only when their own data does (scrolling renders only the rows that come into view).
  const visibleKey = visible.map((c) => c.id).join('\u0000');
  const cols = useMemo(() => visible.map((c) => colIndex(c.id)), [visibleKey, p.columns]);
  const template = useMemo(() => cols.map((ci) => (p.columns[ci]?.kind === 'timestamp' ? 'minmax(220px, max-content)' : 'minmax(90px, 260px)')).join(' '), [cols, p.columns]);
  const width = `max(100%, ${visible.length * 160}px)`;
  // Stable handlers that always call the latest props (the parent passes fresh closures on each render).
  const latest = useRef(p);
  latest.current = p;
  const select = useCallback((row: number, col: number) => latest.current.onSelect({ row, col }), []);
  const open = useCallback((row: number) => latest.current.onOpen?.(row), []);
  return (
    <div className="grid" role="grid" aria-label={p.label} aria-rowcount={p.rows.length}>
      <div className="grid-scroll" ref={scroller}>
        <div className="grid-head" style={{ gridTemplateColumns: template, width }} role="row">
          {visible.map((c) => {
            const col = p.columns[colIndex(c.id)]!;
            const sorted = p.sort?.column === col.name ? p.sort.direction : null;
            return (
              <div key={c.id} className="gh" role="columnheader" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                {col.sortable && p.onSort ? (
                  <button type="button" className="gh-sort" title="sort (indexed column)" onClick={() => p.onSort?.(col.name)}>
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
        <div className="grid-body" style={{ height: v.getTotalSize(), width }}>
          {items.map((it) => {
            const isSel = p.selected?.row === it.index;
            return (
              <GridRow
                key={String(p.rowKeys[it.index] ?? it.index)}
                index={it.index}
                start={it.start}
                row={p.rows[it.index]!}
                rowKey={String(p.rowKeys[it.index] ?? '')}
                selCol={isSel ? p.selected!.col : null}
                columns={p.columns}
                cols={cols}
                template={template}
                time={p.time}
                onSelect={select}
                onOpen={open}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface GridRowProps {
  readonly index: number;
  readonly start: number;
  readonly row: readonly Cell[];
  readonly rowKey: string;
  /** The selected column when this row is the selected one, else null. */
  readonly selCol: number | null;
  readonly columns: readonly GridColumn[];
  readonly cols: readonly number[];
  readonly template: string;
  readonly time: TimeMode;
  onSelect(row: number, col: number): void;
  onOpen(row: number): void;
}

/** One row; memoised so a scroll re-renders only rows whose data, place or selection changed. */
const GridRow = memo(function GridRow(r: GridRowProps) {
  const isSel = r.selCol !== null;
  return (
    <div
      role="row"
      aria-selected={isSel}
      data-rowkey={r.rowKey}
      className={isSel ? 'gr sel' : 'gr'}
      style={{ transform: `translateY(${r.start}px)`, gridTemplateColumns: r.template }}
      onDoubleClick={() => r.onOpen(r.index)}
    >
      {r.cols.map((ci) => {
        const col = r.columns[ci]!;
        const cell = r.row[ci] ?? null;
        const text = formatCell(cell, col.kind, r.time);
        return (
          <div key={col.name} role="gridcell" className={`gc${cell === null ? ' null' : ''}${r.selCol === ci ? ' csel' : ''}`} onClick={() => r.onSelect(r.index, ci)}>
            {cell === null ? 'NULL' : oneLine(text)}
          </div>
        );
      })}
    </div>
  );
});
