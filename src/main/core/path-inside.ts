/**
 * Path containment by real paths, so a symlink or `..` cannot smuggle a write into the evidence folder.
 * One implementation for every "never inside the evidence" check (scratch root, export destination, body -o).
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

/** True when `child` is `parent` or lies below it (both compared as given; pass real paths). */
export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The real path when it exists, else the resolved path (a destination that does not exist yet). */
export function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
