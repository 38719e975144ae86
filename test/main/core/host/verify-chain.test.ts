import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createChainHasher } from '../../../../src/main/core/host/chain-hash.js';
import type { MutableField } from '../../../fixtures/writer/host/host-mutations.js';
import {
  anchorOf,
  deleteRow,
  insertRow,
  modifyField,
  modifyPrevHash,
  modifyStoredHash,
  swapRows,
  truncateTail,
} from '../../../fixtures/writer/host/host-mutations.js';
import { breakKeys, memoryLedger, verifyDb } from './chain-fixture.js';

const FIELDS: MutableField[] = ['timestamp_unix_ms', 'kind', 'session_id', 'actor', 'detail', 'trace_id'];

describe('verifyChain: clean ledgers', () => {
  it('accepts a clean chain and says the tail cannot be shown without an anchor', async () => {
    const db = await memoryLedger(12);
    const report = await verifyDb(db);
    expect(report).toMatchObject({ events: 12, intact: true, breaks: [], intactPrefix: 12, tail: 'unverifiable', anchorFindings: [] });
    expect(report.head).toBe(anchorOf(db).expectHead);
    expect(report.summary).toMatch(/cannot be shown without an outside anchor/);
  });

  it('accepts an empty ledger', async () => {
    const db = await memoryLedger(0);
    const report = await verifyDb(db);
    expect(report).toMatchObject({ events: 0, intact: true, head: null, intactPrefix: 0 });
  });

  it('accepts a matching anchor', async () => {
    const db = await memoryLedger(9);
    const report = await verifyDb(db, anchorOf(db));
    expect(report).toMatchObject({ intact: true, tail: 'anchored', anchorFindings: [] });
    expect(report.summary).toMatch(/anchor matches/);
  });
});

describe('verifyChain: each kind of damage at its row', () => {
  it.each(FIELDS)('modified %s → hash break at that row only', async (field) => {
    const db = await memoryLedger(10);
    const expected = modifyField(db, 4, field);
    expect(expected).toEqual([{ index: 4, id: 5, kind: 'hash' }]);
    const report = await verifyDb(db);
    expect(breakKeys(report)).toEqual(expected);
    expect(report.intact).toBe(false);
    expect(report.intactPrefix).toBe(4);
    expect(report.breaks[0]!.message).toMatch(/host event chain is broken at event 4 \(host_events id 5\)/);
  });

  it('modified stored hash → hash break there and link break at the next row', async () => {
    const db = await memoryLedger(10);
    const expected = modifyStoredHash(db, 6);
    expect(breakKeys(await verifyDb(db))).toEqual(expected);
    expect(expected.map((b) => b.kind)).toEqual(['hash', 'link']);
  });

  it('modified prev_hash → link and hash break at that row', async () => {
    const db = await memoryLedger(10);
    const expected = modifyPrevHash(db, 0);
    expect(breakKeys(await verifyDb(db))).toEqual(expected);
  });

  it('deleted row → link break at the row that followed it (id gap kept)', async () => {
    const db = await memoryLedger(10);
    const expected = deleteRow(db, 3);
    expect(expected).toEqual([{ index: 3, id: 5, kind: 'link' }]);
    expect(breakKeys(await verifyDb(db))).toEqual(expected);
  });

  it('deleted first row → link break at event 0 (prev_hash is not genesis)', async () => {
    const db = await memoryLedger(5);
    const expected = deleteRow(db, 0);
    const report = await verifyDb(db);
    expect(breakKeys(report)).toEqual(expected);
    expect(report.breaks[0]!.message).toMatch(/genesis/);
  });

  it('inserted forged row → link break at the row after it; junk row → breaks at it as well', async () => {
    const forged = await memoryLedger(8);
    const e1 = await insertRow(forged, 3, true);
    expect(e1).toEqual([{ index: 4, id: 5, kind: 'link' }]);
    expect(breakKeys(await verifyDb(forged))).toEqual(e1);
    const junk = await memoryLedger(8);
    const e2 = await insertRow(junk, 3, false);
    expect(breakKeys(await verifyDb(junk))).toEqual(e2);
    expect(e2.length).toBe(3);
  });

  it('reordered rows → link breaks around both positions, none in between', async () => {
    const db = await memoryLedger(12);
    const expected = swapRows(db, 2, 7);
    expect(expected.map((b) => b.index)).toEqual([2, 3, 7, 8]);
    expect(breakKeys(await verifyDb(db))).toEqual(expected);
    const adjacent = await memoryLedger(6);
    const e2 = swapRows(adjacent, 4, 5);
    expect(e2.map((b) => b.index)).toEqual([4, 5]);
    expect(breakKeys(await verifyDb(adjacent))).toEqual(e2);
  });

  it('lists every break when several rows are damaged', async () => {
    const db = await memoryLedger(15);
    const a = modifyField(db, 2, 'actor');
    const b = modifyField(db, 9, 'detail');
    const c = deleteRow(db, 12);
    expect(breakKeys(await verifyDb(db))).toEqual([...a, ...b, ...c]);
  });
});

describe('verifyChain: tail truncation (LOG-2)', () => {
  it('without an anchor: no false break, no claim of completeness', async () => {
    const db = await memoryLedger(10);
    truncateTail(db, 3);
    const report = await verifyDb(db);
    expect(report).toMatchObject({ events: 7, breaks: [], intact: true, tail: 'unverifiable' });
    expect(report.summary).toMatch(/cannot be shown/);
    expect(report.summary).not.toMatch(/complete/i);
  });

  it('with the recorded count or head: a finding', async () => {
    const db = await memoryLedger(10);
    const anchor = anchorOf(db);
    truncateTail(db, 3);
    const byCount = await verifyDb(db, { expectCount: anchor.expectCount });
    expect(byCount.intact).toBe(false);
    expect(byCount.anchorFindings).toEqual([expect.objectContaining({ kind: 'count-mismatch', expected: '10', found: '7' })]);
    const byHead = await verifyDb(db, { expectHead: anchor.expectHead.toUpperCase() });
    expect(byHead.anchorFindings.map((f) => f.kind)).toEqual(['head-mismatch']);
    expect(byHead.breaks).toEqual([]);
  });

  it('an anchor taken earlier still matches after legitimate appends', async () => {
    const db = await memoryLedger(10);
    const early = await memoryLedger(6);
    const report = await verifyDb(db, anchorOf(early));
    expect(report.anchorFindings).toEqual([]);
    expect(report.intact).toBe(true);
  });
});

type Mutation =
  | { t: 'field'; pos: number; field: MutableField }
  | { t: 'hash' | 'prev' | 'delete'; pos: number }
  | { t: 'swap'; a: number; b: number }
  | { t: 'insert'; pos: number; forged: boolean };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ t: fc.constant('field' as const), pos: fc.nat(), field: fc.constantFrom(...FIELDS) }),
  fc.record({ t: fc.constantFrom('hash' as const, 'prev' as const, 'delete' as const), pos: fc.nat() }),
  fc.record({ t: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ t: fc.constant('insert' as const), pos: fc.nat(), forged: fc.boolean() }),
);

describe('LOG-1: 1,000 random single-event mutations', () => {
  it('every mutation is detected, each at the right index', async () => {
    const hasher = await createChainHasher();
    let detected = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 30 }), fc.nat(1000), mutation, async (n, seed, m) => {
        const db = await memoryLedger(n, seed);
        let expected;
        switch (m.t) {
          case 'field':
            expected = modifyField(db, m.pos % n, m.field);
            break;
          case 'hash':
            expected = modifyStoredHash(db, m.pos % n);
            break;
          case 'prev':
            expected = modifyPrevHash(db, m.pos % n);
            break;
          // The last row's deletion is truncation, covered by LOG-2; here every deletion has a successor.
          case 'delete':
            expected = deleteRow(db, m.pos % (n - 1));
            break;
          case 'swap': {
            const a = m.a % n;
            const b = (a + 1 + (m.b % (n - 1))) % n;
            expected = swapRows(db, Math.min(a, b), Math.max(a, b));
            break;
          }
          case 'insert':
            expected = await insertRow(db, m.pos % n, m.forged);
            break;
        }
        const report = await verifyDb(db, null, hasher);
        db.close();
        expect(expected.length).toBeGreaterThan(0);
        expect(report.intact).toBe(false);
        expect(breakKeys(report)).toEqual(expected);
        expect(report.intactPrefix).toBe(expected[0]!.index);
        detected++;
      }),
      { numRuns: 1000, seed: 20260301 },
    );
    expect(detected).toBe(1000);
  });
});
