/**
 * The -wal beside the scratch copy (never the evidence's): what SQLite replays of it, and which rows exist only
 * there (committed, never checkpointed into session.db), counted per table. A careless copy of session.db alone
 * loses those rows, so a reviewer must know which evidence lives only in the journal. The counts compare the copy
 * read with its -wal against the same session.db read without it: a copy (by the kernel) in a scratch folder of its
 * own, its header's WAL mark (bytes 18-19) set back to rollback-journal mode, so SQLite reads that file alone and
 * needs no -wal or -shm (a read-only WAL database without them fails with "disk I/O error"). Nothing is written
 * beside the evidence.
 */
import { closeSync, copyFileSync, existsSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { openHardened } from '../evidence/open-hardened.js';
import { makeScratchDir, removeScratchDir } from '../evidence/scratch.js';
import { readWalFacts, type WalFacts } from '../evidence/wal-frames.js';
import { hasTable } from '../queries/schema.js';
import { countRows } from '../queries/ledger-reads.js';

export interface WalSection extends WalFacts {
  /** Rows per table that exist only in the -wal (tables with none are left out). */
  readonly rowsOnlyInWal: Readonly<Record<string, number>>;
  /**
   * Per table with rows only in the -wal: the first rowid only there. The ledger is append-only, so those rows are
   * the ones above the copy without the -wal's largest rowid; it is exact when the rows at or below it number the
   * same with and without the -wal (checked; a table where they do not is left out rather than marked wrongly).
   */
  readonly firstRowidOnlyInWal: Readonly<Record<string, number>>;
}

export function checkWal(db: Database.Database, evidenceDir: string, tables: Readonly<Record<string, number>>): WalSection | null {
  const copy = db.name;
  const walPath = `${copy}-wal`;
  if (!existsSync(walPath)) return null;
  const facts = readWalFacts(walPath);
  const only = facts.committedFrames > 0 ? rowsOnlyInWal(db, copy, evidenceDir, tables) : { counts: {}, first: {} };
  return { ...facts, rowsOnlyInWal: only.counts, firstRowidOnlyInWal: only.first };
}

function maxRowid(db: Database.Database, table: string): number {
  const r = db.prepare(`SELECT max(rowid) AS m FROM "${table.replaceAll('"', '""')}"`).get() as { m: number | bigint | null };
  return r.m === null ? 0 : Number(r.m);
}

function rowsUpTo(db: Database.Database, table: string, rowid: number): number {
  const r = db.prepare(`SELECT count(*) AS n FROM "${table.replaceAll('"', '""')}" WHERE rowid <= ?`).get(rowid) as { n: number | bigint };
  return Number(r.n);
}

interface OnlyInWal {
  readonly counts: Record<string, number>;
  readonly first: Record<string, number>;
}

function rowsOnlyInWal(db: Database.Database, copy: string, evidenceDir: string, tables: Readonly<Record<string, number>>): OnlyInWal {
  const dir = makeScratchDir(evidenceDir, dirname(dirname(copy)));
  try {
    const alone = join(dir, 'session.db');
    copyFileSync(copy, alone);
    const fd = openSync(alone, 'r+');
    try {
      writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
    } finally {
      closeSync(fd);
    }
    const without = openHardened(alone);
    try {
      const counts: Record<string, number> = {};
      const first: Record<string, number> = {};
      for (const [table, withWal] of Object.entries(tables)) {
        const there = hasTable(without, table);
        const before = there ? countRows(without, table) : 0;
        if (withWal <= before) continue;
        counts[table] = withWal - before;
        try {
          const top = there ? maxRowid(without, table) : 0;
          if (rowsUpTo(db, table, top) === before) first[table] = top + 1;
        } catch {
          // A table without rowids: counted, not marked.
        }
      }
      return { counts, first };
    } finally {
      without.close();
    }
  } finally {
    removeScratchDir(dir);
  }
}
