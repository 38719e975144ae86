/**
 * "Export Case…" in the desktop app (issue 39): the same .zip the Case view's button hands over (the case.export
 * channel, masked), saved where the user picks, never into the evidence folder and never over a file, then a notice
 * with the command that re-checks it. Pure over its ports, so it is tested without Electron.
 */
import type { CaseExportFile } from '../../shared/contract/case.js';
import type { Result } from '../../shared/errors.js';
import type { Evidence } from '../core/evidence/types.js';

export interface CaseExportPorts {
  /** The path chosen in a save dialog for this default name, or null when cancelled. */
  chooseFile(defaultName: string): Promise<string | null>;
  checkDestination(evidence: Evidence, path: string): Result<string>;
  exportCase(): Promise<Result<CaseExportFile>>;
  /** Writes the bytes to a new file (never over one). */
  writeNew(path: string, bytes: Uint8Array): Promise<void>;
}

export type CaseExportOutcome =
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'saved'; readonly path: string; readonly items: number }
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

export async function exportCaseToFile(ports: CaseExportPorts, evidence: Evidence): Promise<CaseExportOutcome> {
  // Built first: a case that cannot be exported (none kept, a damaged case file) is said before any dialog.
  const built = await ports.exportCase();
  if (!built.ok) return { kind: 'refused', ...built.error };
  const chosen = await ports.chooseFile(built.value.fileName);
  if (chosen === null) return { kind: 'cancelled' };
  const checked = ports.checkDestination(evidence, chosen);
  if (!checked.ok) return { kind: 'refused', ...checked.error };
  try {
    await ports.writeNew(checked.value, Buffer.from(built.value.base64, 'base64'));
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    return { kind: 'refused', code: e.code === 'EEXIST' ? 'EXPORT_DESTINATION' : 'EXPORT_FAILED', message: String(e.message ?? error) };
  }
  return { kind: 'saved', path: checked.value, items: built.value.items };
}
