/**
 * Our windows: one per opened session (keyed by session id), plus a start window when nothing is open. Keeps the
 * set of trusted webContents ids the IPC gate reads, what each window shows, and recovers a crashed renderer by
 * reloading the same URL (the hash route holds the evidence and item, so the user lands where they were).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { APP_INDEX_URL, appPageUrl } from './app-url.js';
import { evidenceIdInUrl } from './window-route.js';

export interface ManagedWindow {
  readonly window: BrowserWindow;
  /** Window key from path intake (`session:<id>`), or null for a start window. */
  key: string | null;
  /** The evidence the window's route shows, or null. */
  evidenceId: string | null;
  crashes: number[];
}

export interface WindowManagerPorts {
  create(options: BrowserWindowConstructorOptions): BrowserWindow;
  options(): BrowserWindowConstructorOptions;
  isOpenEvidence(id: string): boolean;
  /** Attach navigation/permission guards to a new window's contents. */
  guard(window: BrowserWindow, onRendererGone: (reason: string) => void): void;
  /** A window's state changed (focus, route, closed): rebuild the menu and title. */
  changed(): void;
  /** The window closed; it showed these evidence ids last. */
  closed(evidenceId: string | null): void;
  /** The renderer was lost more than the reload budget allows. */
  gaveUp(window: BrowserWindow, reason: string): void;
}

/** At most this many reloads in CRASH_WINDOW_MS; past that a crash loop is stopped and named. */
const MAX_RELOADS = 3;
const CRASH_WINDOW_MS = 60_000;

export class WindowManager {
  private readonly windows = new Map<number, ManagedWindow>();
  readonly trustedContentsIds = new Set<number>();

  constructor(private readonly ports: WindowManagerPorts) {}

  all(): ManagedWindow[] {
    return [...this.windows.values()];
  }

  byKey(key: string): ManagedWindow | null {
    return this.all().find((w) => w.key === key) ?? null;
  }

  of(window: BrowserWindow | null | undefined): ManagedWindow | null {
    return window ? (this.windows.get(window.id) ?? null) : null;
  }

  focus(managed: ManagedWindow): void {
    if (managed.window.isMinimized()) managed.window.restore();
    managed.window.show();
    managed.window.focus();
  }

  /** Shows `route` in an empty start window when one is focused (reuse), else in a new window. */
  open(key: string | null, route: string, reuse: ManagedWindow | null): ManagedWindow {
    if (reuse && reuse.key === null && reuse.evidenceId === null) {
      reuse.key = key;
      void reuse.window.loadURL(appPageUrl(route));
      this.focus(reuse);
      return reuse;
    }
    const window = this.ports.create(this.ports.options());
    const managed: ManagedWindow = { window, key, evidenceId: null, crashes: [] };
    const contents = window.webContents;
    const contentsId = contents.id;
    this.windows.set(window.id, managed);
    this.trustedContentsIds.add(contentsId);
    this.ports.guard(window, (reason) => this.recover(managed, reason));
    const follow = (url: string): void => {
      managed.evidenceId = evidenceIdInUrl(url, (id) => this.ports.isOpenEvidence(id));
      this.ports.changed();
    };
    contents.on('did-navigate', (_e, url) => follow(url));
    contents.on('did-navigate-in-page', (_e, url, isMainFrame) => isMainFrame && follow(url));
    window.on('focus', () => this.ports.changed());
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      this.windows.delete(window.id);
      this.trustedContentsIds.delete(contentsId);
      this.ports.closed(managed.evidenceId);
      this.ports.changed();
    });
    void window.loadURL(route ? appPageUrl(route) : APP_INDEX_URL);
    return managed;
  }

  /** ELE-8: reload to the same URL, unless the renderer keeps dying. */
  private recover(managed: ManagedWindow, reason: string): void {
    const now = Date.now();
    managed.crashes = [...managed.crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    if (managed.window.isDestroyed()) return;
    if (managed.crashes.length > MAX_RELOADS) {
      this.ports.gaveUp(managed.window, reason);
      return;
    }
    managed.window.webContents.reload();
  }

  /** Is any other window showing this evidence? (Evidence closes with its last window.) */
  shownElsewhere(evidenceId: string, except: ManagedWindow | null): boolean {
    return this.all().some((w) => w !== except && w.evidenceId === evidenceId);
  }
}
