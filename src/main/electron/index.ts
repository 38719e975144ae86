/**
 * The Electron main entry (out/main/index.js): the only main-process module that imports 'electron' at run time.
 * It builds the inspector service (the same handler table serve mode uses) and hands everything to
 * startDesktopApp. Jobs run off this thread: verification and WARC export on worker threads, ad-hoc SQL in a
 * utility process.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell, utilityProcess } from 'electron';
import { promises as fsp } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInspector } from '../core/service/build-inspector.js';
import { findBundledSample } from '../core/service/registry.js';
import { startExportWorker } from '../core/warc/export-worker-client.js';
import type { ExportOptions, ExportSummary } from '../core/warc/types.js';
import type { Evidence } from '../core/evidence/types.js';
import type { Result } from '../../shared/errors.js';
import { checkDestination } from '../core/warc/destination.js';
import { startDesktopApp } from './desktop-app.js';
import { saveBodyToFile } from './body-save.js';
import { pathsToOpen } from '../core/evidence/paths-to-open.js';
import { utilitySqlChildSpawner } from './sql-utility-spawner.js';
import { removeAbandonedScratchDirs } from '../core/evidence/scratch.js';
import { DESKTOP_CASE_FILE } from './case-file.js';
import { NOTABLE_FILE_NAME } from '../core/notable/notable-location.js';

const here = dirname(fileURLToPath(import.meta.url));
const productName = 'Capsem Ledger Inspector';
app.setName(productName);

// Packaged, the sample is unpacked beside app.asar so the core reads it as plain files.
const sampleDir = app.isPackaged ? findBundledSample(join(process.resourcesPath, 'app.asar.unpacked')) : undefined;
// Scratch copies an app or serve that was killed left behind (their marker names a process that is gone).
removeAbandonedScratchDirs(app.getPath('temp'));
const service = buildInspector({
  sampleDir,
  openOptions: { scratchRoot: app.getPath('temp') },
  // The packaged app's fuses forbid child_process.fork (runAsNode: false); the console's child is a utility
  // process instead. It is only forked on the first query, after app `ready` as utilityProcess requires.
  sqlChildSpawner: utilitySqlChildSpawner(utilityProcess),
  // One case per user, as the format expects (items name their session; another session's are listed as such). Kept
  // in the app's own data folder, which no evidence folder holds, and written only when the user tags something.
  casePath: join(app.getPath('userData'), DESKTOP_CASE_FILE),
  // The same set the CLI uses without --notable (notable-location.ts): run over each session as it opens.
  notablePath: join(app.getPath('userData'), NOTABLE_FILE_NAME),
  saveBody: (evidence, key, bytes) =>
    saveBodyToFile(
      {
        chooseFile: async (name) => {
          const parent = BrowserWindow.getFocusedWindow();
          const options = {
            title: 'Save Body',
            defaultPath: join(app.getPath('downloads'), name),
            properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
          };
          const r = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
          return r.canceled || !r.filePath ? null : r.filePath;
        },
        checkDestination,
        writeFile: (path, data) => fsp.writeFile(path, data),
      },
      evidence,
      key,
      bytes,
    ),
});

/** The export runs in its own worker thread, which opens its own snapshot of the same evidence paths. */
async function exportInWorker(evidence: Evidence, options: ExportOptions): Promise<Result<ExportSummary>> {
  const job = startExportWorker(
    {
      paths: pathsToOpen(evidence.input),
      openOptions: { scratchRoot: app.getPath('temp') },
      destination: options.destination,
      digest: options.digest,
    },
    options.onProgress,
  );
  options.signal?.addEventListener('abort', () => job.cancel(), { once: true });
  return job.done;
}

startDesktopApp({
  electron: { app, BrowserWindow, Menu, dialog, shell, protocol, ipcMain, defaultSession: () => session.defaultSession },
  core: { service, exportWarc: exportInWorker, checkDestination },
  layout: { preloadPath: join(here, '..', 'preload', 'index.cjs'), rendererDir: join(here, '..', 'renderer') },
  productName,
});
