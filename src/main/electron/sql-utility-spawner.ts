/**
 * The SQL console's child in the desktop app: Electron's utilityProcess.fork. child_process.fork cannot work in the
 * packaged app, because it re-runs the Electron binary as Node and the `runAsNode: false` fuse forbids that. The
 * child (core/sql/sql-child.ts) answers through `process.parentPort` there. `utilityProcess` comes in as a
 * parameter (index.ts passes Electron's), so this file loads and is tested in plain Node.
 */
import type { ForkOptions } from 'electron';
import type { SqlChildHandle, SqlChildSpawner } from '../core/sql/sql-child-spawner.js';
import type { SqlChildReply } from '../core/sql/sql-protocol.js';

/** The part of Electron's UtilityProcess used here (electron.d.ts's class satisfies it; tests pass a fake). */
export interface UtilityChild {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'error', listener: (type: 'FatalError', location: string, report: string) => void): unknown;
  on(event: 'spawn', listener: () => void): unknown;
  postMessage(message: unknown): void;
  kill(): boolean;
  readonly pid: number | undefined;
}

/** Electron's `utilityProcess` module, as far as this file uses it. */
export interface UtilityProcessModule {
  fork(modulePath: string, args?: string[], options?: ForkOptions): UtilityChild;
}

export interface UtilitySpawnerOptions {
  /** Forcibly ends a pid (default SIGKILL); injected so tests never signal a real process. */
  readonly killPid?: (pid: number) => void;
}

const sigkill = (pid: number): void => {
  process.kill(pid, 'SIGKILL');
};

export function utilitySqlChildSpawner(utilityProcess: UtilityProcessModule, options: UtilitySpawnerOptions = {}): SqlChildSpawner {
  const killPid = options.killPid ?? sigkill;
  return {
    start(entryPath, execArgv): SqlChildHandle {
      // stderr inherits the app's, so a child that fails to load says why in the app's log.
      const child = utilityProcess.fork(entryPath, [], {
        execArgv: [...execArgv],
        stdio: ['ignore', 'ignore', 'inherit'],
        serviceName: 'Capsem SQL console',
      });
      let exited = false;
      let killRequested = false;
      const end = (): void => {
        // UtilityProcess.kill() is SIGTERM on POSIX; a query stuck in SQLite must end now, so SIGKILL the pid
        // first, then let Electron reap it through kill().
        const pid = child.pid;
        if (pid !== undefined) {
          try {
            killPid(pid);
          } catch {
            // Already gone between the check and the signal: kill() below is harmless then.
          }
        }
        child.kill();
      };
      child.on('exit', () => {
        exited = true;
      });
      // Killed before it had a pid: end it as soon as it has one, so no orphan outlives the cancel.
      child.on('spawn', () => {
        if (killRequested && !exited) end();
      });
      // An unheard 'error' (a V8 fatal error in the child) would throw in the main process; 'exit' follows it anyway.
      child.on('error', () => undefined);
      return {
        send: (msg) => {
          if (!exited) child.postMessage(msg);
        },
        on(event: 'message' | 'exit', listener: ((reply: SqlChildReply) => void) | ((code: number | null, signal: string | null) => void)) {
          if (event === 'message') child.on('message', (m) => (listener as (reply: SqlChildReply) => void)(m as SqlChildReply));
          else child.on('exit', (code) => (listener as (code: number | null, signal: string | null) => void)(code, null));
        },
        kill: () => {
          if (exited || killRequested) return;
          killRequested = true;
          end();
        },
      };
    },
  };
}
