/** The menu's "Save Transcript…" wired to Electron: the save dialog, a temporary file renamed once whole, a notice. */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { BrowserWindow } from 'electron';
import type { Evidence } from '../core/evidence/types.js';
import { writeTranscript } from '../core/transcript/export/export-transcript.js';
import { hostStopOfEvidence } from '../core/check/host-at-hand.js';
import type { HostStop } from '../core/completeness/host-stop.js';
import type { Result } from '../../shared/errors.js';
import type { ElectronModules } from './electron-modules.js';
import { saveTranscriptToFile } from './transcript-save.js';

function writeWhole(
  evidence: Evidence,
  traceId: string | undefined,
  format: 'md' | 'html' | 'json',
  path: string,
  hostStop: HostStop | null,
): void {
  const temp = `${path}.partial-${process.pid}`;
  const fd = openSync(temp, 'wx', 0o644);
  try {
    writeTranscript(evidence, { traceId, format, hostStop }, (chunk) => void writeSync(fd, chunk));
    closeSync(fd);
    renameSync(temp, path);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
}

/** What the save needs of the desktop actions' context (named here, so this file does not import that one back). */
export interface TranscriptSaveContext {
  readonly electron: Pick<ElectronModules, 'dialog'>;
  readonly core: { checkDestination(evidence: Evidence, destination: string): Result<string> };
}

export async function saveTranscriptFrom(ctx: TranscriptSaveContext, window: BrowserWindow, evidence: Evidence): Promise<void> {
  const { dialog } = ctx.electron;
  // Read before the dialog: the write itself is one synchronous pass, and the head compares the host's counters.
  const hostStop = await hostStopOfEvidence(evidence);
  const outcome = await saveTranscriptToFile(
    {
      chooseFile: async (defaultPath) => {
        const r = await dialog.showSaveDialog(window, {
          title: 'Save Transcript',
          defaultPath,
          filters: [
            { name: 'HTML', extensions: ['html'] },
            { name: 'Markdown', extensions: ['md'] },
            { name: 'JSON lines', extensions: ['jsonl'] },
          ],
        });
        return r.canceled || !r.filePath ? null : r.filePath;
      },
      checkDestination: (e, path) => ctx.core.checkDestination(e, path),
      write: (e, traceId, format, path) => writeWhole(e, traceId, format, path, hostStop),
    },
    evidence,
    window.webContents.getURL(),
  );
  if (outcome.kind === 'refused')
    void dialog.showMessageBox(window, {
      type: 'error',
      message: 'The transcript was not saved',
      detail: `${outcome.code}: ${outcome.message}`,
    });
  if (outcome.kind === 'saved')
    void dialog.showMessageBox(window, { type: 'info', message: 'Transcript saved', detail: outcome.path, buttons: ['OK'] });
}
