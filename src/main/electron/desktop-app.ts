/**
 * The desktop app's lifecycle: what must happen before `ready` (privileged scheme, sandbox, single-instance lock,
 * queueing macOS open-file), then at `ready` (protocol, session guards, IPC, menu, first windows), and on the
 * way out. Electron and the core come in as parameters; index.ts is the only file that imports them.
 */
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import type { EvidenceSummary } from '../../shared/contract.js';
import type { Result } from '../../shared/errors.js';
import { fail } from '../../shared/errors.js';
import type { ElectronModules, AppLayout } from './electron-modules.js';
import type { ActionCore, ActionContext } from './desktop-actions.js';
import { runMenuCommand } from './desktop-actions.js';
import { createDesktopIntake } from './desktop-intake.js';
import { ExportRegistry } from './export-flow.js';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol.js';
import { APP_SCHEME } from './app-url.js';
import { guardSession, guardWebContents } from './web-guards.js';
import { windowOptions } from './window-options.js';
import { WindowManager } from './window-manager.js';
import { windowTitle } from './window-route.js';
import { routeFor } from './app-views.js';
import { buildMenuTemplate } from './menu-template.js';
import type { ContractHandlers } from './ipc-register.js';
import { registerContract, registerDesktopChannel } from './ipc-register.js';
import { CHANNELS } from '../../shared/contract.js';
import { OPEN_DROPPED_CHANNEL, MAX_DROPPED_FILES } from '../../shared/desktop-channels.js';
import { sendToWindow } from './window-send.js';
import { pathsFromArgv } from './argv-paths.js';
import { claimSingleInstance } from './single-instance.js';
import { createOpenFileQueue } from './open-file-queue.js';
import { addRecent, parseRecent, serializeRecent } from './recent-list.js';
import { isAbsolute } from 'node:path';

export interface DesktopOptions {
  readonly electron: ElectronModules;
  readonly core: ActionCore;
  readonly layout: AppLayout;
  readonly productName: string;
  /** The command line and its directory (default: this process's). */
  readonly argv?: readonly string[];
  readonly cwd?: string;
}

/** The drop hand-off's argument: absolute path strings only, and not too many. */
export function validateDroppedPaths(raw: unknown): Result<string[]> {
  if (!Array.isArray(raw) || raw.length === 0) return { ok: false, error: fail('BAD_REQUEST', 'a drop must name at least one file') };
  if (raw.length > MAX_DROPPED_FILES)
    return { ok: false, error: fail('BAD_REQUEST', `a drop may name at most ${MAX_DROPPED_FILES} files; ${raw.length} were dropped`) };
  for (const p of raw) {
    if (typeof p !== 'string' || p.length === 0 || p.length > 4096 || !isAbsolute(p) || p.includes('\0')) {
      return { ok: false, error: fail('BAD_REQUEST', 'a dropped item is not an absolute file path') };
    }
  }
  return { ok: true, value: raw as string[] };
}

/** Runs the app. Returns false when another instance took the paths (this process is quitting). */
export function startDesktopApp(options: DesktopOptions): boolean {
  const { electron, core, layout, productName } = options;
  const { app } = electron;
  const firstPaths = pathsFromArgv(options.argv ?? process.argv, { isPackaged: app.isPackaged, cwd: options.cwd ?? process.cwd() });

  // Before ready: these only work now.
  electron.protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.enableSandbox();
  const queue = createOpenFileQueue({ setTimeout, clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    queue.push(path);
  });
  if (!claimSingleInstance(app, firstPaths, (paths) => void onSecondInstance(paths))) return false;
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, { onRefused: (what) => console.warn(`refused ${what}`) }),
  );

  const state: ActionContext['state'] = {
    recent: [],
    timeZone: 'utc',
    verifying: new Set<string>(),
    exports: new ExportRegistry<number>(),
  };
  const recentFile = (): string => join(app.getPath('userData'), 'recent.json');
  let rebuildQueued = false;

  const windows = new WindowManager({
    create: (opts) => new electron.BrowserWindow(opts),
    options: () =>
      windowOptions({ preloadPath: layout.preloadPath, title: productName, platform: process.platform, iconPath: layout.iconPath }),
    isOpenEvidence: (id) => core.service.registry.list().some((s) => s.id === id),
    guard: (window, onGone) =>
      window.webContents.on('render-process-gone', (_e, details) => {
        if (details.reason === 'clean-exit') return;
        onGone(details.reason);
      }),
    changed: () => changed(),
    closed: (evidenceId) => {
      if (evidenceId && !windows.shownElsewhere(evidenceId, null)) void core.service.handle('evidence.close', { evidenceId });
    },
    gaveUp: (window, reason) =>
      void electron.dialog.showMessageBox(window, {
        type: 'error',
        message: 'The window keeps crashing',
        detail: `Its renderer stopped (${reason}) more than 3 times in a minute, so it was not reloaded again. Close the window and open the evidence again; jobs in other windows continue.`,
      }),
  });
  const remember = (paths: readonly string[]): void => {
    state.recent = addRecent(state.recent, paths);
    for (const p of paths) app.addRecentDocument(p);
    changed();
  };
  const intake = createDesktopIntake(electron, core.service, windows, remember);
  const ctx: ActionContext = { electron, core, windows, intake, state, productName, changed: () => changed() };

  function changed(): void {
    if (rebuildQueued) return;
    rebuildQueued = true;
    queueMicrotask(() => {
      rebuildQueued = false;
      const focused = windows.of(electron.BrowserWindow.getFocusedWindow());
      const evidenceId = focused?.evidenceId ?? null;
      const summary: EvidenceSummary | null = evidenceId ? (core.service.registry.list().find((s) => s.id === evidenceId) ?? null) : null;
      const template = buildMenuTemplate(
        {
          platform: process.platform,
          appName: productName,
          hasEvidence: summary !== null,
          hasLibrary: core.service.library.list().length > 0,
          canReveal: summary !== null && summary.origin !== 'dropped',
          exportRunning: focused ? state.exports.isRunning(focused.window.id) : false,
          verifyRunning: evidenceId ? state.verifying.has(evidenceId) : false,
          recent: state.recent,
          timeZone: state.timeZone,
          isDev: !app.isPackaged,
        },
        (command) => void runMenuCommand(ctx, command),
      );
      electron.Menu.setApplicationMenu(electron.Menu.buildFromTemplate(template));
      for (const w of windows.all()) {
        const shown = w.evidenceId ? (core.service.registry.list().find((s) => s.id === w.evidenceId) ?? null) : null;
        if (!w.window.isDestroyed() && !state.exports.isRunning(w.window.id)) w.window.setTitle(windowTitle(productName, shown));
      }
      void fsp.writeFile(recentFile(), serializeRecent(state.recent)).catch(() => undefined);
    });
  }

  async function onSecondInstance(paths: string[]): Promise<void> {
    // A hand-off that arrives before ready waits with the open-file queue; no window can exist yet.
    if (!app.isReady()) return paths.forEach((p) => queue.push(p));
    if (paths.length > 0) await intake.intake(paths, 'second-instance');
    else if (windows.all()[0]) windows.focus(windows.all()[0]!);
    else windows.open(null, routeFor('start', null), null);
  }

  void app.whenReady().then(async () => {
    const session = electron.defaultSession();
    session.protocol.handle(APP_SCHEME, createAppProtocolHandler({ rendererDir: layout.rendererDir, readFile: (p) => fsp.readFile(p) }));
    guardSession(session, { onRefused: (what, url) => console.warn(`refused ${what} ${url.slice(0, 200)}`) });
    const handlers = Object.fromEntries(
      CHANNELS.map((c) => [c, (arg: unknown) => core.service.handle(c, arg)]),
    ) as unknown as ContractHandlers;
    const gate = {
      trustedContentsIds: windows.trustedContentsIds,
      onRefused: (channel: string, reason: string) => console.warn(`IPC ${channel} refused: ${reason}`),
    };
    registerContract(electron.ipcMain, handlers, gate);
    // The drop reply names a session; a dropped host ledger has none: it opened as a library in its own window
    // (validateDroppedPaths refuses an empty drop, so a null intake means exactly that).
    registerDesktopChannel(
      electron.ipcMain,
      OPEN_DROPPED_CHANNEL,
      gate,
      validateDroppedPaths,
      async (paths) =>
        (await intake.intake(paths, 'drop')) ?? {
          ok: false,
          error: fail('BAD_REQUEST', `${paths.join(', ')} opened as a library in its own window, not as a session`),
        },
    );
    core.service.onEvent((event) => {
      if (event.name === 'job.done' && event.payload.kind === 'verify') {
        state.verifying.delete(event.payload.evidenceId);
        changed();
      }
      // A job's events go to the window of its evidence; a verdict's change to every window, since the Start list
      // and the Library show the verdicts of sessions other than their own.
      // A hunt is about a library: it too goes to every window (the Library's own among them).
      const everyWindow = event.name === 'verdict.changed' || event.name === 'hunt.changed';
      const evidenceId = 'evidenceId' in event.payload ? event.payload.evidenceId : null;
      for (const w of windows.all())
        if ((everyWindow || w.evidenceId === evidenceId) && !w.window.isDestroyed()) sendToWindow(w.window, event.name, event.payload);
    });
    state.recent = parseRecent(await fsp.readFile(recentFile(), 'utf8').catch(() => null));
    changed();
    if (firstPaths.length > 0) await intake.intake(firstPaths, 'argv');
    if (windows.all().length === 0) windows.open(null, routeFor('start', null), null);
    queue.start((paths) => void intake.intake(paths, 'open-file'));
  });

  app.on('activate', () => {
    // macOS: clicking the Dock icon with no window open shows the start window.
    if (windows.all().length === 0 && app.isReady()) windows.open(null, routeFor('start', null), null);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => core.service.dispose());
  return true;
}
