/**
 * The one table component (Tables and SQL): @tanstack/react-table for the column model (visibility, headers),
 * @tanstack/react-virtual for rows, so only what is on screen is in the DOM. Rows are fed from outside (pages of
 * a keyset cursor, or a SQL result); the grid asks for more at either end and keeps the scroll position steady
 * when rows are added or dropped at the top.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
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
  const template = visible.map((c) => (p.columns[colIndex(c.id)]?.kind === 'timestamp' ? 'minmax(220px, max-content)' : 'minmax(90px, 260px)')).join(' ');
  const width = `max(100%, ${visible.length * 160}px)`;
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
            const row = p.rows[it.index]!;
            const isSel = p.selected?.row === it.index;
            return (
              <div
                key={String(p.rowKeys[it.index] ?? it.index)}
                role="row"
                aria-selected={isSel}
                data-rowkey={String(p.rowKeys[it.index] ?? '')}
                className={isSel ? 'gr sel' : 'gr'}
                style={{ transform: `translateY(${it.start}px)`, gridTemplateColumns: template }}
                onDoubleClick={() => p.onOpen?.(it.index)}
              >
                {visible.map((c) => {
                  const ci = colIndex(c.id);
                  const col = p.columns[ci]!;
                  const text = formatCell(row[ci] ?? null, col.kind, p.time);
                  const cellSel = isSel && p.selected?.col === ci;
                  return (
                    <div key={c.id} role="gridcell" className={`gc${row[ci] === null ? ' null' : ''}${cellSel ? ' csel' : ''}`} onClick={() => p.onSelect({ row: it.index, col: ci })}>
                      {row[ci] === null ? 'NULL' : oneLine(text)}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
