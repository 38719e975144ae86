/** The menu's "Export Case…" wired to Electron: the save dialog, the file written new, a notice saying how to check it. */
import { writeFile } from 'node:fs/promises';
import type { BrowserWindow } from 'electron';
import type { Evidence } from '../core/evidence/types.js';
import type { InspectorService } from '../core/service/service.js';
import type { Result } from '../../shared/errors.js';
import type { ElectronModules } from './electron-modules.js';
import { exportCaseToFile } from './case-export.js';
import { plural } from '../../shared/plural.js';

/** What the export needs of the desktop actions' context (named here, so this file does not import that one back). */
export interface CaseExportContext {
  readonly electron: Pick<ElectronModules, 'dialog'>;
  readonly core: { readonly service: InspectorService; checkDestination(evidence: Evidence, destination: string): Result<string> };
}

export async function exportCaseFrom(ctx: CaseExportContext, window: BrowserWindow, evidence: Evidence, evidenceId: string): Promise<void> {
  const { dialog } = ctx.electron;
  const outcome = await exportCaseToFile(
    {
      exportCase: () => ctx.core.service.handle('case.export', { evidenceId }),
      chooseFile: async (defaultPath) => {
        const r = await dialog.showSaveDialog(window, {
          title: 'Export Case',
          defaultPath,
          filters: [{ name: 'Zip', extensions: ['zip'] }],
        });
        return r.canceled || !r.filePath ? null : r.filePath;
      },
      checkDestination: (e, path) => ctx.core.checkDestination(e, path),
      writeNew: (path, bytes) => writeFile(path, bytes, { flag: 'wx', mode: 0o644 }),
    },
    evidence,
  );
  if (outcome.kind === 'refused')
    void dialog.showMessageBox(window, {
      type: 'error',
      message: 'The case was not exported',
      detail: `${outcome.code}: ${outcome.message}`,
    });
  if (outcome.kind === 'saved')
    void dialog.showMessageBox(window, {
      type: 'info',
      message: 'Case exported',
      detail: `${plural(outcome.items, 'item')}, credentials masked, in ${outcome.path}. Unpack it and check it with: capsem-inspect case verify FOLDER [EVIDENCE]`,
      buttons: ['OK'],
    });
}
