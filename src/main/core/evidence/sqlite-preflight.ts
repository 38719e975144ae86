/**
 * Looks at an SQLite file set from sizes and headers only, before anything is copied or any SQLite opens,
 * and refuses the states in which SQLite itself would change or misread the evidence (reliability-anchors A4):
 * a hot rollback journal (would be played back), a zero-length or missing database beside a -wal (SQLite deletes
 * the -wal), a file that is not SQLite at all, and any symlink/FIFO/device in the set.
 */
import { basename } from 'node:path';
import type { Stats } from 'node:fs';
import { InspectorError } from '../../../shared/errors.js';
import { lstatEntry, readPrefix } from './safe-fs.js';

export const SQLITE_SIDECARS = ['-wal', '-shm', '-journal'] as const;
export type SqliteSidecar = (typeof SQLITE_SIDECARS)[number];

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** The rollback journal header magic (sqlite.org fileformat2 §3). */
const JOURNAL_MAGIC = Buffer.from([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]);

export interface SqliteFileSet {
  readonly dbPath: string;
  readonly dbStat: Stats;
  /** Sidecars present (regular files), in copy order. */
  readonly sidecars: readonly { readonly suffix: SqliteSidecar; readonly path: string; readonly stat: Stats }[];
}

export async function preflightSqlite(dbPath: string): Promise<SqliteFileSet> {
  const db = await lstatEntry(dbPath);
  if (db.kind === 'dir') throw new InspectorError('NOT_A_LEDGER', `${dbPath} is a folder, not an SQLite database`);
  const sidecars: { suffix: SqliteSidecar; path: string; stat: Stats }[] = [];
  for (const suffix of SQLITE_SIDECARS) {
    const path = `${dbPath}${suffix}`;
    const entry = await lstatEntry(path);
    if (entry.kind === 'dir') throw new InspectorError('UNSAFE_PATH', `${path} is a folder where SQLite expects its ${suffix} file`);
    if (entry.kind === 'file' && entry.stat) sidecars.push({ suffix, path, stat: entry.stat });
  }
  const wal = sidecars.find((s) => s.suffix === '-wal');
  if (db.kind === 'missing' || !db.stat) {
    if (wal)
      throw new InspectorError(
        'WAL_WITHOUT_DB',
        `${basename(dbPath)} is missing beside ${wal.path}; the write-ahead log alone is not a database and is left untouched`,
      );
    throw new InspectorError('NOT_FOUND', `${dbPath} does not exist`);
  }
  if (db.stat.size === 0) {
    if (wal) {
      throw new InspectorError(
        'WAL_WITHOUT_DB',
        `${dbPath} is zero-length beside a ${wal.stat.size}-byte ${basename(wal.path)}; SQLite would delete that -wal on open, so it is not opened`,
      );
    }
    throw new InspectorError('NOT_A_LEDGER', `${dbPath} is empty (0 bytes), not an SQLite database`);
  }
  const header = await readPrefix(dbPath, 100, db.stat);
  if (header.length < 100 || !header.subarray(0, 16).equals(SQLITE_MAGIC)) {
    throw new InspectorError('NOT_A_LEDGER', `${dbPath} is not an SQLite database (no "SQLite format 3" header in its first 100 bytes)`);
  }
  const journal = sidecars.find((s) => s.suffix === '-journal');
  if (journal) await refuseHotJournal(journal.path, journal.stat);
  return { dbPath, dbStat: db.stat, sidecars };
}

/**
 * A non-empty -journal whose first byte is not zero is "hot" to SQLite: any open would try to play it back
 * (read-only opens fail with SQLITE_READONLY_ROLLBACK, immutable opens ignore it and may show a state no
 * transaction committed). A zeroed header (journal_mode=PERSIST leftovers) is not hot.
 */
async function refuseHotJournal(path: string, stat: Stats): Promise<void> {
  if (stat.size === 0) return;
  const head = await readPrefix(path, 8, stat);
  if (head.length === 0 || head[0] === 0) return;
  const valid = head.length === 8 && head.equals(JOURNAL_MAGIC);
  throw new InspectorError(
    'HOT_JOURNAL',
    valid
      ? `${path} is a hot rollback journal (${stat.size} bytes, valid header): the database was left mid-transaction; it is not played back and the ledger is not opened`
      : `${path} is a ${stat.size}-byte rollback journal with an unrecognised header that SQLite would try to play back; the ledger is not opened`,
  );
}
