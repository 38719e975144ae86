/**
 * The SQL console's line about how many rows a result has: exact, still counting, waiting to be scrolled further
 * (the child reads only so far ahead of the pages asked), stopped by the reader, or stopped at the spill file's cap
 * (sql-stream.ts), where the rows before the cap stay pageable and the way on is a narrower query.
 */
import { countLabel } from '../../components/format.js';
import type { SqlWindow } from './use-sql-window.js';

const sizeLabel = (bytes: number): string =>
  bytes >= 1024 ** 3
    ? `${Number((bytes / 1024 ** 3).toFixed(1))} GiB`
    : bytes >= 1024 ** 2
      ? `${Number((bytes / 1024 ** 2).toFixed(1))} MiB`
      : `${Math.round(bytes / 1024)} KiB`;

export function spillCapNote(rowsKept: number, capBytes: number): string {
  return `Spill cap reached: the first ${countLabel(rowsKept)} rows are kept (a result holds at most ${sizeLabel(capBytes)} of rows); narrow the query (WHERE, LIMIT, fewer columns) to see the rest`;
}

/**
 * A count not known yet: still being read, or paused until the grid asks further on, when nothing is counting and
 * saying so would be untrue. Also the search's every-hit grid's (`noun` hits).
 */
export function partialCountLabel(streamed: number, paused: boolean, noun: 'rows' | 'hits'): string {
  return paused
    ? `at least ${countLabel(streamed)} ${noun} read; more are read as you scroll`
    : `at least ${countLabel(streamed)} ${noun} read so far, counting…`;
}

export function sqlCountLabel(w: SqlWindow): string {
  const shown = `rows ${countLabel(w.start + 1)}–${countLabel(w.start + w.rows.length)}`;
  if (w.stopped) return `stopped after ${countLabel(w.streamed)} rows read; showing ${shown}`;
  if (w.runId === null) return `${countLabel(w.rows.length)} row${w.rows.length === 1 ? '' : 's'}`;
  if (w.capBytes !== undefined) return spillCapNote(w.streamed, w.capBytes);
  return w.done ? `${countLabel(w.streamed)} rows` : partialCountLabel(w.streamed, w.paused, 'rows');
}
