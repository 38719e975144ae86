/**
 * Paging through an ad-hoc SQL result of any length. `sql.run` with `paging: 'stream'` answers its first rows as
 * before; when more exist the result stays open in its SQL child process, which reads it forward into a spill file
 * beside the scratch copy (row number → row) a bounded distance past the furthest page asked for, so `sql.page`
 * answers any place already read by one rowid seek, and a place not read yet as soon as the stream reaches it.
 * `sql.close` (or `sql.cancel`) ends it.
 */
import type { Cell } from './types.js';
import type { Guard } from './guards.js';
import { int, obj, str } from './guards.js';

export interface SqlPageArg {
  readonly evidenceId: string;
  /** The run id the result was started under. */
  readonly runId: string;
  /** 0-based place of the first row wanted. */
  readonly position: number;
  /** 0..1000 rows; 0 answers the stream's progress only, at once, and does not make the stream read further. */
  readonly limit: number;
}

export interface SqlPage {
  readonly rows: readonly (readonly Cell[])[];
  /** The place of rows[0] (the asked place, or the last rows when it lies past the end). */
  readonly position: number;
  /** Rows read so far from the query. */
  readonly streamed: number;
  /** True once the query has no more rows: `streamed` is then the result's exact count. */
  readonly done: boolean;
  /**
   * True while the stream waits, not done, having read as far past the furthest page asked for as it may: it reads
   * on when a page further on is asked (a progress ask does not count), so `streamed` grows only as pages are asked.
   */
  readonly paused: boolean;
  /**
   * Present when the result was longer than its spill file may hold: reading stopped at this cap (bytes of row
   * text), `done` is true and `streamed` counts the rows kept, not the query's.
   */
  readonly capBytes?: number;
}

/**
 * An open result nobody asked anything of for this long is closed (its child ends, its spill file is removed): a
 * client gone without `sql.close` (a closed tab, a reload) leaves nothing in scratch for long.
 */
export const SQL_IDLE_MS = 2 * 60_000;
/**
 * How often a client showing an open result asks its progress to keep it: a done or paused result is otherwise asked
 * nothing while someone reads it. Well within SQL_IDLE_MS, as a hidden page's timers may run up to a minute late.
 */
export const SQL_KEEP_MS = SQL_IDLE_MS / 4;

export interface SqlPagingChannels {
  /** Rows of an open streamed result at a place; waits (up to the run's deadline) for a place not read yet. */
  'sql.page': { arg: SqlPageArg; result: SqlPage };
  /** Ends an open result: its child process is stopped and its spill file removed. Not an error when none is open. */
  'sql.close': { arg: { readonly runId: string }; result: null };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const SQL_PAGING_ARG_GUARDS: { readonly [C in keyof SqlPagingChannels]: Guard<SqlPagingChannels[C]['arg']> } = {
  'sql.page': obj({ evidenceId: ID, runId: ID, position: int(0, 2 ** 53 - 1), limit: int(0, 1000) }),
  'sql.close': obj({ runId: ID }),
};
