/**
 * body.save in the desktop app: a save dialog, the evidence-folder rule (never a byte into evidence), then the
 * verified bytes written to the chosen file.
 */
import type { BodySaveResult } from '../../shared/contract.js';
import type { Result } from '../../shared/errors.js';
import { InspectorError } from '../../shared/errors.js';
import type { BodyKey } from '../../shared/ledger-types.js';
import type { Evidence } from '../core/evidence/types.js';

export interface BodySavePorts {
  chooseFile(defaultName: string): Promise<string | null>;
  checkDestination(evidence: Evidence, path: string): Result<string>;
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
}

/** A file name made only of safe characters from the body's key. */
export function bodyFileName(key: BodyKey): string {
  const safe = (s: string): string =>
    s
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 80);
  return `${safe(key.eventId)}-${safe(key.sourceTable)}-${safe(key.direction)}.bin`;
}

export async function saveBodyToFile(ports: BodySavePorts, evidence: Evidence, key: BodyKey, bytes: Uint8Array): Promise<BodySaveResult> {
  const chosen = await ports.chooseFile(bodyFileName(key));
  if (chosen === null) return { kind: 'cancelled' };
  const checked = ports.checkDestination(evidence, chosen);
  if (!checked.ok) throw new InspectorError(checked.error.code, checked.error.message);
  await ports.writeFile(checked.value, bytes);
  return { kind: 'saved', path: checked.value };
}
