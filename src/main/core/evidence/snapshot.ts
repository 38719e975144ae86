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
 *
 * Large databases opened for the app (`kernelCopyAboveBytes`) are copied by the kernel instead (kernel-copy.ts: at
 * disk speed, nothing read in this process) and proven afterwards by `proveDbCopy` (copy-proof.ts), which the open's
 * follow-up runs at once: until it has passed, the database's hashes are not known and `sources` leaves it out.
 * Sidecars (-wal, -shm, -journal) are always copied while hashed: they are small, and this keeps them proven before
 * SQLite sees the set.
 */
import { basename, dirname, join } from 'node:path';
import type { Stats } from 'node:fs';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, toFailure } from '../../../shared/errors.js';
import type { Snapshot } from './types.js';
import { preflightSqlite } from './sqlite-preflight.js';
import { blake3OfOwnFile, hashAndCopy } from './hash-copy.js';
import { kernelCopyAvailable, kernelCopyEvidenceFile } from './kernel-copy.js';
import { proveCopy } from './copy-proof.js';
import type { CopyProofReads } from './copy-proof.js';
import { makeScratchDir, removeScratchDir } from './scratch.js';

export interface SnapshotOptions {
  /** Folder under which the scratch folder is made (default os.tmpdir()). Refused when inside the evidence folder. */
  readonly scratchRoot?: string;
  /**
   * Copy the database file with the kernel when the SQLite set (database and sidecars, as lstat'ed) is larger than
   * this many bytes; its hashes then come from `Snapshot.proveDbCopy`, run by the caller after the snapshot. Absent
   * (or where the kernel copy is unavailable: not Linux): every file is hashed in the read that copies it.
   */
  readonly kernelCopyAboveBytes?: number;
  /** How `proveDbCopy` reads (default copy-proof.ts's own: in this process; serve: in its background host). */
  readonly proofReads?: CopyProofReads;
}

function checkCopy(source: FileHashes, copy: { size: number; blake3: string }): void {
  if (source.size !== copy.size || source.blake3 !== copy.blake3) {
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `the scratch copy of ${source.path} does not hash like its source (blake3 ${source.blake3} vs ${copy.blake3}, ${source.size} vs ${copy.size} bytes)`,
    );
  }
}

/** Today's copy: hashed in the same read, the copy re-read and compared before returning. */
async function copyHashed(path: string, stat: Stats, copy: string): Promise<FileHashes> {
  const source = await hashAndCopy(path, copy, stat);
  checkCopy(source, await blake3OfOwnFile(copy));
  return source;
}

export async function snapshotSqlite(dbPath: string, opts: SnapshotOptions = {}): Promise<Result<Snapshot>> {
  let scratchDir: string | null = null;
  const started = performance.now();
  try {
    const set = await preflightSqlite(dbPath);
    scratchDir = makeScratchDir(dirname(dbPath), opts.scratchRoot);
    const dbCopyPath = join(scratchDir, basename(dbPath));
    const setBytes = set.sidecars.reduce((n, s) => n + s.stat.size, set.dbStat.size);
    const byKernel = opts.kernelCopyAboveBytes !== undefined && setBytes > opts.kernelCopyAboveBytes && kernelCopyAvailable();
    let db: FileHashes | null = null;
    if (byKernel) await kernelCopyEvidenceFile(dbPath, dbCopyPath, set.dbStat);
    else db = await copyHashed(dbPath, set.dbStat, dbCopyPath);
    const sidecars: FileHashes[] = [];
    for (const s of set.sidecars) sidecars.push(await copyHashed(s.path, s.stat, `${dbCopyPath}${s.suffix}`));
    const copyMs = performance.now() - started;
    let proof: Promise<FileHashes> | null = null;
    // Disposing stops a proof still running: its copy is being removed, and a CLI must not wait for a 1 GiB read.
    const stop = new AbortController();
    const proveDbCopy = (): Promise<FileHashes> =>
      (proof ??= proveCopy({ sourcePath: dbPath, seen: set.dbStat, copyPath: dbCopyPath, signal: stop.signal }, opts.proofReads).then(
        (hashes) => {
          db = hashes;
          return hashes;
        },
      ));
    const dir = scratchDir;
    const snapshot: Snapshot = {
      scratchDir: dir,
      dbCopyPath,
      // Read when asked: a kernel copy's database joins the list once its proof passed.
      get sources() {
        return db ? [db, ...sidecars] : sidecars;
      },
      setBytes,
      copyMs,
      ...(byKernel ? { proveDbCopy } : {}),
      dispose: () => {
        stop.abort();
        removeScratchDir(dir);
      },
    };
    return { ok: true, value: snapshot };
  } catch (error) {
    if (scratchDir) removeScratchDir(scratchDir);
    return { ok: false, error: toFailure(error) };
  }
}
