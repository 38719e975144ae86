/** Every table of the ledger, paged by keyset into the virtualized grid, with sorting, filters, column picker, copy. */
import { useCallback, useMemo, useState } from 'react';
import type { ColumnFilter, SortSpec, TableSchemaInfo } from '../../../shared/contract.js';
import { useCall } from '../api/use-call.js';
import { useWalOnlyFrom } from '../api/use-wal-only.js';
import type { RowNav } from '../app-context.js';
import { useApp, useRowNav } from '../app-context.js';
import { DataGrid } from '../components/DataGrid.js';
import { filterInputText, parseFilterInput } from '../components/filter-syntax.js';
import { countLabel, exactCell } from '../components/format.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { href, navigate } from '../router.js';
import { useKeysetWindow } from './use-keyset-window.js';
import type { Cell } from '../../../shared/contract.js';
import type { GridColumn } from '../components/DataGrid.js';
import { IdLink } from '../links/IdLink.js';
import { isIdColumn } from '../links/id-routes.js';
import { PaneLayout } from '../pane/PaneLayout.js';
import { selectInPane } from '../pane/selection.js';
import { visibleText } from '../components/visible-text.js';
import { useBackgroundSort } from './tables/use-background-sort.js';
import { SortProgress } from './tables/SortProgress.js';
import { taggedKey } from './case/use-tagged-events.js';
import { useCaseTags } from './case/CaseTagsScope.js';
import { CaseMark } from './case/CaseMark.js';

export function TablesView(props: { ev: string; table: string | null; sort: SortSpec | null; filters: readonly ColumnFilter[] }) {
  const { ev } = props;
  // The grid needs the columns, which the schema gives at once; the counts (COUNT(*) of every table, a worker's
  // work that a million-row table makes long on a busy machine) fill in beside the names when they come.
  const schema = useCall('tables.schema', { evidenceId: ev });
  const counted = useCall('tables.list', { evidenceId: ev });
  const counts = useMemo(() => new Map(counted.value?.map((t) => [t.name, t.rowCount])), [counted.value]);
  const list = schema.value ?? [];
  const info = list.find((t) => t.name === props.table) ?? null;
  if (schema.error) return <ErrorNote error={schema.error} />;
  return (
    <div className="tables-view">
      <nav className="table-list" aria-label="tables">
        {counted.error && <ErrorNote error={counted.error} />}
        {list.map((t) => {
          const count = rowCountShown(counts.get(t.name), counted.error !== null);
          return (
            <a
              key={t.name}
              href={href({ view: 'tables', ev, table: t.name, sort: null, filters: [] })}
              className={t.name === props.table ? 'active' : ''}
            >
              <span title={visibleText(t.name)}>{visibleText(t.name)}</span>
              <span className="count" title={count.title}>
                {count.text}
              </span>
            </a>
          );
        })}
      </nav>
      <section className="table-main">
        <PaneLayout ev={ev}>
          {info ? (
            <TableGrid
              key={info.name}
              ev={ev}
              info={info}
              rowCount={counts.get(info.name)}
              countFailed={counted.error !== null}
              sort={props.sort}
              filters={props.filters}
            />
          ) : (
            <p className="hint">{schema.loading ? 'Loading tables…' : 'Choose a table.'}</p>
          )}
        </PaneLayout>
      </section>
    </div>
  );
}

/** A table's row count, "…" while it is being counted and "?" when counting failed (the error is shown above). */
function rowCountShown(count: number | undefined, failed: boolean): { readonly text: string; readonly title?: string } {
  if (count !== undefined) return { text: countLabel(count) };
  return failed ? { text: '?', title: 'the rows could not be counted' } : { text: '…', title: 'counting the rows…' };
}

function TableGrid(props: {
  ev: string;
  info: TableSchemaInfo;
  rowCount: number | undefined;
  countFailed: boolean;
  sort: SortSpec | null;
  filters: readonly ColumnFilter[];
}) {
  const { ev, info, sort, filters } = props;
  const walOnlyFrom = useWalOnlyFrom(props.ev);
  const { time } = useApp();
  // A column no index serves sorts in the background; meanwhile the grid shows rowid order (use-background-sort.ts).
  const bg = useBackgroundSort(ev, info, sort, filters);
  // The count spans the scrollbar over every row when it is the count of this order (no filter thins it, or the
  // background sort counted the rows it keeps).
  const sortedRows = bg.status?.state === 'done' ? bg.status.rows : null;
  const total = sortedRows ?? (filters.length === 0 ? props.rowCount : undefined);
  const w = useKeysetWindow(ev, info, bg.effective, filters, total);
  const [jump, setJump] = useState<{ seq: number; position: number } | undefined>(undefined);
  // Spanning, the grid's scroll follows the place (its rows no longer shift it): Start and End move it there.
  const scrollToPlace = (position: number | null): void => {
    if (position !== null && total !== undefined) setJump((j) => ({ seq: (j?.seq ?? 0) + 1, position: Math.max(0, position) }));
  };
  const goToRow = (n: number): void => {
    if (total === undefined || !Number.isFinite(n)) return;
    const position = Math.min(Math.max(0, Math.floor(n) - 1), Math.max(0, total - 1));
    setSel(null);
    setJump((j) => ({ seq: (j?.seq ?? 0) + 1, position }));
    w.seek(position);
  };
  // With filters, the header says how many rows match them (counted in the core up to a cap).
  const matching = useCall('tables.count', filters.length ? { evidenceId: ev, table: info.name, filters } : undefined);
  const [sel, setSel] = useState<{ row: number; col: number } | null>(null);
  const [hidden, setHidden] = useState<Record<string, boolean>>({});
  const [copied, setCopied] = useState(false);
  // Every column sorts: an indexed one by keyset, any other in the background (its header says so).
  const columns = useMemo(
    () =>
      info.columns.map((c) => ({
        name: c.name,
        kind: c.kind,
        sortable: true,
        ...(c.sortable ? {} : { sortTitle: 'sort (no index: sorted in the background, with progress)' }),
      })),
    [info],
  );
  const go = (next: { sort?: SortSpec | null; filters?: readonly ColumnFilter[] }): void =>
    navigate({ view: 'tables', ev, table: info.name, sort: next.sort === undefined ? sort : next.sort, filters: next.filters ?? filters });
  const onSort = (column: string): void => {
    const dir = sort?.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
    go({ sort: { column, direction: dir } });
  };
  // A row opens in the side pane beside the grid (its place and scroll kept); "Open row" below is the full view.
  const openRow = useCallback(
    (i: number) => {
      const rowid = w.state.rowids[i];
      if (rowid !== undefined) selectInPane({ kind: 'row', table: info.name, rowid });
    },
    [w.state.rowids, info.name],
  );
  const tagged = useCaseTags();
  const traceCol = useMemo(() => info.columns.findIndex((c) => c.name === 'trace_id'), [info]);
  const linkCell = useCallback(
    (col: GridColumn, cell: Cell, row: readonly Cell[], text: string) => {
      if (!isIdColumn(col.name, info.name)) return null;
      const trace = traceCol >= 0 ? row[traceCol] : null;
      const tags = col.name === 'event_id' && typeof cell === 'string' ? tagged.get(taggedKey(info.name, cell)) : undefined;
      return (
        <>
          {tags && <CaseMark tags={tags} />}
          <IdLink ev={ev} column={col.name} value={cell} ctx={{ table: info.name, traceId: typeof trace === 'string' ? trace : null }}>
            {text}
          </IdLink>
        </>
      );
    },
    [ev, info.name, traceCol, tagged],
  );
  const onNav = useCallback(
    (nav: RowNav) => {
      const n = w.state.rows.length;
      if (n === 0) return;
      if (nav === 'open') return sel && openRow(sel.row);
      const cur = sel?.row ?? -1;
      const row = Math.max(0, Math.min(n - 1, cur + (nav === 'next' ? 1 : -1)));
      setSel({ row, col: sel?.col ?? 0 });
    },
    [w.state.rows.length, sel, openRow],
  );
  useRowNav(onNav);
  const selectedCell = sel ? w.state.rows[sel.row]?.[sel.col] : undefined;
  const selText = selectedCell === undefined ? '' : exactCell(selectedCell, info.columns[sel!.col]?.kind, time);
  const copy = (): void => {
    void navigator.clipboard?.writeText(selText).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1200);
    });
  };
  const filterFor = (col: string): ColumnFilter | undefined => filters.find((f) => f.column === col);
  return (
    <div className="table-grid">
      <div className="toolbar">
        <h2>{visibleText(info.name)}</h2>
        <span className="muted">
          {rowCountShown(props.rowCount, props.countFailed).text} rows · {countLabel(w.state.rows.length)} loaded
          {sort ? ` · sorted by ${sort.column} ${sort.direction}` : ' · rowid order'}
          {sort && (
            <>
              {' '}
              <SortProgress sort={sort} bg={bg} onCancel={() => (bg.cancel(), go({ sort: null }))} />
            </>
          )}
          {filters.length ? ` · ${filters.length} filter${filters.length > 1 ? 's' : ''}` : ''}
          {filters.length > 0 && (
            <span className="match-count" data-match-count={matching.value ? matching.value.count : ''}>
              {' · '}
              {matching.value
                ? `${matching.value.capped ? 'at least ' : ''}${countLabel(matching.value.count)} match`
                : matching.error
                  ? 'match count failed'
                  : 'counting matches…'}
            </span>
          )}
        </span>
        <span className="spacer" />
        {total !== undefined && w.state.rows.length > 0 && (
          <span className="window-rows" aria-label="rows loaded">
            rows {countLabel(w.state.start + 1)}–{countLabel(w.state.start + w.state.rows.length)}
          </span>
        )}
        {total !== undefined && (
          <input
            className="goto-row"
            aria-label="go to row"
            placeholder="go to row"
            inputMode="numeric"
            onKeyDown={(e) => {
              if (e.key === 'Enter') goToRow(Number(e.currentTarget.value.replace(/[\s,_]/g, '')));
            }}
          />
        )}
        <button type="button" onClick={() => (scrollToPlace(0), w.jumpStart())} title="first rows">
          ⇤ Start
        </button>
        <button type="button" onClick={() => (scrollToPlace(total === undefined ? null : total - 1), w.jumpEnd())} title="last rows">
          End ⇥
        </button>
        {filters.length > 0 && (
          <button type="button" onClick={() => go({ filters: [] })}>
            Clear filters
          </button>
        )}
        <details className="picker">
          <summary>Columns</summary>
          <div className="picker-menu">
            {info.columns.map((c) => (
              <label key={c.name}>
                <input
                  type="checkbox"
                  checked={!hidden[c.name]}
                  onChange={(e) => setHidden((h) => ({ ...h, [c.name]: !e.target.checked }))}
                />{' '}
                {visibleText(c.name)}
              </label>
            ))}
          </div>
        </details>
      </div>
      {w.state.error && <ErrorNote error={w.state.error} />}
      <DataGrid
        label={`${info.name} rows`}
        columns={columns}
        rows={w.state.rows}
        rowKeys={w.state.rowids}
        time={time}
        hidden={Object.fromEntries(Object.entries(hidden).map(([k, v]) => [k, !v]))}
        sort={sort}
        onSort={onSort}
        selected={sel}
        onSelect={setSel}
        onOpen={openRow}
        onNearEnd={w.loadAfter}
        onNearStart={w.loadBefore}
        topShift={w.state.topShift}
        linkCell={linkCell}
        total={total}
        windowStart={w.state.start}
        onSeek={w.seek}
        scrollTo={jump}
        walOnlyFrom={walOnlyFrom?.[info.name]}
        headerExtra={(col) => (
          <input
            className="gfilter"
            aria-label={`filter ${col.name}`}
            placeholder="filter"
            defaultValue={filterFor(col.name) ? filterInputText(filterFor(col.name)!) : ''}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const f = parseFilterInput(
                col.name,
                e.currentTarget.value,
                col.kind === 'integer' || col.kind === 'real' || col.kind === 'unix_ms',
              );
              go({ filters: [...filters.filter((x) => x.column !== col.name), ...(f ? [f] : [])] });
            }}
          />
        )}
      />
      <div className="cellbar">
        {sel && selectedCell !== undefined ? (
          <>
            <span className="cellname">{visibleText(info.columns[sel.col]?.name ?? '')}</span>
            <span className="cellval">{selText === '' && selectedCell === null ? 'NULL' : visibleText(selText.slice(0, 400))}</span>
            <button type="button" onClick={copy}>
              {copied ? 'Copied' : 'Copy cell'}
            </button>
            <a
              className="button"
              href={href({ view: 'row', ev, table: info.name, rowid: w.state.rowids[sel.row]!, body: null, mode: 'text' })}
            >
              Open row
            </a>
          </>
        ) : (
          <span className="muted">Click a cell to select it · double-click or Enter opens the row · j/k move</span>
        )}
      </div>
    </div>
  );
}
