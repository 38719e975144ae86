// Damaged host ledgers are refused by name (hostile suite findings): a forged header byte must be DB_CORRUPT,
// not INTERNAL, and page damage anywhere in host.db must be caught by PRAGMA quick_check before the tables are read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openHostLedger } from '../../../../src/main/core/host/open-host-ledger.js';
import { writeSampleHome } from '../../../fixtures/writer/host/host-sample.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'host-damage-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function overwrite(path: string, at: number, bytes: Uint8Array): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, at);
  } finally {
    closeSync(fd);
  }
}

describe('openHostLedger on damaged host.db', () => {
  it('a forged schema format number (header offset 44) is DB_CORRUPT naming the file', async () => {
    const sample = await writeSampleHome(home);
    expect(existsSync(`${sample.hostDbPath}-wal`)).toBe(false);
    overwrite(sample.hostDbPath, 44, Uint8Array.of(0xc6, 0x0e, 0x2b, 0x0e));
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.code).toBe('DB_CORRUPT');
    expect(opened.error.message).toContain(sample.hostDbPath);
  });

  it('page damage in a table the library never reads is still refused by quick_check', async () => {
    const sample = await writeSampleHome(home);
    // A fixture (not evidence): add a table the host reader ignores, then break its root page's b-tree type byte.
    const db = new Database(sample.hostDbPath);
    db.exec('CREATE TABLE unrelated_notes(id INTEGER PRIMARY KEY, text TEXT)');
    const insert = db.prepare('INSERT INTO unrelated_notes(text) VALUES (?)');
    for (let i = 0; i < 50; i++) insert.run(`note ${i} ${'x'.repeat(200)}`);
    const root = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'unrelated_notes'").pluck().get() as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.pragma('journal_mode = DELETE');
    db.close();
    expect(existsSync(`${sample.hostDbPath}-wal`)).toBe(false);
    overwrite(sample.hostDbPath, (root - 1) * pageSize, Uint8Array.of(0x07));
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.code).toBe('DB_CORRUPT');
    expect(opened.error.message).toContain(sample.hostDbPath);
  });
});
