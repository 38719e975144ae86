// File activity on the fixture session plus paths where a compromise persists: the overflow windows and the
// held-back sum equal the integrity report; the timeline accounts for every dated row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsActivity } from '../../../../src/main/core/fs-activity/timeline.js';
import { fsPaths } from '../../../../src/main/core/fs-activity/paths.js';
import { persistKind } from '../../../../src/main/core/fs-activity/persist.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const PERSIST = [
  '/workspace/.git/hooks/pre-commit',
  '/workspace/.git/config',
  '/workspace/node_modules/left-pad/index.js',
  '/workspace/.venv/bin/activate',
  '/workspace/target/release/app',
];
const root = mkdtempSync(join(tmpdir(), 'fs-test-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', {
    seed: 9,
    mutate: (db) => {
      const ins = db.prepare(
        "INSERT INTO fs_events (event_id, timestamp, action, path, size, kind) VALUES (?, '2026-03-02T14:50:49.000000Z', ?, ?, ?, 'file')",
      );
      PERSIST.forEach((p, i) => ins.run(`ccccccccc00${i}`, 'modified', p, 100 + i));
      ins.run('ccccccccc010', 'created', '/workspace/src/targets.ts', 5);
      ins.run('ccccccccc011', 'overflow', '', 11);
    },
  });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('file activity', () => {
  it('draws every overflow window with the report’s count, sum and later scan', () => {
    const a = fsActivity(fx.evidence.db);
    const o = fx.report.overflow;
    expect([a.overflowWindows, a.overflowHeldBack]).toEqual([o.windows, o.heldBack]);
    expect([a.overflowWindows, a.overflowHeldBack]).toEqual([
      fx.written.expected.overflowWindows + 1,
      fx.written.expected.overflowHeldBack + 11,
    ]);
    expect(a.windows.map((w) => [w.id, w.heldBack, w.heldFor?.id ?? null])).toEqual(
      o.list.map((w) => [w.id, w.heldBack, w.heldFor?.id ?? null]),
    );
    expect(a.windows.reduce((n, w) => n + w.heldBack, 0)).toBe(o.heldBack);
    // The last window (added after every other row) has no later scan yet.
    expect(a.windows[a.windows.length - 1]!.heldFor).toBeNull();
    expect(a.windows[0]!.heldFor).not.toBeNull();
  });

  it('names the trace and turn each window falls in: its own row, else the file event before it', () => {
    const a = fsActivity(fx.evidence.db);
    const own = rowsOf<{ id: number; trace_id: string; turn_id: string }>(
      fx,
      "SELECT id, trace_id, turn_id FROM fs_events WHERE action = 'overflow' AND turn_id IS NOT NULL ORDER BY id",
    );
    expect(own.length).toBe(fx.written.expected.overflowWindows);
    for (const o of own)
      expect(a.windows.find((w) => w.id === o.id)).toMatchObject({ traceId: o.trace_id, turnId: o.turn_id, turnBy: 'row' });
    // The added window has no turn of its own: it is placed by time, after the last file event that has one.
    const last = a.windows[a.windows.length - 1]!;
    const before = rowsOf<{ trace_id: string; turn_id: string }>(
      fx,
      'SELECT trace_id, turn_id FROM fs_events WHERE turn_id IS NOT NULL AND timestamp <= ? ORDER BY timestamp DESC LIMIT 1',
      last.timestamp,
    )[0]!;
    expect(last).toMatchObject({ traceId: before.trace_id, turnId: before.turn_id, turnBy: 'time' });
  });

  it('buckets every row by action and by kind', () => {
    const a = fsActivity(fx.evidence.db);
    const count = (key: 'byAction' | 'byKind'): number =>
      a.buckets.reduce((n, b) => n + Object.values(b[key]).reduce((x, y) => x + y, 0), 0);
    expect(count('byAction')).toBe(a.events - a.undated);
    expect(count('byKind')).toBe(a.events);
    expect(a.events).toBe(rowsOf<{ n: number }>(fx, 'SELECT COUNT(*) AS n FROM fs_events')[0]!.n);
    expect(a.actions).toEqual(['created', 'deleted', 'modified', 'overflow']);
    expect(a.buckets.length).toBeLessThanOrEqual(120);
  });

  it('lists paths with the latest action and marks where a compromise persists', () => {
    const p = fsPaths(fx.evidence.db, { limit: 1000 });
    const distinct = rowsOf<{ n: number }>(fx, "SELECT COUNT(DISTINCT path) AS n FROM fs_events WHERE path <> ''")[0]!.n;
    expect(p.total).toBe(distinct);
    expect(p.rows.length).toBe(distinct);
    expect(
      p.rows
        .filter((r) => r.persist !== null)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...PERSIST].sort());
    expect(p.persistTotal).toBe(PERSIST.length);
    expect(p.rows.find((r) => r.path === '/workspace/src/targets.ts')?.persist).toBeNull();
    const only = fsPaths(fx.evidence.db, { persistOnly: true });
    expect(only.rows.map((r) => r.persist)).toEqual(['git_config', 'git_hooks', 'venv', 'node_modules', 'target']);
    const a = fsPaths(fx.evidence.db, { limit: 2 });
    const b = fsPaths(fx.evidence.db, { limit: 2, after: a.nextAfter! });
    expect([...a.rows, ...b.rows].map((r) => r.path)).toEqual(p.rows.slice(0, 4).map((r) => r.path));
  });

  it('classifies persistence by whole path segments', () => {
    expect(['/a/.git/hooks', '/a/.git/hooks/x', '.git/config', '/r/node_modules', '/r/.venv/lib', '/r/target'].map(persistKind)).toEqual([
      'git_hooks',
      'git_hooks',
      'git_config',
      'node_modules',
      'venv',
      'target',
    ]);
    expect(['/r/targets', '/r/nodeXmodules/a', '/r/.git/configs', '/r/my.venv'].map(persistKind)).toEqual([null, null, null, null]);
  });
});
