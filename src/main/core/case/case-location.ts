/**
 * Where a case file may be: anywhere but inside the evidence. Notes are kept beside the evidence, never in it, so the
 * folder a copy was taken from stays exactly as it was captured. Compared by real paths, so neither a symlinked
 * folder nor `..` nor a case file that is itself a link into the evidence can put it there.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { isInside, realOrSelf } from '../path-inside.js';

function evidenceFolders(evidence: Evidence): string[] {
  const folders = [evidence.input.dir, dirname(evidence.input.dbPath)];
  const archive = evidence.input.archive;
  if (archive) folders.push(archive.kind === 'directory' ? archive.path : dirname(archive.path));
  return folders.map(realOrSelf);
}

/** A path's real path: its own when it exists (a link is followed), else its real folder's joined with its name. */
function realCasePath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return join(realOrSelf(dirname(resolve(path))), basename(path));
  }
}

/** The evidence folder holding `path` (by real paths, links followed), or undefined when none does. */
export function evidenceFolderHolding(evidence: Evidence, path: string): string | undefined {
  const real = realCasePath(path);
  return evidenceFolders(evidence).find((folder) => isInside(real, folder));
}

/** The real path to read and write the case file at; CASE_INSIDE_EVIDENCE when it lies in the evidence. */
export function caseFilePath(evidence: Evidence, path: string): string {
  const real = realCasePath(path);
  const holding = evidenceFolderHolding(evidence, path);
  if (holding !== undefined)
    throw new InspectorError(
      'CASE_INSIDE_EVIDENCE',
      `case file ${path} lies inside the evidence folder ${holding}; keep it beside the evidence, never in it`,
    );
  return real;
}
