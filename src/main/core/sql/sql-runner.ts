/**
 * Runs ad-hoc SQL in a child process that can be killed: a deadline or a cancel kills it and answers
 * DEADLINE / CANCELLED at once. How the child is started is injected (sql-child-spawner.ts): fork in plain Node,
 * Electron's utilityProcess in the packaged app. One warm idle child is kept so the next query does not pay the start-up.
 * The deadline measures the query, not the child: it starts when the child has reported `ready` and the query is
 * sent, so a cold start on a loaded machine (Node + tsx + better-sqlite3 can take seconds) never turns a trivial
 * query into DEADLINE. Start-up has its own, much longer bound. A spare is started again after every run (and when
 * the SQL view opens, service.ts), because a cold start is most of a first page's time (issue 26: 1.5 s of 1.8 s).
 */
import type { SqlResult } from '../../../shared/contract.js';
import type { Failure, Result } from '../../../shared/errors.js';
import type { SqlChildHandle, SqlChildSpawner } from './sql-child-spawner.js';
import { forkSqlChildSpawner } from './sql-child-spawner.js';
import { childProcessScript } from '../workers/worker-entry-url.js';
import type { SqlChildReply, SqlChildRun } from './sql-protocol.js';
import { OpenResults, spillPathFor } from './sql-results.js';
import type { KeptChild } from './sql-results.js';
import type { SqlPage } from '../../../shared/contract/sql-paging.js';

export const DEFAULT_DEADLINE_MS = 5000;
export const DEFAULT_MAX_ROWS = 1000;
/** A child that has not said `ready` by then is killed and the run fails (a start-up hang, not a slow query). */
export const DEFAULT_STARTUP_LIMIT_MS = 30_000;

export interface SqlConsoleOptions {
  /** Extra Node flags for the child (tests: a preload that slows start-up). */
  readonly childExecArgv?: readonly string[];
  readonly startupLimitMs?: number;
  /** How the child is started (default child_process.fork; the Electron app passes a utilityProcess spawner). */
  readonly spawner?: SqlChildSpawner;
  /** The cap of each streamed result's spill file, in bytes of row text (default sql-stream.ts's; tests: small). */
  readonly spillCapBytes?: number;
}

/** The run currently talking to a child: at most one at a time. */
interface ChildListener {
  reply(m: SqlChildReply): void;
  exit(code: number | null, signal: string | null): void;
}

/** A started child and whether it has finished loading (it sends `ready` once its message handler is in place). */
interface SqlChild {
  readonly handle: SqlChildHandle;
  /** Resolves true on `ready`, false if the process ends first. */
  readonly ready: Promise<boolean>;
  /** True once the process has ended or was killed: never handed a query again. */
  gone: boolean;
  listener: ChildListener | null;
}

export interface SqlRunOptions {
  readonly runId: string;
  readonly sql: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly deadlineMs?: number;
  readonly maxRows?: number;
  /** 'stream': a result longer than maxRows stays open for `page` (see sql-results.ts). */
  readonly paging?: 'stream';
  /** A streamed result kept open read on, paused, ended or failed (said after the change). */
  readonly onProgress?: () => void;
}

const noop = (): void => undefined;

interface Running {
  finish(result: Result<SqlResult>): void;
}

/** The child script beside this file (workers/worker-entry-url.ts picks .js or .ts through tsx). */
function childScript(): { path: string; execArgv: string[] } {
  const { path, execArgv } = childProcessScript(import.meta.url, 'sql-child');
  // The heap cap bounds a runaway result.
  return { path, execArgv: ['--max-old-space-size=512', ...execArgv] };
}

export class SqlConsole {
  private spare: SqlChild | null = null;
  private readonly running = new Map<string, Running>();
  private disposed = false;
  /** Streamed results kept open, each in its own child (killed when closed, replaced or idle). */
  private readonly results = new OpenResults((child) => SqlConsole.kill(child));

  constructor(private readonly options: SqlConsoleOptions = {}) {}

  private spawn(): SqlChild {
    const { path, execArgv } = childScript();
    const handle = (this.options.spawner ?? forkSqlChildSpawner).start(path, [...execArgv, ...(this.options.childExecArgv ?? [])]);
    let markReady: (ready: boolean) => void = () => undefined;
    const child: SqlChild = { handle, ready: new Promise<boolean>((resolve) => (markReady = resolve)), gone: false, listener: null };
    handle.on('message', (m) => {
      if (m.type === 'ready') markReady(true);
      else child.listener?.reply(m);
    });
    handle.on('exit', (code, signal) => {
      child.gone = true;
      markReady(false);
      child.listener?.exit(code, signal);
    });
    return child;
  }

  private static kill(child: KeptChild): void {
    child.gone = true;
    child.listener = null;
    child.handle.kill();
  }

  private takeChild(): SqlChild {
    const spare = this.spare;
    this.spare = null;
    return spare && !spare.gone ? spare : this.spawn();
  }

  /** Starts a child in the background so the first query does not wait for it. */
  warm(): void {
    if (!this.disposed && !this.spare) this.spare = this.spawn();
  }

  /** Warms a child and resolves once it is ready to take a query (false if it died or the console is closed). */
  async whenWarm(): Promise<boolean> {
    this.warm();
    return this.spare ? this.spare.ready : false;
  }

  run(dbPath: string, opts: SqlRunOptions): Promise<Result<SqlResult>> {
    if (this.disposed) return Promise.resolve({ ok: false, error: { code: 'CANCELLED', message: 'the SQL console was closed' } });
    if (this.running.has(opts.runId))
      return Promise.resolve({
        ok: false,
        error: { code: 'BAD_REQUEST', message: `a query with run id ${opts.runId} is already running` },
      });
    const deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const startupLimitMs = this.options.startupLimitMs ?? DEFAULT_STARTUP_LIMIT_MS;
    const child = this.takeChild();
    return new Promise((resolve) => {
      let done = false;
      let started = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const spillPath = opts.paging === 'stream' ? spillPathFor(dbPath, opts.runId) : undefined;
      const finish = (result: Result<SqlResult>, reuse: boolean | 'keep'): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        child.listener = null;
        this.running.delete(opts.runId);
        if (reuse === 'keep' && spillPath && !child.gone && !this.disposed)
          this.results.open(opts.runId, child, spillPath, deadlineMs, result.ok ? result.value.rows.length : 0, opts.onProgress ?? noop);
        else if (reuse === true && !child.gone && !this.spare && !this.disposed) this.spare = child;
        else SqlConsole.kill(child);
        resolve(result);
        // The next query should not pay a child's start-up (hundreds of ms, seconds on a loaded machine): a run that
        // took the spare, or kept its child for a streamed result, leaves none. Started after this answer is sent,
        // so it never delays these first rows.
        if (!this.disposed && !this.spare) setImmediate(() => this.warm());
      };
      const failWith = (error: Failure): void => finish({ ok: false, error }, false);
      const onMessage = (m: SqlChildReply): void => {
        if (m.type === 'ready') return;
        if (m.type === 'error') return finish({ ok: false, error: m.error }, true);
        if (m.type !== 'result') return;
        const streaming = m.streaming === true;
        finish(
          {
            ok: true,
            value: {
              columns: m.columns,
              rows: m.rows,
              truncated: m.truncated,
              elapsedMs: Math.round(performance.now() - started),
              rowRefs: m.rowRefs,
              ...(streaming ? { streaming } : {}),
            },
          },
          streaming ? 'keep' : true,
        );
      };
      const onExit = (code: number | null, signal: string | null): void =>
        failWith({
          code: 'INTERNAL',
          message: `the SQL process ended unexpectedly (${signal ?? `exit ${code}`}); the query may need more memory than allowed`,
        });
      child.listener = { reply: onMessage, exit: onExit };
      this.running.set(opts.runId, { finish: (r) => finish(r, false) });
      timer = setTimeout(
        () => failWith({ code: 'INTERNAL', message: `the SQL process did not start within ${startupLimitMs} ms` }),
        startupLimitMs,
      );
      void child.ready.then((ready) => {
        if (done || !ready) return; // cancelled meanwhile, or onExit answers
        clearTimeout(timer);
        // The query's own clock starts here, once the child can take it.
        started = performance.now();
        timer = setTimeout(
          () => failWith({ code: 'DEADLINE', message: `the query ran past its ${deadlineMs} ms deadline and was stopped` }),
          deadlineMs,
        );
        const msg: SqlChildRun = {
          type: 'run',
          dbPath,
          sql: opts.sql,
          params: opts.params ?? {},
          maxRows: opts.maxRows ?? DEFAULT_MAX_ROWS,
          ...(spillPath ? { spillPath } : {}),
          ...(spillPath && this.options.spillCapBytes !== undefined ? { spillCapBytes: this.options.spillCapBytes } : {}),
        };
        child.handle.send(msg);
      });
    });
  }

  /** Rows of a streamed result kept open under `runId` (see sql-results.ts). */
  page(runId: string, position: number, limit: number): Promise<Result<SqlPage>> {
    return this.results.page(runId, position, limit);
  }

  /** Ends a streamed result (its child and spill file). False when none is open under that id. */
  closeResult(runId: string): boolean {
    return this.results.close(runId);
  }

  /** Kills the run's process; its pending `run` answers CANCELLED, an open streamed result ends. False when no such run is going. */
  cancel(runId: string): boolean {
    if (this.results.close(runId)) return true;
    const r = this.running.get(runId);
    if (!r) return false;
    r.finish({ ok: false, error: { code: 'CANCELLED', message: `query ${runId} was cancelled` } });
    return true;
  }

  dispose(): void {
    this.disposed = true;
    for (const id of [...this.running.keys()]) this.cancel(id);
    this.results.closeAll();
    if (this.spare) SqlConsole.kill(this.spare);
    this.spare = null;
  }
}
