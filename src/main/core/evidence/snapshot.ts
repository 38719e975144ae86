/**
 * snapshotSqlite: copy an SQLite file and its -wal/-shm/-journal, as one matched set, into a private scratch folder,
 * hashing each source in the same read that copies it and re-hashing the copy. Generic: used for session.db and
 * host.db alike. SQLite is never opened on the evidence path.
 *
 * What the re-hash proves: the copy is re-read from the file system after it was written and its BLAKE3 and size
 * must equal the BLAKE3 and size recorded from the source. BLAKE3 is collision resistant, so equal digests mean the
 * copy holds exactly the bytes that were read from the source, and those same bytes (one read fed both hashes)
 * are what the recorded SHA-256 describes. Re-hashing the copy with SHA-256 as well (as before) proved nothing
 * more and cost a second full SHA-256 pass, the slowest step of the copy (~1.3 GiB/s with SHA-NI here against
 * BLAKE3's several GiB/s).
 */
import { basename, dirname, join } from 'node:path';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, toFailure } from '../../../shared/errors.js';
import type { Snapshot } from './types.js';
import { preflightSqlite } from './sqlite-preflight.js';
import { blake3OfOwnFile, hashAndCopy } from './hash-copy.js';
import { makeScratchDir, removeScratchDir } from './scratch.js';

export interface SnapshotOptions {
  /** Folder under which the scratch folder is made (default os.tmpdir()). Refused when inside the evidence folder. */
  readonly scratchRoot?: string;
}

function checkCopy(source: FileHashes, copy: { size: number; blake3: string }): void {
  if (source.size !== copy.size || source.blake3 !== copy.blake3) {
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `the scratch copy of ${source.path} does not hash like its source (blake3 ${source.blake3} vs ${copy.blake3}, ${source.size} vs ${copy.size} bytes)`,
    );
  }
}

export async function snapshotSqlite(dbPath: string, opts: SnapshotOptions = {}): Promise<Result<Snapshot>> {
  let scratchDir: string | null = null;
  const started = performance.now();
  try {
    const set = await preflightSqlite(dbPath);
    scratchDir = makeScratchDir(dirname(dbPath), opts.scratchRoot);
    const dbCopyPath = join(scratchDir, basename(dbPath));
    const files = [{ path: dbPath, stat: set.dbStat, copy: dbCopyPath }, ...set.sidecars.map((s) => ({ path: s.path, stat: s.stat, copy: `${dbCopyPath}${s.suffix}` }))];
    const sources: FileHashes[] = [];
    for (const file of files) {
      const source = await hashAndCopy(file.path, file.copy, file.stat);
      checkCopy(source, await blake3OfOwnFile(file.copy));
      sources.push(source);
    }
    const dir = scratchDir;
    return { ok: true, value: { scratchDir: dir, dbCopyPath, sources, copyMs: performance.now() - started, dispose: () => removeScratchDir(dir) } };
  } catch (error) {
    if (scratchDir) removeScratchDir(scratchDir);
    return { ok: false, error: toFailure(error) };
  }
}
