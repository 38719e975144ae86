/**
 * What each menu command does in the running app. The template (menu-template.ts) is pure; this is the
 * imperative side: dialogs, the export and verify jobs, Reveal, navigation, and the notices.
 */
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import type { InspectorService } from '../core/service/service.js';
import type { ExportOptions, ExportProgress, ExportSummary } from '../core/warc/types.js';
import type { Evidence } from '../core/evidence/types.js';
import type { Result } from '../../shared/errors.js';
import type { ElectronModules } from './electron-modules.js';
import type { DesktopIntake } from './desktop-intake.js';
import type { MenuCommand, RecentEntry, TimeZoneMode } from './menu-commands.js';
import type { ManagedWindow, WindowManager } from './window-manager.js';
import type { ExportNotice, ExportRegistry } from './export-flow.js';
import { runExportFlow } from './export-flow.js';
import { appPageUrl } from './app-url.js';
import { routeFor } from './app-views.js';
import { aboutText, shortcutSheet } from './about.js';
import { MENU_COMMAND_CHANNEL } from '../../shared/desktop-channels.js';
import { sendToWindow } from './window-send.js';
import { saveTranscriptFrom } from './transcript-save-action.js';
import { exportCaseFrom } from './case-export-action.js';

export interface ActionCore {
  readonly service: InspectorService;
  exportWarc(evidence: Evidence, options: ExportOptions): Promise<Result<ExportSummary>>;
  checkDestination(evidence: Evidence, destination: string): Result<string>;
}

export interface ActionState {
  recent: RecentEntry[];
  timeZone: TimeZoneMode;
  /** Evidence ids with a verify job running (started from the menu or the page). */
  readonly verifying: Set<string>;
  readonly exports: ExportRegistry<number>;
}

export interface ActionContext {
  readonly electron: ElectronModules;
  readonly core: ActionCore;
  readonly windows: WindowManager;
  readonly intake: DesktopIntake;
  readonly state: ActionState;
  readonly productName: string;
  /** Rebuild the menu and persist recent entries. */
  changed(): void;
}

function progressFraction(p: ExportProgress): number {
  // Writing is most of the work; the re-read check is the rest.
  const part = p.recordsTotal > 0 ? p.recordsDone / p.recordsTotal : 0;
  return p.phase === 'writing' ? part * 0.8 : 0.8 + part * 0.2;
}

function showNotice(ctx: ActionContext, window: BrowserWindow, notice: ExportNotice): void {
  const buttons = notice.kind === 'done' ? ['OK', process.platform === 'darwin' ? 'Reveal in Finder' : 'Show in Folder'] : ['OK'];
  void ctx.electron.dialog
    .showMessageBox(window, {
      type: notice.kind === 'failed' ? 'error' : 'info',
      message: notice.title,
      detail: notice.detail,
      buttons,
      defaultId: 0,
    })
    .then(({ response }) => {
      if (notice.kind === 'done' && response === 1) ctx.electron.shell.showItemInFolder(notice.path);
    });
}

async function exportFrom(ctx: ActionContext, managed: ManagedWindow, evidence: Evidence): Promise<void> {
  const { electron, core, state } = ctx;
  const window = managed.window;
  const baseTitle = window.getTitle();
  await state.exports.run(window.id, (signal) => {
    ctx.changed();
    return runExportFlow(
      `${evidence.sessionId}.warc.gz`,
      {
        chooseDestination: async (name) => {
          const r = await electron.dialog.showSaveDialog(window, {
            title: 'Export WARC',
            defaultPath: join(electron.app.getPath('documents'), name),
            filters: [{ name: 'WARC (gzip)', extensions: ['warc.gz', 'gz'] }],
            properties: ['createDirectory', 'showOverwriteConfirmation'],
          });
          return r.canceled || !r.filePath ? null : r.filePath;
        },
        checkDestination: (path) => core.checkDestination(evidence, path),
        runExport: (destination, onProgress, sig) => core.exportWarc(evidence, { destination, onProgress, signal: sig }),
        showProgress: (p) => {
          if (window.isDestroyed()) return;
          window.setProgressBar(p ? progressFraction(p) : -1);
          window.setTitle(p ? `${baseTitle} — exporting WARC ${Math.round(progressFraction(p) * 100)}%` : baseTitle);
        },
        notify: (notice) => !window.isDestroyed() && showNotice(ctx, window, notice),
      },
      signal,
    );
  });
  ctx.changed();
}

async function verifyFrom(ctx: ActionContext, managed: ManagedWindow, evidenceId: string): Promise<void> {
  const started = await ctx.core.service.handle('jobs.verify.start', { evidenceId });
  if (!started.ok) {
    void ctx.electron.dialog.showMessageBox(managed.window, {
      type: 'error',
      message: 'Verification could not start',
      detail: `${started.error.code}: ${started.error.message}`,
    });
    return;
  }
  ctx.state.verifying.add(evidenceId);
  // The Integrity view shows the job's progress, cancel and failures from the job events.
  void managed.window.loadURL(appPageUrl(routeFor('integrity', evidenceId)));
  ctx.changed();
}

async function pick(ctx: ActionContext, window: BrowserWindow | null, kind: 'folder' | 'files'): Promise<string[]> {
  const options = {
    title: kind === 'folder' ? 'Open Session Folder' : 'Open Files',
    properties: kind === 'folder' ? (['openDirectory', 'multiSelections'] as const) : (['openFile', 'multiSelections'] as const),
    filters:
      kind === 'files'
        ? [
            { name: 'Capsem ledgers', extensions: ['db', 'bodies'] },
            { name: 'All Files', extensions: ['*'] },
          ]
        : [],
  };
  const r = window
    ? await ctx.electron.dialog.showOpenDialog(window, { ...options, properties: [...options.properties] })
    : await ctx.electron.dialog.showOpenDialog({ ...options, properties: [...options.properties] });
  return r.canceled ? [] : r.filePaths;
}

export async function runMenuCommand(ctx: ActionContext, command: MenuCommand): Promise<void> {
  const { electron, windows, state, core } = ctx;
  const window = electron.BrowserWindow.getFocusedWindow();
  const managed = windows.of(window);
  const evidenceId = managed?.evidenceId ?? null;
  const evidence = evidenceId ? core.service.registry.get(evidenceId) : null;
  switch (command.kind) {
    case 'open-folder':
    case 'open-files':
      await ctx.intake.intake(await pick(ctx, window, command.kind === 'open-folder' ? 'folder' : 'files'), 'dialog');
      return;
    case 'open-recent': {
      const entry = state.recent[command.index];
      if (entry) await ctx.intake.intake(entry.paths, 'recent');
      return;
    }
    case 'clear-recent':
      state.recent = [];
      electron.app.clearRecentDocuments();
      ctx.changed();
      return;
    case 'open-sample': {
      const r = await core.service.handle('evidence.openSample', null);
      if (r.ok) ctx.intake.showEvidence(r.value);
      else
        void electron.dialog.showMessageBox({
          type: 'warning',
          message: 'The sample session could not be opened',
          detail: `${r.error.code}: ${r.error.message}`,
        });
      return;
    }
    case 'close-window':
      window?.close();
      return;
    case 'export-warc':
      if (managed && evidence) await exportFrom(ctx, managed, evidence);
      return;
    case 'cancel-export':
      if (window) state.exports.cancel(window.id);
      return;
    case 'save-transcript':
      if (managed && evidence) await saveTranscriptFrom(ctx, managed.window, evidence);
      return;
    case 'export-case':
      if (managed && evidence && evidenceId) await exportCaseFrom(ctx, managed.window, evidence, evidenceId);
      return;
    case 'verify-all':
      if (managed && evidenceId) await verifyFrom(ctx, managed, evidenceId);
      return;
    case 'reveal-evidence':
      // Shows session.db selected in its folder; never opens anything from the evidence.
      if (evidence) electron.shell.showItemInFolder(evidence.input.dbPath);
      return;
    case 'navigate':
      // list() is newest first: Library goes to the host ledger opened last.
      if (managed)
        void managed.window.loadURL(appPageUrl(routeFor(command.view, evidenceId, ctx.core.service.library.list()[0]?.id ?? null)));
      return;
    case 'time-zone':
      state.timeZone = command.zone;
      for (const w of windows.all()) sendToWindow(w.window, MENU_COMMAND_CHANNEL, { kind: 'time-zone', zone: command.zone });
      ctx.changed();
      return;
    case 'shortcuts':
      void electron.dialog.showMessageBox({
        type: 'info',
        message: 'Keyboard shortcuts',
        detail: shortcutSheet(process.platform),
        buttons: ['OK'],
      });
      return;
    case 'about': {
      const about = aboutText(ctx.productName, process.versions);
      void electron.dialog.showMessageBox({ type: 'info', message: about.message, detail: about.detail, buttons: ['OK'] });
      return;
    }
  }
}
