/**
 * Fakes of Electron's `utilityProcess` for sql-utility-spawner.ts: a scripted one that records every call, and
 * one that runs the real SQL child in a forked Node process with an Electron-like `process.parentPort`.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ForkOptions } from 'electron';
import type { UtilityChild, UtilityProcessModule } from '../../../src/main/electron/sql-utility-spawner.js';

export interface ForkCall {
  readonly modulePath: string;
  readonly args: string[] | undefined;
  readonly options: ForkOptions | undefined;
}

/** A utility child whose events the test fires by hand. */
export class ScriptedUtilityChild extends EventEmitter implements UtilityChild {
  pid: number | undefined = undefined;
  readonly posted: unknown[] = [];
  kills = 0;
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  kill(): boolean {
    this.kills++;
    return true;
  }
  spawned(pid: number): void {
    this.pid = pid;
    this.emit('spawn');
  }
  exited(code: number): void {
    this.pid = undefined;
    this.emit('exit', code);
  }
}

export function scriptedUtilityProcess(): UtilityProcessModule & { readonly calls: ForkCall[]; readonly children: ScriptedUtilityChild[] } {
  const calls: ForkCall[] = [];
  const children: ScriptedUtilityChild[] = [];
  return {
    calls,
    children,
    fork(modulePath, args, options) {
      calls.push({ modulePath, args, options });
      const child = new ScriptedUtilityChild();
      children.push(child);
      return child;
    },
  };
}

const SHIM = fileURLToPath(new URL('./parent-port-shim.cjs', import.meta.url));

/** A real Node child behind the UtilityProcess surface: messages go through the shimmed parentPort only. */
class ForkedUtilityChild extends EventEmitter implements UtilityChild {
  constructor(private readonly proc: ChildProcess) {
    super();
    proc.on('spawn', () => this.emit('spawn'));
    proc.on('message', (m: unknown) => {
      if (m && typeof m === 'object' && 'viaPort' in m) this.emit('message', (m as { viaPort: unknown }).viaPort);
    });
    proc.once('exit', (code) => this.emit('exit', code ?? -1));
    proc.on('error', () => undefined);
  }
  get pid(): number | undefined {
    return this.proc.exitCode === null && this.proc.signalCode === null ? this.proc.pid : undefined;
  }
  postMessage(message: unknown): void {
    if (this.proc.connected) this.proc.send({ toPort: message });
  }
  /** Like UtilityProcess.kill(): SIGTERM. */
  kill(): boolean {
    return this.proc.kill('SIGTERM');
  }
}

export function forkingUtilityProcess(): UtilityProcessModule & { readonly calls: ForkCall[]; readonly pids: number[] } {
  const calls: ForkCall[] = [];
  const pids: number[] = [];
  return {
    calls,
    pids,
    fork(modulePath, args, options) {
      calls.push({ modulePath, args, options });
      const proc = fork(modulePath, args ?? [], {
        execArgv: ['--require', SHIM, ...(options?.execArgv ?? [])],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      proc.stderr?.resume();
      if (proc.pid !== undefined) pids.push(proc.pid);
      return new ForkedUtilityChild(proc);
    },
  };
}
