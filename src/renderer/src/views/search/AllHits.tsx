/**
 * Every hit of a search when there are more than one page of them: streamed from the SQL console (search.stream,
 * paged like a SQL result by views/sql/use-sql-window.ts), in a grid whose scrollbar spans the hits read so far (the
 * exact count once all are read), with "go to row N". A row opens in the side pane; its table/rowid is a row link.
 * j/k move the selection and Enter opens it, as in every other grid; the selection is kept by its place in the
 * result, so it stays on its hit while the held window of rows moves.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Cell, SearchKind } from '../../../../shared/contract.js';
import { client } from '../../api/client.js';
import type { RowNav } from '../../app-context.js';
import { useApp, useRowNav } from '../../app-context.js';
import { DataGrid } from '../../components/DataGrid.js';
import type { GridColumn } from '../../components/DataGrid.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { RowLink } from '../../links/RowLink.js';
import { selectInPane } from '../../pane/selection.js';
import { partialCountLabel } from '../sql/sql-count-label.js';
import { spanningGridProps, useSqlWindow } from '../sql/use-sql-window.js';
import { hitStep } from './hit-step.js';

let runCounter = 0;
const newRunId = (): string => `hits-${Date.now().toString(36)}-${(runCounter++).toString(36)}`;
const COLUMNS: readonly GridColumn[] = ['kind', 'table', 'rowid', 'value', 'summary'].map((name) => ({ name }));

export function AllHits(props: { ev: string; q: string; kinds: readonly SearchKind[] }) {
  const { ev, q, kinds } = props;
  const { time } = useApp();
  const win = useSqlWindow(ev);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  /** The selected hit by its place in the whole result (not in the rows held). */
  const [selAt, setSelAtState] = useState<{ pos: number; col: number } | null>(null);
  // The latest selection, ahead of the render (keys pressed faster than the grid renders each move on from the one
  // before), and the place a step fetched when it went past the rows held (held from then on, though not arrived).
  const latest = useRef<{ pos: number; col: number } | null>(null);
  const fetching = useRef<number | null>(null);
  const setSelAt = useCallback((v: { pos: number; col: number } | null) => {
    latest.current = v;
    setSelAtState(v);
  }, []);
  const [jump, setJump] = useState<{ seq: number; position: number } | undefined>(undefined);
  /** Fetches the rows at a place of the whole result and scrolls the grid there ("go to hit", a j/k step past them). */
  const goTo = (position: number): void => {
    setJump((j) => ({ seq: (j?.seq ?? 0) + 1, position }));
    win.seek(position);
  };
  useEffect(() => {
    let stale = false;
    const runId = newRunId();
    setError(null);
    void client.call('search.stream', { evidenceId: ev, runId, query: q, kinds }).then((r) => {
      if (stale) return void (r.ok && r.value.streaming && client.call('sql.close', { runId }));
      if (r.ok) win.reset(runId, r.value);
      else setError(r.error);
      setSelAt(null);
    });
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new search starts only for a new evidence, query or kinds; the window is read as of now
  }, [ev, q, kinds.join(',')]);
  const rows = win.w.rows;
  const total = win.total;
  const keys = useMemo(() => rows.map((_, i) => win.w.start + i), [rows, win.w.start]);
  const rowAt = (i: number): { table: string; rowid: number } | null => {
    const r = rows[i];
    return r && typeof r[1] === 'string' && typeof r[2] === 'number' ? { table: r[1], rowid: r[2] } : null;
  };
  const open = (i: number): void => {
    const at = rowAt(i);
    if (at) selectInPane({ kind: 'row', ...at });
  };
  const start = win.w.start;
  const sel = selAt && selAt.pos >= start && selAt.pos < start + rows.length ? { row: selAt.pos - start, col: selAt.col } : null;
  const onSelect = useCallback(
    (s: { row: number; col: number } | null) => setSelAt(s && { pos: s.row + start, col: s.col }),
    [start, setSelAt],
  );
  const onNav = useCallback(
    (nav: RowNav) => {
      if (rows.length === 0) return;
      if (nav === 'open') return void (sel && open(sel.row));
      // One hit on in the whole result (hit-step.ts): a step past the rows held fetches the rows there and scrolls
      // to them, so k at the top of the rows held goes on up, and j at their end goes on down.
      const cur = latest.current;
      const { pos, fetch } = hitStep({ start, count: rows.length }, cur?.pos ?? null, fetching.current, total, nav === 'next' ? 1 : -1);
      fetching.current = fetch ? pos : null;
      if (fetch) goTo(pos);
      setSelAt({ pos, col: cur?.col ?? 0 });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new search starts only for a new evidence, query or kinds; the window is read as of now
    [rows, start, sel, total, win.seek],
  );
  useRowNav(onNav);
  const linkCell = useCallback(
    (col: GridColumn, _cell: Cell, row: readonly Cell[], text: string) => {
      if (col.name !== 'rowid' || typeof row[1] !== 'string' || typeof row[2] !== 'number') return null;
      return (
        <RowLink ev={ev} table={row[1]} rowid={row[2]}>
          {text}
        </RowLink>
      );
    },
    [ev],
  );
  if (error) return <ErrorNote error={error} />;
  if (rows.length === 0) return <p className="muted">reading every hit…</p>;
  return (
    <div className="all-hits">
      <p className="muted result-meta">
        <span className="hits-count" data-done={win.w.done ? 'yes' : 'no'}>
          {win.w.stopped
            ? `stopped after ${countLabel(win.w.streamed)} hits read`
            : win.w.done
              ? `${countLabel(win.w.streamed)} hits`
              : partialCountLabel(win.w.streamed, win.w.paused, 'hits')}
        </span>
        {win.w.runId && !win.w.done && (
          <>
            {' '}
            <button type="button" className="danger" onClick={win.stop}>
              Stop reading
            </button>
          </>
        )}
        {total !== undefined && (
          <input
            className="goto-row"
            aria-label="go to hit"
            placeholder="go to hit"
            inputMode="numeric"
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const n = Number(e.currentTarget.value.replace(/[\s,_]/g, ''));
              if (!Number.isFinite(n)) return;
              goTo(Math.max(0, Math.floor(n) - 1));
            }}
          />
        )}
      </p>
      {win.w.error && <ErrorNote error={win.w.error} />}
      <DataGrid
        label="every search hit"
        columns={COLUMNS}
        rows={rows}
        rowKeys={keys}
        time={time}
        selected={sel}
        onSelect={onSelect}
        onOpen={open}
        linkCell={linkCell}
        {...spanningGridProps(win, jump)}
      />
    </div>
  );
}
