/**
 * A stand-in for Electron's main-process modules, for running the BUILT main bundle (out/main/index.js) under Node:
 * windows are pages of Debian's Chromium (playwright-core), the app scheme is served through the handler the glue
 * registers, IPC crosses with structured-clone copies and the glue's sender checks, the single-instance lock is a
 * lock file with a hand-off folder, and utilityProcess.fork is a Node child with an Electron-like parentPort.
 *
 * Every object implements a Pick<> of Electron's own type (electron.d.ts), so a member with the wrong shape is a type
 * error; each is wrapped in a Proxy that throws on any member it lacks, so a use the stand-in does not provide fails
 * the run loudly instead of reading `undefined`. The test drives it over the process's IPC channel (control.ts).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import type {
  App,
  BrowserWindow as ElectronWindow,
  BrowserWindowConstructorOptions,
  Dialog,
  ForkOptions,
  IpcMain,
  IpcMainInvokeEvent,
  Menu as ElectronMenu,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  MessageBoxReturnValue,
  OpenDialogOptions,
  OpenDialogReturnValue,
  Protocol,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Session,
  Shell,
  UtilityProcess,
  WebContents,
} from 'electron';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const env = process.env;
/** Page URLs stand for app URLs: capsem-app://app/<path> is served as https://capsem-app.stand-in/<path>. */
const APP_PREFIX = 'capsem-app://app/';
const PAGE_PREFIX = 'https://capsem-app.stand-in/';
export const toAppUrl = (pageUrl: string): string => (pageUrl.startsWith(PAGE_PREFIX) ? APP_PREFIX + pageUrl.slice(PAGE_PREFIX.length) : pageUrl);
const toPageUrl = (appUrl: string): string => (appUrl.startsWith(APP_PREFIX) ? PAGE_PREFIX + appUrl.slice(APP_PREFIX.length) : appUrl);

/** What the test reads back (control op `state`). */
export const record = {
  messages: [] as { type?: string | undefined; message: string; detail?: string | undefined }[],
  saveDialogs: [] as { title?: string | undefined; defaultPath?: string | undefined }[],
  shown: [] as string[],
  workers: [] as string[],
  forks: [] as string[],
  privileged: [] as string[],
  ipcCalls: [] as { channel: string; fromMainFrame: boolean }[],
  /** Main → renderer sends: channel names, in order. */
  sent: [] as string[],
  sandbox: false,
  /** Promise rejections nobody handled (Node would end the process on the first; the test shows them instead). */
  unhandled: [] as string[],
};

process.on('unhandledRejection', (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  record.unhandled.push(text);
  console.error(`unhandled rejection in the app: ${text}`);
});
export const answers = { save: [] as string[], open: [] as string[][] };

new BroadcastChannel('capsem-stand-in-workers').onmessage = (e: unknown) => void record.workers.push(String((e as { data: unknown }).data));

/** A member the stand-in lacks is an error, never `undefined`. Promise resolution probes `then`; inspection probes symbols. */
function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON' || Reflect.has(t, prop)) return Reflect.get(t, prop, receiver);
      throw new Error(`the Electron stand-in has no ${name}.${prop}: add it (typed against electron.d.ts) or stop using it`);
    },
  });
}

const preventable = (fields: Record<string, unknown> = {}) => {
  const e = { defaultPrevented: false, preventDefault: () => void (e.defaultPrevented = true), ...fields };
  return e;
};

// ---- app ---------------------------------------------------------------------------------------------------------

type AppSurface = Pick<App, 'setName' | 'getName' | 'getPath' | 'enableSandbox' | 'requestSingleInstanceLock' | 'quit' | 'isReady' | 'whenReady' | 'addRecentDocument' | 'clearRecentDocuments'>;

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
      for (const path of JSON.parse(env.CAPSEM_STAND_IN_OPEN_FILES_BEFORE_READY ?? '[]') as string[]) this.emit('open-file', preventable(), path);
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
const appImpl = new StandInApp();
export const app = strict('app', appImpl);
export { appImpl, StandInWindow };

// ---- the browser, the app scheme, the session --------------------------------------------------------------------

let browser: Browser | null = null;
let context: BrowserContext | null = null;
let launching: Promise<void> | null = null;
const schemeHandlers = new Map<string, (request: Request) => Promise<Response>>();
type BeforeRequest = (details: { url: string; resourceType: string }, callback: (r: { cancel?: boolean }) => void) => void;
let beforeRequest: BeforeRequest | null = null;

function launchBrowser(): Promise<void> {
  launching ??= (async () => {
    browser = await chromium.launch({
      executablePath: env.CAPSEM_STAND_IN_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.route(() => true, (route) => void serve(route));
  })();
  return launching;
}

/** Every request: the session's request filter first (as Electron runs it), then the app scheme's handler. */
async function serve(route: Route): Promise<void> {
  const request = route.request();
  const url = toAppUrl(request.url());
  const cancel = await new Promise<boolean>((resolve) => (beforeRequest ? beforeRequest({ url, resourceType: request.resourceType() }, (r) => resolve(r.cancel === true)) : resolve(false)));
  const handler = url.startsWith(APP_PREFIX) ? schemeHandlers.get('capsem-app') : undefined;
  if (cancel || !handler) return route.abort('blockedbyclient').catch(() => undefined);
  try {
    const response = await handler(new Request(url, { method: request.method(), headers: request.headers() }));
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  } catch {
    await route.abort('failed').catch(() => undefined);
  }
}

type SessionSurface = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;
class StandInSession extends EventEmitter implements SessionSurface {
  readonly protocol = strict('session.protocol', {
    handle: ((scheme, handler) => void schemeHandlers.set(scheme, handler as (r: Request) => Promise<Response>)) satisfies Protocol['handle'],
  });
  readonly webRequest = strict('session.webRequest', {
    onBeforeRequest: ((filter: unknown, listener?: unknown) => void (beforeRequest = (listener ?? filter) as BeforeRequest)) as Session['webRequest']['onBeforeRequest'],
  });
  setPermissionRequestHandler(): void {}
  setPermissionCheckHandler(): void {}
  setDevicePermissionHandler(): void {}
}
const defaultSession = strict('session', new StandInSession());
export const session = strict('session module', { get defaultSession() { return defaultSession as unknown as Session; } });

export const protocol = strict('protocol', {
  registerSchemesAsPrivileged: ((schemes) => {
    if (appImpl.isReady()) throw new Error('protocol.registerSchemesAsPrivileged() must be called before ready');
    for (const s of schemes) record.privileged.push(s.scheme);
  }) satisfies Protocol['registerSchemesAsPrivileged'],
});

// ---- IPC -----------------------------------------------------------------------------------------------------------

type Invoker = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;
const ipcHandlers = new Map<string, Invoker>();
export const ipcMain = strict('ipcMain', {
  handle: ((channel, listener) => {
    if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcHandlers.set(channel, listener as Invoker);
  }) satisfies IpcMain['handle'],
  removeHandler: ((channel) => void ipcHandlers.delete(channel)) satisfies IpcMain['removeHandler'],
});

// ---- windows -------------------------------------------------------------------------------------------------------

let nextId = 1;
const windows: StandInWindow[] = [];
let focusedWindow: StandInWindow | null = null;
const preloadScript = (preloadPath: string): string =>
  readFileSync(join(here, 'renderer-electron.js'), 'utf8').replace('/* PRELOAD */', () => readFileSync(preloadPath, 'utf8'));

type ContentsSurface = Pick<WebContents, 'send' | 'reload' | 'setWindowOpenHandler'>;
class StandInContents extends EventEmitter implements ContentsSurface {
  readonly id = nextId++;
  /** Stable identity: the sender check compares senderFrame with mainFrame. */
  readonly mainFrame: { readonly url: string; readonly parent: null };
  constructor(private readonly owner: StandInWindow) {
    super();
    this.mainFrame = { get url() { return toAppUrl(owner.page?.url() ?? ''); }, parent: null };
  }
  send(channel: string, ...args: unknown[]): void {
    record.sent.push(channel);
    const copy = structuredClone(args);
    void this.owner.opened.then((page) => page.evaluate(([c, a]) => (window as unknown as { __capsemStandInDeliver?: (c: string, a: unknown[]) => void }).__capsemStandInDeliver?.(c, a), [channel, copy] as const)).catch(() => undefined);
  }
  reload(): void {
    void this.owner.opened.then((page) => page.reload()).catch(() => undefined);
  }
  setWindowOpenHandler(handler: Parameters<WebContents['setWindowOpenHandler']>[0]): void {
    void this.owner.opened.then((page) =>
      page.on('popup', (popup) => {
        if (handler({ url: popup.url() } as Parameters<typeof handler>[0]).action === 'deny') void popup.close();
      }),
    );
  }
}

type WindowSurface = Pick<ElectronWindow, 'loadURL' | 'isMinimized' | 'restore' | 'show' | 'focus' | 'isDestroyed' | 'setTitle' | 'getTitle' | 'setProgressBar' | 'close'>;
class StandInWindow extends EventEmitter implements WindowSurface {
  static getFocusedWindow(): StandInWindow | null {
    return focusedWindow && !focusedWindow.destroyed ? (proxies.get(focusedWindow) ?? null) : null;
  }
  readonly id = nextId++;
  readonly webContents: StandInContents;
  page: Page | null = null;
  readonly opened: Promise<Page>;
  private title: string;
  private destroyed = false;
  shown = false;
  readonly progress: number[] = [];

  constructor(options: BrowserWindowConstructorOptions = {}) {
    super();
    this.title = options.title ?? '';
    const prefs = options.webPreferences ?? {};
    if (prefs.sandbox !== true || prefs.contextIsolation !== true || prefs.nodeIntegration === true) throw new Error('the stand-in runs sandboxed, context-isolated windows only');
    this.webContents = strict('webContents', new StandInContents(this));
    windows.push(this);
    focusedWindow = windows.at(-1)!; // a new window takes the focus
    this.opened = (async () => {
      await launchBrowser();
      const page = await context!.newPage();
      this.page = page;
      await page.exposeBinding('__capsemStandInInvoke', (source, channel: string, args: unknown[]) => this.invoke(source.frame === page.mainFrame(), source.frame.url(), channel, args));
      if (prefs.preload) await page.addInitScript({ content: preloadScript(prefs.preload) });
      let previous = '';
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        const url = toAppUrl(frame.url());
        const sameDocument = previous !== '' && previous.split('#')[0] === url.split('#')[0];
        previous = url;
        if (sameDocument) this.webContents.emit('did-navigate-in-page', preventable(), url, true);
        else this.webContents.emit('did-navigate', preventable(), url, 200, 'OK');
      });
      page.once('domcontentloaded', () => this.emit('ready-to-show', preventable()));
      page.on('crash', () => this.webContents.emit('render-process-gone', preventable(), { reason: 'crashed', exitCode: 1 }));
      return page;
    })();
    appImpl.emit('web-contents-created', preventable(), this.webContents);
  }

  /** ipcRenderer.invoke arriving: the argument is copied again here, the result copied back (structured clone). */
  private async invoke(fromMainFrame: boolean, frameUrl: string, channel: string, args: unknown[]): Promise<unknown> {
    record.ipcCalls.push({ channel, fromMainFrame });
    const handler = ipcHandlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const senderFrame = fromMainFrame ? this.webContents.mainFrame : { url: toAppUrl(frameUrl), parent: this.webContents.mainFrame };
    const event = { sender: this.webContents, senderFrame, frameId: 0, processId: 0 } as unknown as IpcMainInvokeEvent;
    return structuredClone(await handler(event, ...structuredClone(args)));
  }

  async loadURL(url: string): Promise<void> {
    const page = await this.opened;
    await page.goto(toPageUrl(url));
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  show(): void {
    this.shown = true;
  }
  /** This object itself, not the Proxy the glue calls through (the lists hold raw windows). */
  private raw(): StandInWindow {
    return windows.find((w) => w.id === this.id)!;
  }
  focus(): void {
    focusedWindow = this.raw();
    void this.opened.then((p) => p.bringToFront()).catch(() => undefined);
    this.emit('focus', preventable());
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setTitle(title: string): void {
    this.title = title;
  }
  getTitle(): string {
    return this.title;
  }
  setProgressBar(progress: number): void {
    this.progress.push(progress);
  }
  close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const raw = this.raw();
    windows.splice(windows.indexOf(raw), 1);
    if (focusedWindow === raw) focusedWindow = windows.at(-1) ?? null;
    void this.opened.then((p) => p.close()).catch(() => undefined);
    this.emit('closed', preventable());
    if (windows.length === 0) appImpl.emit('window-all-closed', preventable());
  }
}

/** The Proxy of each window, so getFocusedWindow hands back the very object the glue was given. */
const proxies = new WeakMap<StandInWindow, StandInWindow>();
export const BrowserWindow = new Proxy(StandInWindow, {
  construct(target, args) {
    const raw = new target(...(args as [BrowserWindowConstructorOptions]));
    const proxy = strict('BrowserWindow', raw);
    proxies.set(raw, proxy);
    return proxy;
  },
});

// ---- menus, dialogs, shell -----------------------------------------------------------------------------------------

export const menu = { current: [] as MenuItemConstructorOptions[] };
export const Menu = strict('Menu', {
  buildFromTemplate: ((template: MenuItemConstructorOptions[]) => ({ items: template }) as unknown as ElectronMenu) as (typeof ElectronMenu)['buildFromTemplate'],
  setApplicationMenu: ((m: ElectronMenu | null) => void (menu.current = (m as unknown as { items: MenuItemConstructorOptions[] } | null)?.items ?? [])) as (typeof ElectronMenu)['setApplicationMenu'],
});

const lastArg = <T>(args: unknown[]): T => args.at(-1) as T;
export const dialog = strict('dialog', {
  showMessageBox: (async (...args: unknown[]): Promise<MessageBoxReturnValue> => {
    const o = lastArg<MessageBoxOptions>(args);
    record.messages.push({ type: o.type, message: o.message, detail: o.detail });
    return { response: 0, checkboxChecked: false };
  }) as Dialog['showMessageBox'],
  showSaveDialog: (async (...args: unknown[]): Promise<SaveDialogReturnValue> => {
    const o = lastArg<SaveDialogOptions>(args);
    record.saveDialogs.push({ title: o.title, defaultPath: o.defaultPath });
    const answer = answers.save.shift();
    return answer ? { canceled: false, filePath: answer } : { canceled: true, filePath: '' };
  }) as Dialog['showSaveDialog'],
  showOpenDialog: (async (...args: unknown[]): Promise<OpenDialogReturnValue> => {
    void lastArg<OpenDialogOptions>(args);
    const answer = answers.open.shift();
    return answer ? { canceled: false, filePaths: answer } : { canceled: true, filePaths: [] };
  }) as Dialog['showOpenDialog'],
});

export const shell = strict('shell', {
  showItemInFolder: ((path: string) => void record.shown.push(path)) satisfies Shell['showItemInFolder'],
});

// ---- utilityProcess ------------------------------------------------------------------------------------------------

const PARENT_PORT_SHIM = join(here, '..', 'parent-port-shim.cjs');
type UtilitySurface = Pick<UtilityProcess, 'postMessage' | 'kill'>;
class StandInUtility extends EventEmitter implements UtilitySurface {
  constructor(private readonly child: ChildProcess) {
    super();
    child.on('spawn', () => this.emit('spawn'));
    child.on('exit', (code) => this.emit('exit', code ?? 1));
    child.on('message', (m: unknown) => {
      if (m && typeof m === 'object' && 'viaPort' in m) this.emit('message', (m as { viaPort: unknown }).viaPort);
    });
  }
  get pid(): number | undefined {
    return this.child.pid;
  }
  postMessage(message: unknown): void {
    this.child.send({ toPort: message });
  }
  kill(): boolean {
    return this.child.kill();
  }
}
export const utilityProcess = strict('utilityProcess', {
  fork: (modulePath: string, args?: string[], options?: ForkOptions): UtilityProcess => {
    record.forks.push(modulePath);
    const child = fork(modulePath, args ?? [], { execArgv: [...(options?.execArgv ?? []), '--require', PARENT_PORT_SHIM], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    return strict('UtilityProcess', new StandInUtility(child)) as unknown as UtilityProcess;
  },
});

// ---- quitting ------------------------------------------------------------------------------------------------------

export async function shutDown(code: number): Promise<void> {
  appImpl.emit('before-quit', preventable());
  appImpl.emit('will-quit', preventable());
  appImpl.releaseLock();
  await browser?.close().catch(() => undefined);
  process.exit(code);
}

export const windowList = (): readonly StandInWindow[] => windows;
