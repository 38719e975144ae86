// Every path of the session from one grouped query, and the session's overflow windows beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePaths } from '../../../../src/main/core/file-history/paths.js';
import { fileHistoryLedger } from './file-history-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'file-paths-'));
let db: Database.Database;

beforeAll(async () => {
  const l = await fileHistoryLedger(root);
  db = new Database(l.dbPath, { readonly: true });
});
afterAll(() => {
  db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('filePaths', () => {
  it('one row per path, sorted by path, with changes, first and last seen and the last action', () => {
    const r = filePaths(db);
    expect(r.gaps).toEqual([]);
    const paths = r.paths.map((p) => p.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths).not.toContain('');
    expect(paths).not.toContain('/workspace/src');
    expect(r.paths.find((p) => p.path === '/workspace/src/cache-3.ts')).toMatchObject({ changes: 2, lastAction: 'deleted' });
    const twice = r.paths.find((p) => p.path === '/workspace/src/index-2.ts')!;
    expect(twice.changes).toBe(2);
    expect(twice.firstSeen! < twice.lastSeen!).toBe(true);
    expect(r.paths.reduce((n, p) => n + p.changes, 0)).toBe(
      Number(db.prepare("SELECT COUNT(*) FROM fs_events WHERE action <> 'overflow'").pluck().get()),
    );
  });

  it('first and last seen by time, not by text, even when precisions differ', () => {
    const mem = new Database(':memory:');
    mem.exec(`CREATE TABLE fs_events (id INTEGER PRIMARY KEY, timestamp TEXT, action TEXT NOT NULL, path TEXT NOT NULL, size INTEGER);
      INSERT INTO fs_events (timestamp, action, path) VALUES
        ('2026-03-02T14:50:40.274Z', 'modified', 'a'), ('2026-03-02T14:50:40.27Z', 'created', 'a'), ('not a time', 'modified', 'a');`);
    expect(filePaths(mem).paths).toEqual([
      { path: 'a', changes: 3, firstSeen: '2026-03-02T14:50:40.270Z', lastSeen: '2026-03-02T14:50:40.274Z', lastAction: 'modified' },
    ]);
    mem.close();
  });

  it('every overflow window in time order, those naming no path counted as listed here only', () => {
    const r = filePaths(db);
    expect(r.windows.map((w) => [w.heldBack, w.path])).toEqual([
      [37, ''],
      [5, ''],
      [3, '/workspace/src'],
    ]);
    expect(r.windowsNamingNoPath).toBe(2);
    expect(r.windows.every((w) => w.cause === 'not-recorded')).toBe(true);
  });
});
