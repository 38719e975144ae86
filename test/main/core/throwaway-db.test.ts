// A scratch SQLite file the inspector throws away keeps no rollback journal: a process killed in the middle of a
// write (the SQL console ends its child with SIGKILL) leaves nothing beside the file it removes.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openThrowawayDb } from '../../../src/main/core/throwaway-db.js';

const dir = mkdtempSync(join(tmpdir(), 'throwaway-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a throwaway database', () => {
  it('writes with no journal file, even inside an open transaction', () => {
    const db = openThrowawayDb(join(dir, 'spill.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('off');
    db.exec('CREATE TABLE r (i INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO r (i, v) VALUES (?, ?)');
    let during: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < 5_000; i++) insert.run(i, 'x'.repeat(200));
      during = readdirSync(dir);
    })();
    expect(during).toEqual(['spill.db']);
    expect(db.prepare('SELECT count(*) FROM r').pluck().get()).toBe(5_000);
    db.close();
  });
});
