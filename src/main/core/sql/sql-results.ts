/**
 * The SQL console's streamed results kept open, each in its own child process (sql-stream.ts reads it on into a
 * spill file there, as far ahead of the pages asked as it may). The parent keeps each one's progress (and whether
 * its reading paused) from the child's reports, so a progress-only ask (limit 0) is answered here at once; a page
 * is asked of the child and waited for up to the run's own deadline (a place the stream has not reached yet), which
 * then answers DEADLINE and leaves the result open.
 * At most MAX_OPEN results are kept (the oldest is ended), and one nobody asked anything of for IDLE_MS is ended.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SqlPage } from '../../../shared/contract/sql-paging.js';
import { SQL_IDLE_MS } from '../../../shared/contract/sql-paging.js';
import type { Failure, Result } from '../../../shared/errors.js';
import type { SqlChildHandle } from './sql-child-spawner.js';
import type { SqlChildReply } from './sql-protocol.js';

export const MAX_OPEN = 4;
/** A client showing a result keeps it with a progress ask every SQL_KEEP_MS; one gone leaves it for this long. */
export const IDLE_MS = SQL_IDLE_MS;

/** A child as the console holds it (sql-runner.ts), as far as an open result needs it. */
export interface KeptChild {
  readonly handle: SqlChildHandle;
  gone: boolean;
  listener: { reply(m: SqlChildReply): void; exit(code: number | null, signal: string | null): void } | null;
}

interface Waiter {
  resolve(r: Result<SqlPage>): void;
  timer: ReturnType<typeof setTimeout>;
}

interface OpenResult {
  readonly child: KeptChild;
  readonly spillPath: string;
  readonly deadlineMs: number;
  streamed: number;
  done: boolean;
  /** The child's stream waits for a page asked further on (sql-stream.ts READ_AHEAD_ROWS). */
  paused: boolean;
  /** The spill file's cap, once it stopped the reading. */
  capBytes: number | undefined;
  failure: Failure | null;
  /** Said after the child reports progress or the result fails (the sql.changed event): nobody polls for it. */
  readonly changed: () => void;
  readonly waiters: Map<number, Waiter>;
  idle: ReturnType<typeof setTimeout> | null;
}

/** The spill file of a run: in the scratch folder beside the copy, removed with it when the evidence closes. */
export function spillPathFor(dbCopyPath: string, runId: string): string {
  return join(dirname(dbCopyPath), 'sql-results', `${runId}.db`);
}

const capOf = (r: OpenResult): { capBytes?: number } => (r.capBytes === undefined ? {} : { capBytes: r.capBytes });

export class OpenResults {
  private readonly open_ = new Map<string, OpenResult>();
  private nextId = 1;

  constructor(private readonly kill: (child: KeptChild) => void) {}

  open(runId: string, child: KeptChild, spillPath: string, deadlineMs: number, firstRows: number, changed: () => void): void {
    this.close(runId);
    while (this.open_.size >= MAX_OPEN) this.close(this.open_.keys().next().value!);
    const r: OpenResult = {
      child,
      spillPath,
      deadlineMs,
      streamed: firstRows,
      done: false,
      paused: false,
      capBytes: undefined,
      failure: null,
      changed,
      waiters: new Map(),
      idle: null,
    };
    child.listener = {
      reply: (m) => {
        if (m.type === 'progress' || m.type === 'page') {
          r.streamed = m.streamed;
          r.done = m.done;
          r.paused = m.paused;
          r.capBytes = m.capBytes;
        }
        if (m.type === 'progress') r.changed();
        if (m.type === 'page') {
          const w = r.waiters.get(m.id);
          if (!w) return; // it ran past its deadline and was answered already
          r.waiters.delete(m.id);
          clearTimeout(w.timer);
          const { rows, position, streamed, done, paused } = m;
          w.resolve({ ok: true, value: { rows, position, streamed, done, paused, ...capOf(r) } });
        } else if (m.type === 'error') this.fail(r, m.error);
      },
      exit: (code, signal) =>
        this.fail(r, { code: 'INTERNAL', message: `the SQL process holding this result ended (${signal ?? `exit ${code}`})` }),
    };
    this.open_.set(runId, r);
    this.touch(runId, r);
  }

  private fail(r: OpenResult, failure: Failure): void {
    r.failure = failure;
    for (const w of r.waiters.values()) {
      clearTimeout(w.timer);
      w.resolve({ ok: false, error: failure });
    }
    r.waiters.clear();
    r.changed();
  }

  private touch(runId: string, r: OpenResult): void {
    if (r.idle) clearTimeout(r.idle);
    r.idle = setTimeout(() => this.close(runId), IDLE_MS);
    r.idle.unref?.();
  }

  page(runId: string, position: number, limit: number): Promise<Result<SqlPage>> {
    const r = this.open_.get(runId);
    if (!r) return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: `no open result has run id ${runId}` } });
    this.touch(runId, r);
    if (r.failure) return Promise.resolve({ ok: false, error: r.failure });
    if (limit === 0) {
      const { streamed, done, paused } = r;
      return Promise.resolve({ ok: true, value: { rows: [], position, streamed, done, paused, ...capOf(r) } });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        r.waiters.delete(id);
        resolve({
          ok: false,
          error: {
            code: 'DEADLINE',
            message: `row ${position + 1} was not read within the ${r.deadlineMs} ms deadline (${r.streamed} rows read so far); the result stays open`,
          },
        });
      }, r.deadlineMs);
      r.waiters.set(id, { resolve, timer });
      r.child.handle.send({ type: 'page', id, position, limit });
    });
  }

  close(runId: string): boolean {
    const r = this.open_.get(runId);
    if (!r) return false;
    this.open_.delete(runId);
    if (r.idle) clearTimeout(r.idle);
    this.fail(r, { code: 'CANCELLED', message: `result ${runId} was closed` });
    this.kill(r.child);
    // The child is killed, so the file is no longer written; a copy a Windows lock keeps goes with the scratch folder.
    try {
      rmSync(r.spillPath, { force: true });
    } catch {
      /* removed with the scratch folder */
    }
    return true;
  }

  closeAll(): void {
    for (const id of [...this.open_.keys()]) this.close(id);
  }
}
