/**
 * Read-only SQL over the evidence copy, in a killable child process; canned queries ready; results in the grid.
 * A query that was run is in the URL (`?sql=`), so reload, Back and a shared link bring it back; loading another
 * query clears the last one's error and result; a `:trace_id` parameter offers the session's traces; id columns
 * of a result are links (by column name).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SqlResult } from '../../../shared/contract.js';
import { client } from '../api/client.js';
import { useCall } from '../api/use-call.js';
import type { RowNav } from '../app-context.js';
import { useApp, useRowNav } from '../app-context.js';
import { DataGrid } from '../components/DataGrid.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { countLabel, exactCell, msLabel } from '../components/format.js';
import { navigate } from '../router.js';
import type { Cell } from '../../../shared/contract.js';
import type { GridColumn } from '../components/DataGrid.js';
import { IdLink } from '../links/IdLink.js';
import { isIdColumn } from '../links/id-routes.js';
import { visibleText } from '../components/visible-text.js';
import { spanningGridProps, useSqlWindow } from './sql/use-sql-window.js';
import { useSqlWalOnly } from '../components/sql-wal-only.js';
import { sqlCountLabel } from './sql/sql-count-label.js';
import { plural } from '../../../shared/plural.js';

let runCounter = 0;
const newRunId = (): string => `run-${Date.now().toString(36)}-${(runCounter++).toString(36)}`;

const DEFAULT_SQL = 'SELECT name, type FROM sqlite_schema ORDER BY name';
/** Rows of the first page; a longer result stays open in its SQL process and is paged from there (sql.page). */
const FIRST_ROWS = 500;

export function SqlView(props: { ev: string; canned: string | null; sql: string | null }) {
  const { ev } = props;
  const { time } = useApp();
  const canned = useCall('sql.canned', null);
  const [sql, setSql] = useState(props.sql ?? DEFAULT_SQL);
  const [params, setParams] = useState<Record<string, string>>({});
  const [deadline, setDeadline] = useState(5000);
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<SqlResult | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [sel, setSel] = useState<{ row: number; col: number } | null>(null);
  const win = useSqlWindow(ev);
  const [jump, setJump] = useState<{ seq: number; position: number } | undefined>(undefined);
  const editor = useRef<HTMLTextAreaElement>(null);
  const chosen = canned.value?.find((q) => q.id === props.canned) ?? null;
  // A new query loaded (a canned one chosen, or another ad-hoc text from the URL on Back): the last query's error
  // and result belong to that query, not to this one.
  const loaded = props.sql ?? chosen?.sql ?? null;
  // The text a Run just put in the URL comes back here as `loaded`: it is not a new query.
  const lastRun = useRef<string | null>(null);
  useEffect(() => {
    if (loaded === null) return;
    if (loaded === lastRun.current) {
      lastRun.current = null;
      return;
    }
    setSql(loaded);
    if (chosen && !props.sql) setParams(Object.fromEntries(chosen.params.map((p) => [p, ''])));
    setError(null);
    setResult(null);
    win.reset('', null);
    setSel(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a query loaded from the list resets the editor once, not on every edit
  }, [loaded]);
  const needed = useMemo(() => [...new Set([...sql.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!))], [sql]);

  const run = async (): Promise<void> => {
    // The text run is kept in the URL unless it is the chosen canned query's own.
    const adhoc = chosen && chosen.sql === sql ? undefined : sql;
    lastRun.current = sql;
    if (adhoc !== props.sql && !(adhoc === undefined && props.sql === null))
      navigate({ view: 'sql', ev, canned: props.canned, ...(adhoc ? { sql: adhoc } : {}) });
    const runId = newRunId();
    setRunning(runId);
    setError(null);
    const p = Object.fromEntries(needed.map((n) => [n, params[n] ?? '']));
    const r = await client.call('sql.run', {
      evidenceId: ev,
      runId,
      sql,
      deadlineMs: deadline,
      maxRows: FIRST_ROWS,
      paging: 'stream',
      ...(needed.length ? { params: p } : {}),
    });
    setRunning((cur) => (cur === runId ? null : cur));
    if (r.ok) {
      setResult(r.value);
      win.reset(runId, r.value);
      setSel(null);
    } else setError(r.error);
  };
  const cancel = (): void => {
    if (running) void client.call('sql.cancel', { runId: running });
  };
  const rows = win.w.rows;
  const streamed = win.w.runId !== null;
  // The scrollbar spans every row read so far (the exact count once the child has read them all).
  const total = win.total;
  const goToRow = (n: number): void => {
    if (total === undefined || !Number.isFinite(n)) return;
    const position = Math.max(0, Math.floor(n) - 1);
    setSel(null);
    setJump((j) => ({ seq: (j?.seq ?? 0) + 1, position }));
    win.seek(position);
  };
  const onNav = useCallback(
    (nav: RowNav) => {
      const n = rows.length;
      if (!n || nav === 'open') return;
      const cur = sel?.row ?? -1;
      setSel({ row: Math.max(0, Math.min(n - 1, cur + (nav === 'next' ? 1 : -1))), col: sel?.col ?? 0 });
    },
    [rows, sel],
  );
  useRowNav(onNav);
  const columns = useMemo(
    () =>
      result
        ? result.columns.map((c) => ({
            name: c,
            kind: /_unix_ms$/.test(c)
              ? ('unix_ms' as const)
              : /^(timestamp|created_at|sealed_at)$/.test(c)
                ? ('timestamp' as const)
                : undefined,
          }))
        : [],
    [result],
  );
  const keys = useMemo(() => rows.map((_, i) => win.w.start + i), [rows, win.w.start]);
  const walOnly = useSqlWalOnly(result, rows);
  const selCell = sel && result ? rows[sel.row]?.[sel.col] : undefined;
  const traces = useCall('graph.traces', needed.includes('trace_id') ? { evidenceId: ev } : undefined);
  const traceCol = result ? result.columns.indexOf('trace_id') : -1;
  const linkCell = useCallback(
    (col: GridColumn, cell: Cell, row: readonly Cell[], text: string) => {
      if (!isIdColumn(col.name, null)) return null;
      const trace = traceCol >= 0 ? row[traceCol] : null;
      return (
        <IdLink ev={ev} column={col.name} value={cell} ctx={{ traceId: typeof trace === 'string' ? trace : null }}>
          {text}
        </IdLink>
      );
    },
    [ev, traceCol],
  );

  return (
    <div className="sql-view">
      <aside className="canned" aria-label="canned queries">
        <h3>Canned queries</h3>
        {(canned.value ?? []).map((q) => (
          <button
            key={q.id}
            type="button"
            className={q.id === props.canned ? 'canned-q active' : 'canned-q'}
            title={q.description}
            onClick={() => navigate({ view: 'sql', ev, canned: q.id })}
          >
            <strong>{q.title}</strong>
            <span>{q.description}</span>
          </button>
        ))}
      </aside>
      <section className="sql-main">
        <textarea
          ref={editor}
          className="sql-editor"
          aria-label="SQL"
          spellCheck={false}
          value={sql}
          onChange={(e) => setSql(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              if (!running) void run();
            }
          }}
        />
        <div className="toolbar">
          {needed.map((n) => (
            <label key={n} className="param">
              :{n}{' '}
              <input
                aria-label={`parameter ${n}`}
                list={n === 'trace_id' ? 'sql-trace-ids' : undefined}
                value={params[n] ?? ''}
                onChange={(e) => setParams((p) => ({ ...p, [n]: e.target.value }))}
              />
            </label>
          ))}
          {traces.value && (
            <datalist id="sql-trace-ids" data-traces={traces.value.traces.length}>
              {traces.value.traces.map((t) => (
                <option key={t.traceId} value={t.traceId}>
                  {visibleText(`${plural(t.turns, 'turn')} · ${plural(t.modelCalls, 'model call')}`)}
                </option>
              ))}
            </datalist>
          )}
          <label className="param">
            deadline
            <select value={deadline} onChange={(e) => setDeadline(Number(e.target.value))} aria-label="deadline">
              {[1000, 5000, 30000, 120000].map((d) => (
                <option key={d} value={d}>
                  {d / 1000} s
                </option>
              ))}
            </select>
          </label>
          <span className="spacer" />
          {running ? (
            <>
              <span className="muted running">running…</span>
              <button type="button" className="danger" onClick={cancel}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" className="primary" onClick={() => void run()}>
              Run (Ctrl+Enter)
            </button>
          )}
        </div>
        {error && <ErrorNote error={error} />}
        {result && !error && (
          <>
            <p className="muted result-meta">
              <span
                className="sql-count"
                data-done={win.w.done ? 'yes' : 'no'}
                data-capped={win.w.capBytes !== undefined ? 'yes' : undefined}
              >
                {sqlCountLabel(win.w)}
              </span>{' '}
              · first rows in {msLabel(result.elapsedMs)} · read-only, on the evidence copy
              {streamed && !win.w.done && (
                <>
                  {' '}
                  <button type="button" className="danger" onClick={win.stop}>
                    Stop reading
                  </button>
                </>
              )}
              {streamed && rows.length > 0 && (
                <span className="window-rows" aria-label="rows loaded">
                  {' '}
                  · rows {countLabel(win.w.start + 1)}–{countLabel(win.w.start + rows.length)}
                </span>
              )}
              {streamed && (
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
            </p>
            {win.w.error && <ErrorNote error={win.w.error} />}
            {walOnly.note && (
              <p className="muted sql-wal-note" data-testid="sql-wal-note">
                {walOnly.note}
              </p>
            )}
            <DataGrid
              label="query results"
              columns={columns}
              rows={rows}
              rowKeys={keys}
              time={time}
              selected={sel}
              onSelect={setSel}
              linkCell={linkCell}
              {...spanningGridProps(win, jump)}
              {...(walOnly.at ? { walOnlyAt: walOnly.at } : {})}
            />
            {selCell !== undefined && sel && (
              <div className="cellbar">
                <span className="cellname">{visibleText(result.columns[sel.col] ?? '')}</span>
                <span className="cellval">
                  {selCell === null ? 'NULL' : visibleText(exactCell(selCell, columns[sel.col]?.kind, time).slice(0, 400))}
                </span>
                <button
                  type="button"
                  onClick={() =>
                    void navigator.clipboard?.writeText(selCell === null ? '' : exactCell(selCell, columns[sel.col]?.kind, time))
                  }
                >
                  Copy cell
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
