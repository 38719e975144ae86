/**
 * Where an export may go: an existing folder outside the evidence (never a byte into an evidence folder).
 * Compared by real paths, so a symlink or `..` cannot smuggle the file in.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { isInside as inside, realOrSelf } from '../path-inside.js';

/** Folders the export must stay out of: the evidence folder, the folder of session.db, and the archive's. */
function evidenceFolders(evidence: Evidence): string[] {
  const folders = [evidence.input.dir, dirname(evidence.input.dbPath)];
  const archive = evidence.input.archive;
  if (archive) folders.push(archive.kind === 'directory' ? archive.path : dirname(archive.path));
  return folders.map(realOrSelf);
}

/**
 * The evidence folder the destination lies in, or null: the CLI answers this one as a usage error (exit 2), since
 * it is the command that asked for the impossible, not the export that failed.
 */
export function evidenceFolderHolding(evidence: Evidence, destination: string): string | null {
  const folder = dirname(resolve(destination));
  if (!existsSync(folder)) return null;
  const realFolder = realpathSync(folder);
  return evidenceFolders(evidence).find((f) => inside(realFolder, f)) ?? null;
}

/** The absolute final path, or EXPORT_DESTINATION with a sentence naming the problem. */
export function checkDestination(evidence: Evidence, destination: string): Result<string> {
  if (!destination || destination.endsWith('/'))
    return { ok: false, error: fail('EXPORT_DESTINATION', `export destination ${JSON.stringify(destination)} does not name a file`) };
  const absolute = resolve(destination);
  const folder = dirname(absolute);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    return { ok: false, error: fail('EXPORT_DESTINATION', `export destination folder ${folder} does not exist`) };
  }
  const realFolder = realpathSync(folder);
  for (const evidenceFolder of evidenceFolders(evidence)) {
    if (inside(realFolder, evidenceFolder)) {
      return {
        ok: false,
        error: fail(
          'EXPORT_DESTINATION',
          `export destination ${absolute} lies inside the evidence folder ${evidenceFolder}; choose a folder outside it`,
        ),
      };
    }
  }
  const finalPath = resolve(realFolder, basename(absolute));
  if (existsSync(finalPath) && statSync(finalPath).isDirectory()) {
    return { ok: false, error: fail('EXPORT_DESTINATION', `export destination ${finalPath} is a folder`) };
  }
  return { ok: true, value: finalPath };
}
