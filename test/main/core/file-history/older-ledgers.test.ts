// Ledgers written before fs_events carried trace_id, turn_id and event_id: no crash, every cause not recorded, and
// the gaps named. The upstream L0 ledger is read from a copy (nothing is ever written beside evidence).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileHistory } from '../../../../src/main/core/file-history/history.js';
import { filePaths } from '../../../../src/main/core/file-history/paths.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const UPSTREAM = '/work/shared/fixtures/upstream/test.db';
const root = mkdtempSync(join(tmpdir(), 'file-history-old-'));
let a2: Database.Database;

beforeAll(async () => {
  const l = await writeLedger(join(root, 'a2'), { generation: 'A2-zstd', sessionId: 'files-a2', journalMode: 'delete' });
  const w = new Database(l.dbPath);
  w.exec(
    `ALTER TABLE fs_events DROP COLUMN trace_id; ALTER TABLE fs_events DROP COLUMN turn_id; ALTER TABLE fs_events DROP COLUMN event_id;`,
  );
  w.close();
  a2 = new Database(l.dbPath, { readonly: true });
});
afterAll(() => {
  a2.close();
  rmSync(root, { recursive: true, force: true });
});

describe('file history on older ledgers', () => {
  it('without trace and turn columns: every cause not recorded, and the output says why', () => {
    const p = filePaths(a2);
    expect(p.paths.length).toBeGreaterThan(0);
    expect(p.gaps.map((g) => g.missing)).toEqual(['fs_events.trace_id, fs_events.turn_id', 'fs_events.event_id']);
    const h = fileHistory(a2, p.paths[0]!.path)!;
    expect(h.entries.every((e) => e.cause === 'not-recorded')).toBe(true);
    expect(h.gaps).toEqual(p.gaps);
  });

  it('the upstream L0 ledger (no event ids, traces, turns or body index): paths and a history, read by the path index', () => {
    const copy = join(root, 'test.db');
    copyFileSync(UPSTREAM, copy);
    const db = new Database(copy, { readonly: true });
    try {
      const p = filePaths(db);
      expect(p.paths.reduce((n, r) => n + r.changes, 0)).toBe(20);
      expect(p.windows).toEqual([]);
      const h = fileHistory(db, '.npmrc')!;
      expect(h.entries[0]).toMatchObject({ action: 'modified', size: 25, cause: 'not-recorded', eventId: null, bodies: [] });
      const plan = db
        .prepare('EXPLAIN QUERY PLAN SELECT f.id FROM fs_events f WHERE f.path IN (SELECT value FROM json_each(\'[".npmrc"]\'))')
        .all() as { detail: string }[];
      expect(plan.map((r) => r.detail).join(' ')).toContain('idx_fs_events_path');
    } finally {
      db.close();
    }
  });

  it('a ledger without fs_events: no paths, and the gap named', () => {
    const mem = new Database(':memory:');
    expect(filePaths(mem)).toEqual({
      paths: [],
      windows: [],
      windowsNamingNoPath: 0,
      gaps: [{ missing: 'fs_events', effect: 'no file changes are recorded' }],
    });
    expect(fileHistory(mem, 'a')).toBeNull();
    mem.close();
  });
});
