/**
 * Runs ad-hoc SQL in a child process that can be killed: a deadline or a cancel SIGKILLs it and answers
 * DEADLINE / CANCELLED at once. One warm idle child is kept so the next query does not pay the start-up.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SqlResult } from '../../../shared/contract.js';
import type { Failure, Result } from '../../../shared/errors.js';
import type { SqlChildReply, SqlChildRun } from './sql-protocol.js';

export const DEFAULT_DEADLINE_MS = 5000;
export const DEFAULT_MAX_ROWS = 1000;

export interface SqlRunOptions {
  readonly runId: string;
  readonly sql: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly deadlineMs?: number;
  readonly maxRows?: number;
}

interface Running {
  readonly child: ChildProcess;
  finish(result: Result<SqlResult>): void;
}

/** The child script beside this file: .ts when running from sources (tsx), .js when built. */
function childScript(): { path: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const path = fileURLToPath(new URL(`./sql-child.${fromSources ? 'ts' : 'js'}`, import.meta.url));
  // The heap cap bounds a runaway result; tsx loads the TypeScript sources when not built.
  const execArgv = ['--max-old-space-size=512', ...(fromSources ? ['--import', 'tsx'] : [])];
  return { path, execArgv };
}

export class SqlConsole {
  private spare: ChildProcess | null = null;
  private readonly running = new Map<string, Running>();
  private disposed = false;

  private spawn(): ChildProcess {
    const { path, execArgv } = childScript();
    const child = fork(path, [], { execArgv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    child.stderr?.resume();
    child.on('error', () => undefined);
    return child;
  }

  private takeChild(): ChildProcess {
    const c = this.spare && this.spare.exitCode === null && !this.spare.killed ? this.spare : this.spawn();
    this.spare = null;
    return c;
  }

  /** Starts a child in the background so the first query does not wait for it. */
  warm(): void {
    if (!this.disposed && !this.spare) this.spare = this.spawn();
  }

  run(dbPath: string, opts: SqlRunOptions): Promise<Result<SqlResult>> {
    if (this.disposed) return Promise.resolve({ ok: false, error: { code: 'CANCELLED', message: 'the SQL console was closed' } });
    if (this.running.has(opts.runId)) return Promise.resolve({ ok: false, error: { code: 'BAD_REQUEST', message: `a query with run id ${opts.runId} is already running` } });
    const deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const child = this.takeChild();
    const started = performance.now();
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: Result<SqlResult>, reuse: boolean): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        child.removeListener('message', onMessage);
        child.removeListener('exit', onExit);
        this.running.delete(opts.runId);
        if (reuse && !this.spare && !this.disposed) this.spare = child;
        else child.kill('SIGKILL');
        resolve(result);
      };
      const failWith = (error: Failure): void => finish({ ok: false, error }, false);
      const timer = setTimeout(() => failWith({ code: 'DEADLINE', message: `the query ran past its ${deadlineMs} ms deadline and was stopped` }), deadlineMs);
      const onMessage = (m: SqlChildReply): void => {
        if (m.type === 'ready') return;
        if (m.type === 'error') return finish({ ok: false, error: m.error }, true);
        finish({ ok: true, value: { columns: m.columns, rows: m.rows, truncated: m.truncated, elapsedMs: Math.round(performance.now() - started) } }, true);
      };
      const onExit = (code: number | null, signal: string | null): void =>
        failWith({ code: 'INTERNAL', message: `the SQL process ended unexpectedly (${signal ?? `exit ${code}`}); the query may need more memory than allowed` });
      child.on('message', onMessage);
      child.on('exit', onExit);
      this.running.set(opts.runId, { child, finish: (r) => finish(r, false) });
      const msg: SqlChildRun = { type: 'run', dbPath, sql: opts.sql, params: opts.params ?? {}, maxRows: opts.maxRows ?? DEFAULT_MAX_ROWS };
      child.send(msg);
    });
  }

  /** Kills the run's process; its pending `run` answers CANCELLED. False when no such run is going. */
  cancel(runId: string): boolean {
    const r = this.running.get(runId);
    if (!r) return false;
    r.finish({ ok: false, error: { code: 'CANCELLED', message: `query ${runId} was cancelled` } });
    return true;
  }

  dispose(): void {
    this.disposed = true;
    for (const id of [...this.running.keys()]) this.cancel(id);
    this.spare?.kill('SIGKILL');
    this.spare = null;
  }
}
