/**
 * Putting an export down: never inside the evidence (by real paths, as the case file), never over anything (an
 * existing folder must be empty), and all at once: the files are written and fsync'ed in a temporary folder beside
 * the destination, which is then renamed into place, so a crash leaves no half export under the name given.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { realOrSelf } from '../path-inside.js';
import { evidenceFolderHolding } from './case-location.js';
import type { ExportFiles } from './export-build.js';

/** The destination's real path; EXPORT_DESTINATION when it lies in the evidence or holds anything already. */
export function exportDestination(evidence: Evidence, out: string): string {
  const holding = evidenceFolderHolding(evidence, out);
  if (holding !== undefined)
    throw new InspectorError('EXPORT_DESTINATION', `${out} lies inside the evidence folder ${holding}; nothing is written there`);
  const real = join(realOrSelf(dirname(realOrSelf(out))), basename(realOrSelf(out)));
  let entries: string[] | null = null;
  try {
    if (!statSync(real).isDirectory()) throw new InspectorError('EXPORT_DESTINATION', `${out} exists and is not a folder`);
    entries = readdirSync(real);
  } catch (e) {
    if (e instanceof InspectorError) throw e;
  }
  if (entries !== null && entries.length > 0)
    throw new InspectorError('EXPORT_DESTINATION', `${out} exists and is not empty; an export is never written over anything`);
  return real;
}

function writeWhole(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'wx', 0o644);
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function writeCaseExport(evidence: Evidence, out: string, files: ExportFiles): string {
  const real = exportDestination(evidence, out);
  const temp = join(dirname(real), `.${basename(real)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  mkdirSync(temp, { mode: 0o755 });
  try {
    for (const [name, bytes] of files) writeWhole(join(temp, name), bytes);
    // An empty folder given as the destination is replaced by the written one.
    try {
      rmdirSync(real);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    renameSync(temp, real);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  return real;
}
