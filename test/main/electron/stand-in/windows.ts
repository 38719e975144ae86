/** The stand-in's BrowserWindow (a Chromium page), its webContents, and ipcMain: the preload's invoke arrives through a
 * page binding, copied by structured clone both ways, with the sender and frame the glue's sender check reads. */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserWindow as ElectronWindow, BrowserWindowConstructorOptions, IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Page } from 'playwright-core';
import { appImpl } from './app.js';
import { browserContext, launchBrowser } from './browser.js';
import { here, preventable, record, strict, toAppUrl, toPageUrl } from './record.js';

type Invoker = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;
const ipcHandlers = new Map<string, Invoker>();
export const ipcMain = strict('ipcMain', {
  handle: ((channel, listener) => {
    if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcHandlers.set(channel, listener as Invoker);
  }) satisfies IpcMain['handle'],
  removeHandler: ((channel) => void ipcHandlers.delete(channel)) satisfies IpcMain['removeHandler'],
});

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
    this.mainFrame = {
      get url() {
        return toAppUrl(owner.page?.url() ?? '');
      },
      parent: null,
    };
  }
  send(channel: string, ...args: unknown[]): void {
    record.sent.push(channel);
    const copy = structuredClone(args);
    void this.owner.opened
      .then((page) =>
        page.evaluate(
          ([c, a]) => (window as unknown as { __capsemStandInDeliver?: (c: string, a: unknown[]) => void }).__capsemStandInDeliver?.(c, a),
          [channel, copy] as const,
        ),
      )
      .catch(() => undefined);
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

type WindowSurface = Pick<
  ElectronWindow,
  'loadURL' | 'isMinimized' | 'restore' | 'show' | 'focus' | 'isDestroyed' | 'setTitle' | 'getTitle' | 'setProgressBar' | 'close'
>;
export class StandInWindow extends EventEmitter implements WindowSurface {
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
    if (prefs.sandbox !== true || prefs.contextIsolation !== true || prefs.nodeIntegration === true)
      throw new Error('the stand-in runs sandboxed, context-isolated windows only');
    this.webContents = strict('webContents', new StandInContents(this));
    windows.push(this);
    focusedWindow = windows.at(-1)!; // a new window takes the focus
    this.opened = (async () => {
      await launchBrowser();
      const page = await browserContext().newPage();
      this.page = page;
      await page.exposeBinding('__capsemStandInInvoke', (source, channel: string, args: unknown[]) =>
        this.invoke(source.frame === page.mainFrame(), source.frame.url(), channel, args),
      );
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

export const windowList = (): readonly StandInWindow[] => windows;
