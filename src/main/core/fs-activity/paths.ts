// The paths the file monitor saw (overflow rows have an empty path and are not paths), one row per path with
// the kind, size and action of its latest event, in any of the list's orders (path-pages.ts pages them).
import type Database from 'better-sqlite3';
import type { FsPathsPage } from '../../../shared/contract/fs.js';
import type { PathPageOptions } from './path-pages.js';
import { fsPathPage } from './path-pages.js';

export type FsPathsOptions = PathPageOptions;

export function fsPaths(db: Database.Database, opts: FsPathsOptions = {}): FsPathsPage {
  return fsPathPage(db, opts);
}
