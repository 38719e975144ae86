/**
 * The SQL console's child process: started with child_process.fork in plain Node, or with Electron's
 * utilityProcess.fork in the packaged app (where it talks through `process.parentPort`). better-sqlite3 cannot be interrupted and
 * a worker thread cannot be killed promptly, so an ad-hoc query runs here, where the parent can SIGKILL it.
 * It opens its own hardened read-only connection on the scratch copy, never on evidence.
 */
import Database from 'better-sqlite3';
import type { Cell } from '../../../shared/contract.js';
import { toFailure } from '../../../shared/errors.js';
import { toCell } from '../tables/cells.js';
import { refusalReason } from './sql-guard.js';
import { sqlRowRefs } from './sql-row-refs.js';
import type { SqlChildMessage, SqlChildReply, SqlChildRun } from './sql-protocol.js';
import { ResultStream } from './sql-stream.js';
import { MAX_CELL_CHARS } from './sql-protocol.js';

/** Electron's parent port as far as this file uses it (typed here: core code never imports electron). */
interface ParentPortLike {
  on(event: 'message', listener: (e: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

/** Present only in a utility process; `process.send` is present only under child_process.fork. */
const parentPort = (process as { parentPort?: ParentPortLike | null }).parentPort ?? null;

function send(reply: SqlChildReply): void {
  if (parentPort) parentPort.postMessage(reply);
  else process.send?.(reply);
}

function onMessage(handle: (msg: SqlChildMessage) => void): void {
  const accept = (m: unknown): void => {
    const msg = m as SqlChildMessage | null;
    if (msg?.type === 'run' || msg?.type === 'page') handle(msg);
  };
  if (parentPort) parentPort.on('message', (e) => accept(e.data));
  else process.on('message', accept);
}

function clip(cell: Cell): Cell {
  return typeof cell === 'string' && cell.length > MAX_CELL_CHARS
    ? `${cell.slice(0, MAX_CELL_CHARS)}… [${cell.length - MAX_CELL_CHARS} more characters not shown]`
    : cell;
}

/** The result this child keeps open (a run with a spillPath whose rows went past maxRows): one per child. */
let stream: ResultStream | null = null;
/** What runQuery leaves to do once its reply is sent: start the stream of a kept result. */
let afterReply: (() => void) | null = null;

export function runQuery(msg: SqlChildRun): SqlChildReply {
  const reason = refusalReason(msg.sql);
  if (reason) return { type: 'error', error: { code: 'QUERY_REFUSED', message: reason } };
  const db = new Database(msg.dbPath, { readonly: true, fileMustExist: true });
  let keptOpen = false;
  try {
    // Hostile-database hygiene before any other statement (reliability anchors SQL-1).
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    db.pragma('mmap_size = 0');
    db.pragma('query_only = ON');
    const stmt = db.prepare(msg.sql);
    if (!stmt.readonly)
      return {
        type: 'error',
        error: { code: 'QUERY_REFUSED', message: 'the statement would change the database; the SQL console only reads' },
      };
    if (!stmt.reader)
      return { type: 'error', error: { code: 'QUERY_REFUSED', message: 'the statement returns no rows; only queries run here' } };
    stmt.safeIntegers(true).raw(true);
    const defs = stmt.columns();
    const columns = defs.map((c) => c.name);
    const rowRefs = sqlRowRefs(db, msg.sql, defs);
    const rows: Cell[][] = [];
    let truncated = false;
    const hasParams = Object.keys(msg.params).length > 0;
    const iter = (hasParams ? stmt.iterate(msg.params) : stmt.iterate()) as IterableIterator<unknown[]>;
    const convert = (row: unknown[]): Cell[] => row.map((v) => clip(toCell(v)));
    for (;;) {
      const next = iter.next();
      if (next.done) break;
      if (rows.length >= msg.maxRows) {
        truncated = true;
        if (msg.spillPath) {
          // The row past the first page is the stream's first; the cursor stays open and reads on in slices. The
          // spill file is made and written only after the first page is sent (afterReply), so it never delays it.
          const spillPath = msg.spillPath;
          const held = [...rows, convert(next.value)];
          afterReply = () => {
            try {
              stream = new ResultStream(spillPath, iter, convert, () => db.close(), send, msg.spillCapBytes);
              stream.start(held);
            } catch (e) {
              db.close();
              send({ type: 'error', error: { code: 'INTERNAL', message: `the SQL result could not be kept: ${(e as Error).message}` } });
            }
          };
          keptOpen = true;
          return { type: 'result', columns, rows, truncated, rowRefs, streaming: true };
        }
        iter.return?.();
        break;
      }
      rows.push(convert(next.value));
    }
    return { type: 'result', columns, rows, truncated, rowRefs };
  } catch (e) {
    const f = toFailure(e);
    // SQLite's own messages ("no such table: x") are the useful sentence; keep them, coded as a refusal only when SQLite refused.
    return { type: 'error', error: f.code === 'INTERNAL' ? { code: 'BAD_REQUEST', message: `SQLite: ${f.message}` } : f };
  } finally {
    if (!keptOpen) db.close();
  }
}

onMessage((msg) => {
  if (msg.type === 'run') {
    send(runQuery(msg));
    const after = afterReply;
    afterReply = null;
    if (after) setImmediate(after);
  } else if (stream) stream.page(msg);
  else send({ type: 'error', error: { code: 'BAD_REQUEST', message: 'no result is open in this SQL process' } });
});
send({ type: 'ready' });
