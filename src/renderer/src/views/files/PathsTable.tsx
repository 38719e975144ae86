/**
 * The paths list in the shared grid, spanning every path (the scrollbar covers all 24,000 of a large session, dragged
 * or "go to path N" lands by a seek): sortable by path, changes, last change, size, kind and last action. Persistence
 * paths carry a marker first so they stand out; the path links to its history (File history) and "latest" beside it
 * opens its latest event.
 */
import type { FsPathRow, FsPathSort, PersistKind } from '../../../../shared/contract/fs.js';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Cell } from '../../../../shared/contract.js';
import type { RowNav } from '../../app-context.js';
import { useApp, useRowNav } from '../../app-context.js';
import { usePaneHost } from '../../pane/pane-host.js';
import type { GridColumn } from '../../components/DataGrid.js';
import { DataGrid } from '../../components/DataGrid.js';
import { RowLink } from '../../links/RowLink.js';
import { FileHistoryLink } from '../../links/FileHistoryLink.js';
import { bytesLabel } from '../../components/format.js';
import type { PathSort } from './use-path-window.js';
import { WalOnlyAnyIf } from '../../components/WalOnlyScope.js';

const PERSIST_LABEL: Record<PersistKind, string> = {
  git_hooks: 'git hook',
  git_config: 'git config',
  node_modules: 'node_modules',
  venv: 'virtualenv',
  target: 'build output',
};

/** Grid column → the server's order. */
const SORT_OF: Record<string, FsPathSort> = {
  path: 'path',
  changes: 'events',
  'last change': 'lastTimestamp',
  size: 'size',
  kind: 'kind',
  'last action': 'lastAction',
};
const COLUMN_OF = Object.fromEntries(Object.entries(SORT_OF).map(([c, s]) => [s, c])) as Record<FsPathSort, string>;

const COLUMNS: readonly GridColumn[] = [
  { name: 'path', sortable: true, width: 420 },
  { name: 'changes', kind: 'integer', sortable: true },
  { name: 'last change', kind: 'timestamp', sortable: true },
  { name: 'last action', sortable: true },
  { name: 'kind', sortable: true },
  { name: 'size', sortable: true },
];

export function PathsTable(props: {
  ev: string;
  rows: readonly FsPathRow[];
  start: number;
  total: number | null;
  sort: PathSort;
  onSort(s: PathSort): void;
  more(): void;
  less(): void;
  seek(position: number): void;
  scrollTo?: { readonly seq: number; readonly position: number };
}) {
  const { time } = useApp();
  const [sel, setSel] = useState<{ row: number; col: number } | null>(null);
  const cells = useMemo<Cell[][]>(
    () => props.rows.map((r) => [r.path, r.events, r.lastTimestamp, r.lastAction, r.kind, r.size === null ? null : bytesLabel(r.size)]),
    [props.rows],
  );
  const keys = useMemo(() => props.rows.map((r) => r.path), [props.rows]);
  // j / k move through the paths, Enter opens the selected path's latest event in the side pane. Keys can come
  // faster than renders: each move starts from the latest selection, kept in a ref.
  const host = usePaneHost();
  const selRef = useRef(sel);
  selRef.current = sel;
  const rowsRef = useRef(props.rows);
  rowsRef.current = props.rows;
  const onNav = useCallback(
    (nav: RowNav) => {
      const rows = rowsRef.current;
      if (rows.length === 0) return;
      const cur = selRef.current;
      if (nav === 'open') {
        const r = cur ? rows[cur.row] : undefined;
        if (r) host?.select({ kind: 'row', table: 'fs_events', rowid: r.lastRowid });
        return;
      }
      const next = { row: Math.max(0, Math.min(rows.length - 1, (cur?.row ?? -1) + (nav === 'next' ? 1 : -1))), col: cur?.col ?? 0 };
      selRef.current = next;
      setSel(next);
    },
    [host],
  );
  useRowNav(onNav);
  const byPath = useMemo(() => new Map(props.rows.map((r) => [r.path, r])), [props.rows]);
  const linkCell = useCallback(
    (col: GridColumn, cell: Cell) => {
      if (col.name !== 'path') return null;
      const r = byPath.get(String(cell));
      if (!r) return null;
      return (
        <span className={r.persist ? 'path-cell persist' : 'path-cell'} data-path={r.path} data-persist={r.persist ?? ''}>
          {r.persist && (
            <span className="persist-mark" title="a compromise written here outlives the session">
              ⚠ {PERSIST_LABEL[r.persist]}
            </span>
          )}
          <FileHistoryLink ev={props.ev} path={r.path} />{' '}
          <RowLink ev={props.ev} table="fs_events" rowid={r.lastRowid} className="latest-link">
            latest
          </RowLink>
          <WalOnlyAnyIf lastRowids={{ fs_events: r.lastRowid }} what="this path's latest event" />
        </span>
      );
    },
    [byPath, props.ev],
  );
  const { sort, onSort: sortBy } = props;
  const onSort = useCallback(
    (column: string) => {
      const s = SORT_OF[column];
      if (!s) return;
      const same = sort.column === s;
      // A new column starts at its most telling end: most changes, latest change; text columns A→Z.
      const first = s === 'events' || s === 'lastTimestamp' || s === 'size' ? 'desc' : 'asc';
      sortBy({ column: s, direction: same ? (sort.direction === 'asc' ? 'desc' : 'asc') : first });
    },
    [sort, sortBy],
  );
  return (
    <DataGrid
      columns={COLUMNS}
      rows={cells}
      rowKeys={keys}
      time={time}
      sort={{ column: COLUMN_OF[props.sort.column], direction: props.sort.direction }}
      onSort={onSort}
      selected={sel}
      onSelect={setSel}
      onOpen={(i) => props.rows[i] && host?.select({ kind: 'row', table: 'fs_events', rowid: props.rows[i]!.lastRowid })}
      onNearEnd={props.more}
      onNearStart={props.less}
      linkCell={linkCell}
      label="paths list"
      {...(props.total !== null ? { total: props.total, windowStart: props.start, onSeek: props.seek } : {})}
      {...(props.scrollTo ? { scrollTo: props.scrollTo } : {})}
    />
  );
}
