/**
 * Where a session's ledger lives on disk, if it still does: $CAPSEM_RUN_DIR/sessions/<id>/session.db
 * or $CAPSEM_RUN_DIR/persistent/<id>/session.db (docs/formats/session-check.md#resolving-a-session). Only metadata is
 * read (lstat). Session ids come from the ledger, so an id that is not a plain folder name is never joined to a path.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionLocation } from './types.js';

export function isSafeFolderName(id: string): boolean {
  return id.length > 0 && id.length <= 255 && id !== '.' && id !== '..' && !/[/\\\0]/.test(id);
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

export function locateSession(runDir: string, id: string): SessionLocation | null {
  if (!isSafeFolderName(id)) return null;
  let fallback: SessionLocation | null = null;
  for (const where of ['sessions', 'persistent'] as const) {
    const dir = join(runDir, where, id);
    if (!isDir(dir)) continue;
    const location = { where, dir, hasSessionDb: isFile(join(dir, 'session.db')) };
    if (location.hasSessionDb) return location;
    fallback ??= location;
  }
  return fallback;
}
