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
import { countRows, hasTable } from './sql.js';

export interface WalSection extends WalFacts {
  /** Rows per table that exist only in the -wal (tables with none are left out). */
  readonly rowsOnlyInWal: Readonly<Record<string, number>>;
}

export function checkWal(db: Database.Database, evidenceDir: string, tables: Readonly<Record<string, number>>): WalSection | null {
  const copy = db.name;
  const walPath = `${copy}-wal`;
  if (!existsSync(walPath)) return null;
  const facts = readWalFacts(walPath);
  return { ...facts, rowsOnlyInWal: facts.committedFrames > 0 ? rowsOnlyInWal(copy, evidenceDir, tables) : {} };
}

function rowsOnlyInWal(copy: string, evidenceDir: string, tables: Readonly<Record<string, number>>): Record<string, number> {
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
      const out: Record<string, number> = {};
      for (const [table, withWal] of Object.entries(tables)) {
        const before = hasTable(without, table) ? countRows(without, table) : 0;
        if (withWal > before) out[table] = withWal - before;
      }
      return out;
    } finally {
      without.close();
    }
  } finally {
    removeScratchDir(dir);
  }
}
