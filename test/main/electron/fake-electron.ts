/** A fake of the Electron modules bundle (ElectronModules) for driving startDesktopApp in plain Node. */
import { EventEmitter } from 'node:events';
import type { ElectronModules } from '../../../src/main/electron/electron-modules.js';
import { FakeIpcMain, FakeSession } from './fakes.js';

let nextId = 1;

export class FakeContents extends EventEmitter {
  readonly id = nextId++;
  readonly sent: { channel: string; payload: unknown }[] = [];
  reloads = 0;
  readonly mainFrame = { url: '', parent: null };
  windowOpenHandler: unknown = null;
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  reload(): void {
    this.reloads++;
  }
  setWindowOpenHandler(h: unknown): void {
    this.windowOpenHandler = h;
  }
}

export function fakeElectron(userData: string) {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    sandboxed: false,
    lockRequested: null as unknown,
    gotLock: true,
    quits: 0,
    recentDocs: [] as string[],
    readyResolve: (): void => undefined,
    ready: false,
    enableSandbox() {
      this.sandboxed = true;
    },
    requestSingleInstanceLock(data: unknown) {
      this.lockRequested = data;
      return this.gotLock;
    },
    quit() {
      this.quits++;
    },
    whenReady(): Promise<void> {
      return new Promise((resolve) => (this.readyResolve = () => ((this.ready = true), resolve())));
    },
    isReady() {
      return this.ready;
    },
    getPath: () => userData,
    addRecentDocument(p: string) {
      this.recentDocs.push(p);
    },
    clearRecentDocuments() {
      this.recentDocs = [];
    },
  });

  const windows: FakeWindow[] = [];
  class FakeWindow extends EventEmitter {
    static focused: FakeWindow | null = null;
    static getFocusedWindow(): FakeWindow | null {
      return FakeWindow.focused;
    }
    readonly id = nextId++;
    readonly webContents = new FakeContents();
    readonly urls: string[] = [];
    title = '';
    destroyed = false;
    progress: number[] = [];
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
      FakeWindow.focused = this;
      app.emit('web-contents-created', {}, this.webContents);
    }
    async loadURL(url: string): Promise<void> {
      this.urls.push(url);
      this.webContents.mainFrame.url = url;
      this.webContents.emit('did-navigate', {}, url);
    }
    isMinimized = () => false;
    restore(): void {}
    show(): void {}
    focus(): void {
      FakeWindow.focused = this;
    }
    isDestroyed = () => this.destroyed;
    setTitle(t: string): void {
      this.title = t;
    }
    getTitle = () => this.title;
    setProgressBar(p: number): void {
      this.progress.push(p);
    }
    close(): void {
      this.destroyed = true;
      if (FakeWindow.focused === this) FakeWindow.focused = null;
      this.emit('closed');
    }
  }

  const menus: unknown[] = [];
  const messages: { type?: string; message: string; detail?: string }[] = [];
  const privileged: unknown[] = [];
  const session = Object.assign(new FakeSession(), { handled: new Map<string, (r: Request) => Promise<Response>>() });
  const sessionWithProtocol = Object.assign(session, {
    protocol: { handle: (scheme: string, h: (r: Request) => Promise<Response>) => session.handled.set(scheme, h) },
  });
  const ipcMain = new FakeIpcMain();
  const openDialogResults: string[][] = [];
  const modules = {
    app,
    BrowserWindow: FakeWindow,
    Menu: { setApplicationMenu: (m: unknown) => menus.push(m), buildFromTemplate: (t: unknown) => t },
    dialog: {
      showMessageBox: async (...args: unknown[]) => (messages.push(args.at(-1) as { message: string }), { response: 0 }),
      showOpenDialog: async () => ({ canceled: openDialogResults.length === 0, filePaths: openDialogResults.shift() ?? [] }),
      showSaveDialog: async () => ({ canceled: true, filePath: '' }),
    },
    shell: { showItemInFolder: () => undefined },
    protocol: { registerSchemesAsPrivileged: (s: unknown) => privileged.push(s) },
    ipcMain,
    defaultSession: () => sessionWithProtocol,
  } as unknown as ElectronModules;
  return { modules, app, windows, menus, messages, privileged, session, ipcMain, FakeWindow, openDialogResults };
}
