/**
 * The test's side of the built app under the Electron stand-in: starts `node --import register.mjs <bundle> ...`
 * with a control channel, sends ops (control-server.ts) and waits on what comes back.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ControlOp, WindowState } from './control-server.js';

const REGISTER = fileURLToPath(new URL('./register.mjs', import.meta.url));

export interface AppState {
  readonly ready: boolean;
  readonly focused: number | null;
  readonly windows: readonly WindowState[];
  readonly messages: readonly { type?: string; message: string; detail?: string }[];
  readonly saveDialogs: readonly { title?: string; defaultPath?: string }[];
  readonly workers: readonly string[];
  readonly forks: readonly string[];
  readonly privileged: readonly string[];
  readonly ipcCalls: readonly { channel: string; fromMainFrame: boolean }[];
  readonly sent: readonly string[];
  readonly unhandled: readonly string[];
  readonly sandbox: boolean;
}

export interface LaunchOptions {
  readonly bundle: string;
  readonly args?: readonly string[];
  readonly userData: string;
  readonly cwd?: string;
  /** Paths macOS would deliver as open-file before ready. */
  readonly openFilesBeforeReady?: readonly string[];
  /** Run as a packaged app: argv without a script, process.resourcesPath set. */
  readonly resources?: string;
}

export class BuiltApp {
  readonly exited: Promise<number | null>;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  stderr = '';

  private constructor(private readonly child: ChildProcess) {
    child.on('error', (error) => (this.stderr += `\n${String(error)}`));
    child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    child.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.ok) p?.resolve(m.value);
      else p?.reject(new Error(m.error));
    });
    this.exited = new Promise((resolve) =>
      child.on('exit', (code) => {
        for (const p of this.pending.values()) p.reject(new Error(`the app exited (${code}) before answering\n${this.stderr}`));
        resolve(code);
      }),
    );
  }

  static launch(o: LaunchOptions): BuiltApp {
    const { NODE_OPTIONS: _n, CAPSEM_INSPECT_FROM_SOURCE: _c, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', REGISTER, o.bundle, ...(o.args ?? [])], {
      cwd: o.cwd ?? process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...env,
        NODE_ENV: 'production',
        CAPSEM_STAND_IN_USER_DATA: o.userData,
        CAPSEM_STAND_IN_OPEN_FILES_BEFORE_READY: JSON.stringify(o.openFilesBeforeReady ?? []),
        ...(o.resources ? { CAPSEM_STAND_IN_PACKAGED: '1', CAPSEM_STAND_IN_RESOURCES: o.resources } : {}),
      },
    });
    return new BuiltApp(child);
  }

  call<T>(op: ControlOp): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!this.child.connected) return reject(new Error(`the app has exited; cannot ${op.op}`));
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, ...op }, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    });
  }

  state(): Promise<AppState> {
    return this.call<AppState>({ op: 'state' });
  }

  /** Asks for the state until `test` holds (each answer is the signal to look again), up to `timeoutMs`. */
  async until(what: string, test: (s: AppState) => boolean, timeoutMs = 60_000): Promise<AppState> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = await this.state();
      if (test(s)) return s;
      if (Date.now() > deadline) throw new Error(`waited for ${what}; last state ${JSON.stringify(s, null, 1)}\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Quits after checking that nothing in the app rejected unhandled while it ran. */
  async quit(): Promise<number | null> {
    const s = await this.state().catch(() => null);
    if (s && s.unhandled.length > 0) throw new Error(`unhandled rejections in the app:\n${s.unhandled.join('\n')}`);
    if (this.child.connected) await this.call({ op: 'quit' }).catch(() => undefined);
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
