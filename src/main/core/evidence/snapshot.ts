/**
 * snapshotSqlite: copy an SQLite file and its -wal/-shm/-journal, as one matched set, into a private scratch folder,
 * hashing each source in the same read that copies it and re-hashing the copy. Generic: used for session.db and
 * host.db alike. SQLite is never opened on the evidence path.
 */
import { basename, dirname, join } from 'node:path';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, toFailure } from '../../../shared/errors.js';
import type { Snapshot } from './types.js';
import { preflightSqlite } from './sqlite-preflight.js';
import { hashAndCopy, hashOwnFile } from './hash-copy.js';
import { makeScratchDir, removeScratchDir } from './scratch.js';

export interface SnapshotOptions {
  /** Folder under which the scratch folder is made (default os.tmpdir()). Refused when inside the evidence folder. */
  readonly scratchRoot?: string;
}

function checkCopy(source: FileHashes, copy: FileHashes): void {
  if (source.size !== copy.size || source.sha256 !== copy.sha256 || source.blake3 !== copy.blake3) {
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `the scratch copy of ${source.path} does not hash like its source (sha256 ${source.sha256} vs ${copy.sha256}, ${source.size} vs ${copy.size} bytes)`,
    );
  }
}

export async function snapshotSqlite(dbPath: string, opts: SnapshotOptions = {}): Promise<Result<Snapshot>> {
  let scratchDir: string | null = null;
  try {
    const set = await preflightSqlite(dbPath);
    scratchDir = makeScratchDir(dirname(dbPath), opts.scratchRoot);
    const dbCopyPath = join(scratchDir, basename(dbPath));
    const files = [{ path: dbPath, stat: set.dbStat, copy: dbCopyPath }, ...set.sidecars.map((s) => ({ path: s.path, stat: s.stat, copy: `${dbCopyPath}${s.suffix}` }))];
    const sources: FileHashes[] = [];
    for (const file of files) {
      const source = await hashAndCopy(file.path, file.copy, file.stat);
      checkCopy(source, await hashOwnFile(file.copy));
      sources.push(source);
    }
    const dir = scratchDir;
    return { ok: true, value: { scratchDir: dir, dbCopyPath, sources, dispose: () => removeScratchDir(dir) } };
  } catch (error) {
    if (scratchDir) removeScratchDir(scratchDir);
    return { ok: false, error: toFailure(error) };
  }
}
