// Sums over ledger values must not overflow: two file-monitor overflow rows of 2^62 held-back changes each
// (their sum is past SQLite's 64-bit integers) give a report and an overflow section, never "integer overflow".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOverflow } from '../../../../src/main/core/check/overflow.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'overflow-sum-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'huge', {
    mutate: (db) => {
      const copy = db.prepare(
        `INSERT INTO fs_events (timestamp, action, path, size, kind, trace_id, turn_id)
         SELECT timestamp, 'overflow', '', 4611686018427387904, kind, trace_id, turn_id FROM fs_events ORDER BY id LIMIT 1`,
      );
      copy.run();
      copy.run();
    },
  });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('overflow windows of huge sizes', () => {
  it('are added up without overflowing, in the section and in the whole report', () => {
    const s = checkOverflow(fx.evidence.db);
    expect(s.heldBack).toBeGreaterThanOrEqual(2 ** 63);
    expect(s.list.filter((w) => w.heldBack >= 2 ** 62)).toHaveLength(2);
    expect(fx.report.overflow.heldBack).toBe(s.heldBack);
  });
});
