/** The stand-in's `app`: lifecycle (ready, quit), paths, the single-instance lock with its hand-off, and the
 * before-ready registrations (`protocol.registerSchemesAsPrivileged`, `enableSandbox`) that throw once ready. */
import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App, Protocol } from 'electron';
import { closeBrowser, launchBrowser } from './browser.js';
import { env, preventable, record, strict } from './record.js';

type AppSurface = Pick<
  App,
  | 'setName'
  | 'getName'
  | 'getPath'
  | 'enableSandbox'
  | 'requestSingleInstanceLock'
  | 'quit'
  | 'isReady'
  | 'whenReady'
  | 'addRecentDocument'
  | 'clearRecentDocuments'
>;

class StandInApp extends EventEmitter implements AppSurface {
  readonly isPackaged = env.CAPSEM_STAND_IN_PACKAGED === '1';
  private name = 'Electron';
  private ready = false;
  private readyPromise: Promise<void> | null = null;
  private lockPath: string | null = null;
  readonly recent: string[] = [];
  setName(name: string): void {
    this.name = name;
  }
  getName(): string {
    return this.name;
  }
  getPath(name: Parameters<App['getPath']>[0]): string {
    const base = env.CAPSEM_STAND_IN_USER_DATA ?? join(tmpdir(), 'capsem-stand-in');
    if (name === 'temp') return tmpdir();
    if (name === 'userData') return base;
    return join(base, name);
  }
  enableSandbox(): void {
    if (this.ready) throw new Error('app.enableSandbox() must be called before ready');
    record.sandbox = true;
  }
  /** A lock file holding the owner's pid; a second instance leaves its hand-off in a folder the owner watches. */
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    const dir = this.getPath('userData');
    mkdirSync(join(dir, 'handoff'), { recursive: true });
    const lock = join(dir, 'SingletonLock');
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      const owner = Number(readFileSync(lock, 'utf8'));
      if (owner && isAlive(owner)) {
        const file = join(dir, 'handoff', `${process.pid}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify({ argv: process.argv, cwd: process.cwd(), additionalData: additionalData ?? null }));
        renameSync(`${file}.tmp`, file);
        return false;
      }
      writeFileSync(lock, String(process.pid));
    }
    this.lockPath = lock;
    watch(join(dir, 'handoff'), (_type, name) => {
      if (!name || !name.endsWith('.json')) return;
      const path = join(dir, 'handoff', name);
      let handOff: { argv: string[]; cwd: string; additionalData: unknown };
      try {
        handOff = JSON.parse(readFileSync(path, 'utf8')) as typeof handOff;
        rmSync(path);
      } catch {
        return; // not complete yet, or taken by an earlier event for the same file
      }
      this.emit('second-instance', preventable(), handOff.argv, handOff.cwd, handOff.additionalData);
    }).unref();
    return true;
  }
  quit(): void {
    setImmediate(() => void shutDown(0));
  }
  isReady(): boolean {
    return this.ready;
  }
  whenReady(): Promise<void> {
    this.readyPromise ??= (async () => {
      await launchBrowser();
      await new Promise((r) => setImmediate(r));
      this.emit('will-finish-launching');
      // macOS sends the files of the double-click that launched the app as open-file events, before ready.
      for (const path of JSON.parse(env.CAPSEM_STAND_IN_OPEN_FILES_BEFORE_READY ?? '[]') as string[])
        this.emit('open-file', preventable(), path);
      this.ready = true;
      this.emit('ready', preventable(), {});
    })();
    return this.readyPromise;
  }
  addRecentDocument(path: string): void {
    this.recent.push(path);
  }
  clearRecentDocuments(): void {
    this.recent.length = 0;
  }
  releaseLock(): void {
    if (this.lockPath) rmSync(this.lockPath, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// A packaged app's argv has no script path: [binary, ...paths]. Under Node it is [node, index.js, ...].
if (env.CAPSEM_STAND_IN_PACKAGED === '1') {
  process.argv.splice(1, 1);
  (process as { resourcesPath?: string }).resourcesPath = env.CAPSEM_STAND_IN_RESOURCES;
}
export const appImpl = new StandInApp();
export const app = strict('app', appImpl);

export const protocol = strict('protocol', {
  registerSchemesAsPrivileged: ((schemes) => {
    if (appImpl.isReady()) throw new Error('protocol.registerSchemesAsPrivileged() must be called before ready');
    for (const s of schemes) record.privileged.push(s.scheme);
  }) satisfies Protocol['registerSchemesAsPrivileged'],
});

export async function shutDown(code: number): Promise<void> {
  appImpl.emit('before-quit', preventable());
  appImpl.emit('will-quit', preventable());
  appImpl.releaseLock();
  await closeBrowser();
  process.exit(code);
}
