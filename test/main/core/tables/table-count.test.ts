// The Tables header's match count: exactly the rows the filters match (the same filters the page query uses),
// counted through the same filter SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countMatching } from '../../../../src/main/core/tables/table-count.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'count-test-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { report: false });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('countMatching', () => {
  it('counts the rows the filters match', () => {
    const db = fx.evidence.db;
    const turn = rowsOf<{ turn_id: string }>(fx, 'SELECT turn_id FROM model_calls WHERE id = 2')[0]!.turn_id;
    const want = rowsOf<{ n: number }>(fx, 'SELECT COUNT(*) AS n FROM fs_events WHERE turn_id = ?', turn)[0]!.n;
    expect(want).toBeGreaterThan(1);
    expect(countMatching(db, 'fs_events', [{ column: 'turn_id', op: 'eq', value: turn }])).toEqual({ count: want, capped: false });
    const all = rowsOf<{ n: number }>(fx, 'SELECT COUNT(*) AS n FROM net_events')[0]!.n;
    expect(countMatching(db, 'net_events', [])).toEqual({ count: all, capped: false });
    expect(countMatching(db, 'net_events', [{ column: 'domain', op: 'eq', value: 'nowhere.invalid' }])).toEqual({
      count: 0,
      capped: false,
    });
    expect(() => countMatching(db, 'net_events', [{ column: 'nope', op: 'null' }])).toThrow(/no column nope/);
  });
});
