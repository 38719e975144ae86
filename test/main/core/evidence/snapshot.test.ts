import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotSqlite } from '../../../../src/main/core/evidence/snapshot.js';
import { liveScratchDirs } from '../../../../src/main/core/evidence/scratch.js';
import { buildSmallLedger, buildWalOnlyEvidence, pictureOf, removeDir, tempDir } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('snapshot-');
});
afterEach(() => removeDir(dir));

function b3sum(path: string): string | null {
  try {
    return execFileSync('b3sum', ['--no-names', path]).toString().trim();
  } catch {
    return null;
  }
}

describe('snapshotSqlite', () => {
  it('copies db and -wal into a private 0700 scratch folder, hashes match the source and b3sum', async () => {
    const { dir: evidence, cleanup } = buildWalOnlyEvidence();
    const before = pictureOf(evidence);
    const r = await snapshotSqlite(join(evidence, 'session.db'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const snap = r.value;
    expect(snap.scratchDir.startsWith(evidence)).toBe(false);
    expect(statSync(snap.scratchDir).mode & 0o777).toBe(0o700);
    expect(snap.sources.map((s) => s.path)).toEqual([join(evidence, 'session.db'), join(evidence, 'session.db-wal')]);
    for (const source of snap.sources) {
      const bytes = readFileSync(source.path);
      expect(source.size).toBe(bytes.length);
      expect(source.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const external = b3sum(source.path);
      if (external) expect(source.blake3).toBe(external);
    }
    expect(readFileSync(snap.dbCopyPath).equals(readFileSync(join(evidence, 'session.db')))).toBe(true);
    expect(existsSync(`${snap.dbCopyPath}-wal`)).toBe(true);
    snap.dispose();
    expect(existsSync(snap.scratchDir)).toBe(false);
    expect(liveScratchDirs()).not.toContain(snap.scratchDir);
    expect(pictureOf(evidence)).toEqual(before);
    cleanup();
  });

  it('refuses a scratch root inside the evidence folder', async () => {
    buildSmallLedger(join(dir, 'session.db'), 'L0').close();
    mkdirSync(join(dir, 'inner'));
    const r = await snapshotSqlite(join(dir, 'session.db'), { scratchRoot: join(dir, 'inner') });
    expect(r.ok ? null : r.error.code).toBe('BAD_REQUEST');
    expect(r.ok ? '' : r.error.message).toContain('inside the evidence folder');
  });

  it('refuses a zero-length session.db beside a -wal without touching the -wal', async () => {
    writeFileSync(join(dir, 'session.db'), '');
    writeFileSync(join(dir, 'session.db-wal'), Buffer.alloc(4096, 7));
    const before = pictureOf(dir);
    const r = await snapshotSqlite(join(dir, 'session.db'));
    expect(r.ok ? null : r.error.code).toBe('WAL_WITHOUT_DB');
    expect(r.ok ? '' : r.error.message).toContain('zero-length');
    expect(pictureOf(dir)).toEqual(before);
  });

  it('refuses a missing session.db beside a -wal', async () => {
    writeFileSync(join(dir, 'session.db-wal'), Buffer.alloc(32, 1));
    const r = await snapshotSqlite(join(dir, 'session.db'));
    expect(r.ok ? null : r.error.code).toBe('WAL_WITHOUT_DB');
  });

  it('refuses a file that is not SQLite', async () => {
    writeFileSync(join(dir, 'session.db'), Buffer.alloc(4096, 0x41));
    const r = await snapshotSqlite(join(dir, 'session.db'));
    expect(r.ok ? null : r.error.code).toBe('NOT_A_LEDGER');
    expect(r.ok ? '' : r.error.message).toContain(join(dir, 'session.db'));
  });

  it('names a symlinked -wal and a FIFO -shm, never following or opening them', async () => {
    buildSmallLedger(join(dir, 'session.db'), 'L0').close();
    const outside = tempDir('outside-');
    writeFileSync(join(outside, 'target'), 'secret');
    symlinkSync(join(outside, 'target'), join(dir, 'session.db-wal'));
    const link = await snapshotSqlite(join(dir, 'session.db'));
    expect(link.ok ? null : link.error.code).toBe('UNSAFE_PATH');
    expect(link.ok ? '' : link.error.message).toContain('session.db-wal is a symbolic link');
    removeDir(outside);

    const other = tempDir('snapshot-fifo-');
    buildSmallLedger(join(other, 'session.db'), 'L0').close();
    execFileSync('mkfifo', [join(other, 'session.db-shm')]);
    // Opening the FIFO would block until a writer came: an answer at all shows it was refused unopened.
    const fifo = await snapshotSqlite(join(other, 'session.db'));
    expect(fifo.ok ? null : fifo.error.code).toBe('UNSAFE_PATH');
    expect(fifo.ok ? '' : fifo.error.message).toContain('FIFO');
    removeDir(other);
  });

  it('refuses a hot rollback journal that SQLite itself would play back, and leaves it in place', async () => {
    const work = tempDir('hot-writer-');
    const writer = new Database(join(work, 'session.db'));
    writer.pragma('journal_mode = DELETE');
    // A tiny cache forces dirty pages to spill mid-transaction, which syncs the journal and writes its magic.
    writer.pragma('cache_size = 2');
    writer.exec('CREATE TABLE net_events (id INTEGER PRIMARY KEY, domain TEXT)');
    const insert = writer.prepare('INSERT INTO net_events (domain) VALUES (?)');
    for (let i = 0; i < 20; i++) insert.run('a'.repeat(3000));
    writer.exec('BEGIN');
    writer.prepare('UPDATE net_events SET domain = ?').run('b'.repeat(3000));
    // Copy the pair mid-transaction: the journal is hot in the copy (as after a crash).
    copyFileSync(join(work, 'session.db'), join(dir, 'session.db'));
    copyFileSync(join(work, 'session.db-journal'), join(dir, 'session.db-journal'));
    writer.exec('ROLLBACK');
    writer.close();
    removeDir(work);

    // Ground truth: SQLite (on a throwaway copy) agrees that this journal is hot.
    const probe = tempDir('hot-probe-');
    copyFileSync(join(dir, 'session.db'), join(probe, 'session.db'));
    copyFileSync(join(dir, 'session.db-journal'), join(probe, 'session.db-journal'));
    const ro = new Database(join(probe, 'session.db'), { readonly: true });
    let sqliteCode = '';
    try {
      ro.prepare('SELECT count(*) FROM net_events').get();
    } catch (error) {
      sqliteCode = String((error as { code?: string }).code);
    }
    ro.close();
    removeDir(probe);
    expect(sqliteCode).toBe('SQLITE_READONLY_ROLLBACK');

    const before = pictureOf(dir);
    const r = await snapshotSqlite(join(dir, 'session.db'));
    expect(r.ok ? null : r.error.code).toBe('HOT_JOURNAL');
    expect(r.ok ? '' : r.error.message).toContain('session.db-journal');
    expect(pictureOf(dir)).toEqual(before);
  });

  it('copies a journal whose header is zeroed (not hot)', async () => {
    buildSmallLedger(join(dir, 'session.db'), 'L0').close();
    writeFileSync(join(dir, 'session.db-journal'), Buffer.alloc(512, 0));
    const r = await snapshotSqlite(join(dir, 'session.db'));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.sources.map((s) => s.path.slice(dir.length))).toEqual(['/session.db', '/session.db-journal']);
      r.value.dispose();
    }
  });
});
