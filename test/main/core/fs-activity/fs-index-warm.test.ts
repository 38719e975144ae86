// File activity's index made in a worker answers exactly what the index built on the main connection answers (the
// old path), for the activity summary, the timeline of the whole session and of zoomed ranges, and every paths order;
// and while the worker builds it the requests wait for it instead of building it on the main thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import { fsIndexWarming } from '../../../../src/main/core/fs-activity/fs-index-warm.js';
import { hasFsIndex } from '../../../../src/main/core/fs-activity/fs-index.js';
import { fsHandlers } from '../../../../src/main/core/fs-activity/handlers.js';
import { fsTimeline } from '../../../../src/main/core/fs-activity/bins.js';
import { fsPaths } from '../../../../src/main/core/fs-activity/paths.js';
import { fsActivity } from '../../../../src/main/core/fs-activity/timeline.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';
import { FS_PATH_SORTS } from '../../../../src/shared/contract/fs.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'fs-index-warm-'));
let fx: OpenedFixture;
const opened: Database.Database[] = [];
const T0 = Date.parse('2026-03-02T15:00:00.000Z');
beforeAll(async () => {
  fx = await openFixture(root, 'a4', {
    seed: 11,
    mutate: (db) => {
      const ins = db.prepare('INSERT INTO fs_events (event_id, timestamp, action, path, size, kind) VALUES (?, ?, ?, ?, ?, ?)');
      for (let i = 0; i < 300; i++) {
        const overflow = i % 30 === 4;
        ins.run(
          `eeeeeeee${i.toString(16).padStart(4, '0')}`,
          new Date(T0 + ((i * 7919) % 3_500_000)).toISOString(),
          overflow ? 'overflow' : ['created', 'modified', 'deleted'][i % 3],
          overflow ? '' : `/w/q${(i * 17) % 41}/g${i % 7}`,
          i % 4 === 0 ? null : (i * 13) % 50,
          ['file', 'dir'][i % 2],
        );
      }
    },
  });
});
afterAll(() => {
  for (const db of opened) db.close();
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A fresh connection to the fixture's copy, as the registry opens it. */
function connection(): Database.Database {
  const db = openHardened(fx.evidence.snapshot.dbCopyPath);
  restrictTables(db, fx.evidence.tables.keys());
  opened.push(db);
  return db;
}

describe('File activity index off the main thread', () => {
  it('waits for the worker and then answers as the main-thread index does', async () => {
    const db = connection();
    const evidence = { db, snapshot: fx.evidence.snapshot, tables: fx.evidence.tables };
    const h = fsHandlers({ get: () => evidence as never });
    const first = h['fs.timeline']({ evidenceId: 'x', width: 600 });
    // The index is the worker's to make: nothing was built on this thread by the request.
    expect(first).toBeInstanceOf(Promise);
    expect(fsIndexWarming(db)).toBe(true);
    expect(hasFsIndex(db)).toBe(false);
    const whole = await first;
    expect(hasFsIndex(db)).toBe(true);

    const old = connection(); // no worker: fsIndexOf builds it here, as before
    expect(whole).toEqual(fsTimeline(old, { width: 600 }));
    expect(whole.events).toBeGreaterThan(300);
    expect(whole.marks.length).toBeGreaterThan(0);
    const span = whole.sessionTo - whole.sessionFrom;
    for (const [a, b, width] of [
      [0.1, 0.4, 900],
      [0.5, 0.5001, 300],
    ] as const) {
      const range = { from: whole.sessionFrom + span * a, to: whole.sessionFrom + span * b, width };
      expect(await h['fs.timeline']({ evidenceId: 'x', ...range })).toEqual(fsTimeline(old, range));
    }
    expect(await h['fs.activity']({ evidenceId: 'x' })).toEqual(fsActivity(old));
    for (const column of FS_PATH_SORTS)
      for (const direction of ['asc', 'desc'] as const) {
        const p = await h['fs.paths']({ evidenceId: 'x', sort: { column, direction }, limit: 25 });
        expect(p).toEqual(fsPaths(old, { sort: { column, direction }, limit: 25 }));
        expect(p.rows.length).toBeGreaterThan(0);
        expect(await h['fs.paths']({ evidenceId: 'x', sort: { column, direction }, position: 17, limit: 9 })).toEqual(
          fsPaths(old, { sort: { column, direction }, position: 17, limit: 9 }),
        );
      }
  });
});
