/**
 * Every path the session changed, in the shared grid (only the rows on screen are drawn, so a session's tens of
 * thousands of paths scroll as a few dozen do): changes, last action, first and last seen, sortable by each (the times
 * last: at 1024 px the grid scrolls sideways past them, not past the action). The path is a link to its history; j / k
 * move the selection and Enter opens it.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Cell, FilePathSummary } from '../../../../shared/contract.js';
import type { RowNav } from '../../app-context.js';
import { useApp, useRowNav } from '../../app-context.js';
import type { GridColumn } from '../../components/DataGrid.js';
import { DataGrid } from '../../components/DataGrid.js';
import { FileHistoryLink } from '../../links/FileHistoryLink.js';
import { navigate } from '../../router.js';
import type { PathSort } from './path-sort.js';
import { sortPaths } from './path-sort.js';

const SORT_OF: Readonly<Record<string, PathSort>> = {
  path: 'path',
  changes: 'changes',
  'first seen': 'firstSeen',
  'last seen': 'lastSeen',
  'last action': 'lastAction',
};
const COLUMN_OF = Object.fromEntries(Object.entries(SORT_OF).map(([c, s]) => [s, c])) as Record<PathSort, string>;

const COLUMNS: readonly GridColumn[] = [
  { name: 'path', sortable: true, sortTitle: 'sort by path', width: 460 },
  { name: 'changes', kind: 'integer', sortable: true, sortTitle: 'sort by changes' },
  { name: 'last action', sortable: true, sortTitle: 'sort by last action' },
  { name: 'first seen', kind: 'timestamp', sortable: true, sortTitle: 'sort by first seen' },
  { name: 'last seen', kind: 'timestamp', sortable: true, sortTitle: 'sort by last seen' },
];

export function PathListTable(props: { ev: string; paths: readonly FilePathSummary[] }) {
  const { ev } = props;
  const { time } = useApp();
  const [sort, setSort] = useState<{ by: PathSort; dir: 'asc' | 'desc' }>({ by: 'path', dir: 'asc' });
  const rows = useMemo(() => sortPaths(props.paths, sort.by, sort.dir), [props.paths, sort]);
  const cells = useMemo<Cell[][]>(() => rows.map((r) => [r.path, r.changes, r.lastAction, r.firstSeen, r.lastSeen]), [rows]);
  const keys = useMemo(() => rows.map((r) => r.path), [rows]);
  const [sel, setSel] = useState<{ row: number; col: number } | null>(null);
  // Keys can come faster than renders: each move starts from the latest selection and rows, kept in refs.
  const selRef = useRef(sel);
  selRef.current = sel;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const open = useCallback(
    (i: number) => {
      const r = rowsRef.current[i];
      if (r) navigate({ view: 'file-history', ev, path: r.path });
    },
    [ev],
  );
  const onNav = useCallback(
    (nav: RowNav) => {
      const n = rowsRef.current.length;
      if (n === 0) return;
      const cur = selRef.current;
      if (nav === 'open') return cur ? open(cur.row) : undefined;
      const next = { row: Math.max(0, Math.min(n - 1, (cur?.row ?? -1) + (nav === 'next' ? 1 : -1))), col: cur?.col ?? 0 };
      selRef.current = next;
      setSel(next);
    },
    [open],
  );
  useRowNav(onNav);
  const linkCell = useCallback(
    (col: GridColumn, cell: Cell) =>
      col.name === 'path' && typeof cell === 'string' ? (
        <span className="fh-path-cell" data-path={cell}>
          <FileHistoryLink ev={ev} path={cell} />
        </span>
      ) : null,
    [ev],
  );
  const onSort = useCallback((column: string) => {
    const by = SORT_OF[column];
    if (!by) return;
    // A new column starts at its most telling end: most changes, latest seen; text A→Z, first seen earliest.
    const first = by === 'changes' || by === 'lastSeen' ? 'desc' : 'asc';
    setSort((s) => ({ by, dir: s.by === by ? (s.dir === 'asc' ? 'desc' : 'asc') : first }));
  }, []);
  return (
    <DataGrid
      columns={COLUMNS}
      rows={cells}
      rowKeys={keys}
      time={time}
      sort={{ column: COLUMN_OF[sort.by], direction: sort.dir }}
      onSort={onSort}
      selected={sel}
      onSelect={setSel}
      onOpen={open}
      linkCell={linkCell}
      label="file paths"
    />
  );
}
