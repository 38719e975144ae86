// File activity at scale, checked against plain SQL on a fixture with rows spread over an hour: every bin of any range
// equals a COUNT(*) over that bin's time, the overflow marks hold every window of the range and split as it narrows,
// and the paths list pages in every order (both ways, by keyset and from a place) as ORDER BY would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsTimeline } from '../../../../src/main/core/fs-activity/bins.js';
import { FS_MS_SQL } from '../../../../src/main/core/fs-activity/fs-index.js';
import { fsPathPage } from '../../../../src/main/core/fs-activity/path-pages.js';
import { FS_PATH_SORTS } from '../../../../src/shared/contract/fs.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'fs-bins-test-'));
let fx: OpenedFixture;
const T0 = Date.parse('2026-03-02T15:00:00.000Z');
beforeAll(async () => {
  fx = await openFixture(root, 'a4', {
    seed: 11,
    mutate: (db) => {
      const ins = db.prepare('INSERT INTO fs_events (event_id, timestamp, action, path, size, kind) VALUES (?, ?, ?, ?, ?, ?)');
      const actions = ['created', 'modified', 'deleted'];
      const kinds = ['file', 'dir', 'symlink'];
      for (let i = 0; i < 600; i++) {
        // Uneven times (a burst in the first minute), sizes with NULLs and ties, paths with ties in their counts.
        const t = T0 + (i < 200 ? i * 97 : 60_000 + ((i * 7919) % 3_500_000));
        const overflow = i % 40 === 7;
        ins.run(
          `dddddddd${i.toString(16).padStart(4, '0')}`,
          new Date(t).toISOString().replace('Z', '123Z'),
          overflow ? 'overflow' : actions[i % 3],
          overflow ? '' : `/w/p${(i * 31) % 97}/f${i % 13}`,
          i % 5 === 0 ? null : (i * 13) % 50,
          kinds[i % 3],
        );
      }
    },
  });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Plain SQL's counts per bin of [from, to) in `bins` bins, by action. */
function sqlBins(from: number, to: number, bins: number): Map<string, number> {
  const binMs = (to - from) / bins;
  const rows = rowsOf<{ b: number; a: string; n: number }>(
    fx,
    `SELECT MIN(CAST((${FS_MS_SQL} - ?) / ? AS INTEGER), ?) AS b, action AS a, COUNT(*) AS n FROM fs_events
     WHERE ${FS_MS_SQL} >= ? AND ${FS_MS_SQL} < ? GROUP BY 1, 2`,
    from,
    binMs,
    bins - 1,
    from,
    to,
  );
  return new Map(rows.map((r) => [`${r.b}:${r.a}`, r.n]));
}

function ourBins(tl: ReturnType<typeof fsTimeline>): Map<string, number> {
  const m = new Map<string, number>();
  tl.actions.forEach((a, ai) => tl.byAction[ai]!.forEach((n, b) => n && m.set(`${b}:${a}`, n)));
  return m;
}

describe('file activity timeline bins', () => {
  it('bins the whole session and any zoomed range as COUNT(*) does', () => {
    const whole = fsTimeline(fx.evidence.db, { width: 600 });
    const dated = rowsOf<{ n: number }>(fx, `SELECT COUNT(*) AS n FROM fs_events WHERE ${FS_MS_SQL} IS NOT NULL`)[0]!.n;
    expect(whole.events).toBe(dated);
    expect(whole.byKind.flat().reduce((a, b) => a + b, 0)).toBe(dated);
    expect(ourBins(whole)).toEqual(sqlBins(whole.from, whole.to, whole.byAction[0]!.length));
    for (const [from, to, width] of [
      [T0, T0 + 60_000, 300],
      [T0 + 1_000_000, T0 + 1_234_567, 900],
      [T0 + 50, T0 + 51, 30],
    ] as const) {
      const z = fsTimeline(fx.evidence.db, { from, to, width });
      expect([z.from, z.to]).toEqual([from, to]);
      expect(ourBins(z)).toEqual(sqlBins(from, to, z.byAction[0]!.length));
      expect([z.sessionFrom, z.sessionTo]).toEqual([whole.sessionFrom, whole.sessionTo]);
    }
  });

  it('gathers overflow windows into marks that hold every window and split as the range narrows', () => {
    const windows = rowsOf<{ id: number; ms: number; size: number }>(
      fx,
      `SELECT id, ${FS_MS_SQL} AS ms, COALESCE(size, 0) AS size FROM fs_events WHERE action = 'overflow' AND ${FS_MS_SQL} IS NOT NULL ORDER BY 2, 1`,
    );
    const whole = fsTimeline(fx.evidence.db, { width: 140 });
    expect(whole.marks.reduce((n, m) => n + m.windows, 0)).toBe(windows.length);
    expect(whole.marks.reduce((n, m) => n + m.heldBack, 0)).toBe(windows.reduce((n, w) => n + w.size, 0));
    const dense = whole.marks.find((m) => m.windows > 1)!;
    expect(dense).toBeDefined();
    // Zoomed to that mark's span, it is several marks, one per window when they are far enough apart.
    const z = fsTimeline(fx.evidence.db, { from: dense.from, to: dense.to + 1, width: 4000 });
    expect(z.marks.length).toBeGreaterThan(1);
    expect(z.marks.reduce((n, m) => n + m.windows, 0)).toBe(dense.windows);
    expect(z.marks[0]!.firstId).toBe(dense.firstId);
  });
});

describe('paths in every order', () => {
  const SQL_COLUMN: Record<(typeof FS_PATH_SORTS)[number], string> = {
    path: 'path',
    events: 'events',
    lastTimestamp: 'timestamp',
    size: 'size',
    kind: 'kind',
    lastAction: 'action',
  };
  /** One row per path, its latest event's columns (bare columns of MAX(id)), in plain SQL's order. */
  const sqlOrder = (column: string, dir: 'ASC' | 'DESC'): string[] =>
    rowsOf<{ path: string }>(
      fx,
      `SELECT path FROM (SELECT path, MAX(id) AS last, timestamp, action, kind, size, COUNT(*) AS events FROM fs_events
       WHERE path IS NOT NULL AND path <> '' GROUP BY path)
       ORDER BY ${column} ${dir}, path ${dir}`,
    ).map((r) => r.path);

  it('pages by keyset in every order, both ways, as ORDER BY does', () => {
    for (const column of FS_PATH_SORTS)
      for (const direction of ['asc', 'desc'] as const) {
        const want = sqlOrder(SQL_COLUMN[column], direction === 'asc' ? 'ASC' : 'DESC');
        const got: string[] = [];
        let after: string | undefined;
        for (;;) {
          const p = fsPathPage(fx.evidence.db, { sort: { column, direction }, limit: 37, ...(after === undefined ? {} : { after }) });
          got.push(...p.rows.map((r) => r.path));
          if (p.nextAfter === null) break;
          after = p.nextAfter;
        }
        expect(got, `${column} ${direction}`).toEqual(want);
      }
  });

  it('answers from a place along the order (go to path N) with that place’s rows', () => {
    const want = sqlOrder('events', 'DESC');
    for (const n of [0, 1, 250, want.length - 5]) {
      const p = fsPathPage(fx.evidence.db, { sort: { column: 'events', direction: 'desc' }, position: n, limit: 5 });
      expect(p.position).toBe(n);
      expect(p.rows.map((r) => r.path)).toEqual(want.slice(n, n + 5));
    }
    expect(fsPathPage(fx.evidence.db, {}).total).toBe(want.length);
  });
});
