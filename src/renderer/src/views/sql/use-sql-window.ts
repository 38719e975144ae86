/**
 * The rows of a streamed SQL result held around the place on screen (sql.page): the first page comes with sql.run,
 * the grid asks for the rows at the place it rests on (a drag, "go to row"), or the next/previous page at either
 * edge, and at most MAX_ROWS are held. While the child is still reading the result, its progress is asked when the
 * core says it moved (sql.changed), so the scrollbar grows to the rows read until the count is exact. Once the child
 * has read as far ahead of the pages asked as it may (paused), it says nothing until the next page makes it read on.
 * Only a progress ask every SQL_KEEP_MS keeps a result on screen from being closed as idle.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cell, SqlPage, SqlResult } from '../../../../shared/contract.js';
import { SQL_KEEP_MS } from '../../../../shared/contract/sql-paging.js';
import { client } from '../../api/client.js';
import { oneAskAtATime } from '../../api/one-ask-at-a-time.js';
import type { Asker } from '../../api/one-ask-at-a-time.js';
import { useEvidenceEvent } from '../../api/use-evidence-event.js';

export const PAGE = 300;
const MAX_ROWS = 1500;

export interface SqlWindow {
  readonly runId: string | null;
  readonly start: number;
  readonly rows: readonly (readonly Cell[])[];
  /** Rows read from the query so far; the exact count once `done`. */
  readonly streamed: number;
  readonly done: boolean;
  /** The child waits, not done, for a page further on before it reads more (the grid asks one as it scrolls). */
  readonly paused: boolean;
  /** Reading was stopped by the reader (Stop): the rows held stay, nothing more is paged. */
  readonly stopped: boolean;
  /** The furthest place asked for (go to row N past the rows read so far): the scrollbar reaches it meanwhile. */
  readonly reach: number;
  /** The spill file's cap in bytes when it stopped the reading (`streamed` then counts the rows kept). */
  readonly capBytes?: number;
  readonly error: { code: string; message: string } | null;
}

const EMPTY: SqlWindow = {
  runId: null,
  start: 0,
  rows: [],
  streamed: 0,
  done: true,
  paused: false,
  stopped: false,
  reach: 0,
  error: null,
};

export function useSqlWindow(ev: string) {
  const [w, setW] = useState<SqlWindow>(EMPTY);
  const ref = useRef(w);
  ref.current = w;
  const busy = useRef(false);
  const gen = useRef(0);

  /** A new result: the last streamed one is closed (its child and spill file end). */
  const reset = useCallback((runId: string, result: SqlResult | null) => {
    const old = ref.current.runId;
    if (old) void client.call('sql.close', { runId: old });
    gen.current++;
    busy.current = false;
    const rows = result?.rows ?? [];
    // Only a streamed result is paged (and closed); a shorter one is all in `rows`.
    const streaming = result?.streaming === true;
    setW(
      result
        ? {
            runId: streaming ? runId : null,
            start: 0,
            rows,
            streamed: rows.length,
            done: !streaming,
            paused: false,
            stopped: false,
            reach: 0,
            error: null,
          }
        : EMPTY,
    );
  }, []);

  const fetchAt = useCallback(
    async (position: number, limit: number, how: 'seek' | 'after' | 'before') => {
      const cur = ref.current;
      if (!cur.runId || (how !== 'seek' && busy.current)) return;
      const myGen = ++gen.current;
      busy.current = true;
      if (how === 'seek') setW((x) => ({ ...x, reach: Math.max(x.reach, position + 1) }));
      const r = await client.call('sql.page', { evidenceId: ev, runId: cur.runId, position, limit });
      if (myGen !== gen.current) return;
      busy.current = false;
      if (!r.ok) return setW((x) => ({ ...x, error: r.error }));
      const p = r.value;
      setW((x) => {
        const base = { ...x, ...progressOf(x, p), error: null };
        if (how === 'seek' || x.rows.length === 0) return { ...base, start: p.position, rows: p.rows };
        if (how === 'after' && p.position === x.start + x.rows.length) {
          const rows = [...x.rows, ...p.rows];
          const drop = Math.max(0, rows.length - MAX_ROWS);
          return { ...base, start: x.start + drop, rows: rows.slice(drop) };
        }
        if (how === 'before' && p.position + p.rows.length === x.start) {
          const rows = [...p.rows, ...x.rows];
          return { ...base, start: p.position, rows: rows.slice(0, MAX_ROWS) };
        }
        return { ...base, start: p.position, rows: p.rows };
      });
    },
    [ev],
  );

  // The child's progress while it reads the result: asked once as the result opens (what it said before this
  // window knew its run id went unheard), then each time the core says it moved; one ask at a time, so answers
  // cannot cross.
  const progress = useRef<{ runId: string; asker: Asker } | null>(null);
  const askProgress = useCallback(
    (runId: string): void => {
      if (ref.current.runId !== runId || ref.current.done) return;
      if (progress.current?.runId !== runId) {
        progress.current?.asker.stop();
        const asker = oneAskAtATime(async () => {
          const r = await client.call('sql.page', { evidenceId: ev, runId, position: 0, limit: 0 });
          if (!asker.stopped && r.ok && ref.current.runId === runId) setW((x) => ({ ...x, ...progressOf(x, r.value) }));
        });
        progress.current = { runId, asker };
      }
      progress.current.asker.ask();
    },
    [ev],
  );
  useEvidenceEvent('sql.changed', ev, (said) => {
    const runId = said?.runId ?? ref.current.runId;
    if (runId) askProgress(runId);
  });
  useEffect(() => {
    if (w.runId) askProgress(w.runId);
  }, [w.runId, askProgress]);

  // A result on screen is kept open: the core closes one asked nothing for SQL_IDLE_MS (its client gone), and a done
  // or paused result is otherwise asked nothing while it is read. A progress ask reads no further rows.
  useEffect(() => {
    if (!w.runId) return;
    const runId = w.runId;
    // eslint-disable-next-line no-restricted-syntax -- a keep-alive, not a wait: the result stays open while shown
    const t = setInterval(() => void client.call('sql.page', { evidenceId: ev, runId, position: 0, limit: 0 }), SQL_KEEP_MS);
    return () => clearInterval(t);
  }, [w.runId, ev]);

  // Leaving the view ends an open result.
  useEffect(
    () => () => {
      const cur = ref.current;
      if (cur.runId) void client.call('sql.close', { runId: cur.runId });
    },
    [],
  );

  // Rows the scrollbar spans: every row read, and up to a place asked for beyond them while the child reads on.
  const total = w.runId === null ? undefined : w.done ? w.streamed : Math.max(w.streamed, w.start + w.rows.length, w.reach);
  return {
    w,
    total,
    reset,
    /** Stops reading the result (its child ends, with the rows beyond the ones held). */
    stop: () => {
      const runId = ref.current.runId;
      if (!runId) return;
      void client.call('sql.cancel', { runId });
      gen.current++;
      setW((x) => ({ ...x, runId: null, done: true, stopped: true }));
    },
    seek: (position: number) => void fetchAt(Math.max(0, position), PAGE, 'seek'),
    loadAfter: () => {
      const x = ref.current;
      const next = x.start + x.rows.length;
      if (x.runId && (!x.done || next < x.streamed)) void fetchAt(next, PAGE, 'after');
    },
    loadBefore: () => {
      const x = ref.current;
      if (x.runId && x.start > 0) {
        const from = Math.max(0, x.start - PAGE);
        void fetchAt(from, x.start - from, 'before');
      }
    },
  };
}

/** What a page or progress answer tells of the reading: rows read never go back, nor does done (answers may cross). */
function progressOf(x: SqlWindow, p: SqlPage): Pick<SqlWindow, 'streamed' | 'done' | 'paused' | 'capBytes'> {
  const done = x.done || p.done;
  return { streamed: Math.max(x.streamed, p.streamed), done, paused: !done && p.paused, capBytes: p.capBytes ?? x.capBytes };
}

/**
 * The grid's spanning props for a window of this hook (none until a result is open): the SQL console and the
 * search's every-hit grid page the same way, so they hand the grid the same five things.
 */
export function spanningGridProps(
  win: ReturnType<typeof useSqlWindow>,
  scrollTo: { readonly seq: number; readonly position: number } | undefined,
) {
  return win.total === undefined
    ? {}
    : {
        total: win.total,
        windowStart: win.w.start,
        onSeek: win.seek,
        onNearEnd: win.loadAfter,
        onNearStart: win.loadBefore,
        scrollTo,
      };
}
