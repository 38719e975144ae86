/**
 * How the SQL console starts its killable child. Plain Node (CLI, serve mode, tests) uses child_process.fork;
 * the packaged Electron app cannot (its `runAsNode: false` fuse stops the Electron binary from acting as Node),
 * so the Electron glue injects a spawner built on `utilityProcess.fork`. Nothing here imports electron.
 */
import { fork } from 'node:child_process';
import type { SqlChildMessage, SqlChildReply } from './sql-protocol.js';

type MessageListener = (reply: SqlChildReply) => void;
type ExitListener = (code: number | null, signal: string | null) => void;

/** One started child. Listeners are added once per child and never removed; the console dispatches from them. */
export interface SqlChildHandle {
  send(msg: SqlChildMessage): void;
  on(event: 'message', listener: MessageListener): void;
  /** Fires at most once, also when the process could not be started at all. */
  on(event: 'exit', listener: ExitListener): void;
  /** Ends the process at once, even mid-query (a blocked better-sqlite3 call cannot be interrupted otherwise). */
  kill(): void;
}

export interface SqlChildSpawner {
  /** Starts the child script at `entryPath` with these runtime flags (heap cap; tsx when running from sources). */
  start(entryPath: string, execArgv: readonly string[]): SqlChildHandle;
}

/** The plain-Node spawner: child_process.fork with an IPC channel, SIGKILL to stop. */
export const forkSqlChildSpawner: SqlChildSpawner = {
  start(entryPath, execArgv) {
    // stderr is drained and dropped: a child killed by its heap cap prints a V8 report nobody should see.
    const proc = fork(entryPath, [], { execArgv: [...execArgv], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    proc.stderr?.resume();
    const exitListeners: ExitListener[] = [];
    let exited = false;
    const exit = (code: number | null, signal: string | null): void => {
      if (exited) return;
      exited = true;
      for (const l of exitListeners) l(code, signal);
    };
    proc.once('exit', exit);
    // A failed spawn (or a failed kill) emits 'error', sometimes without 'exit': treat a spawn failure as an end.
    proc.on('error', () => {
      if (proc.pid === undefined) exit(null, null);
    });
    return {
      send: (msg) => {
        // A child that died meanwhile answers through 'exit'; the send's own error is not the useful one.
        if (proc.connected) proc.send(msg, (err) => void err);
      },
      on(event: 'message' | 'exit', listener: MessageListener | ExitListener) {
        if (event === 'message') proc.on('message', listener as MessageListener);
        else exitListeners.push(listener as ExitListener);
      },
      kill: () => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      },
    };
  },
};
