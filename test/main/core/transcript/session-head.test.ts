// The whole session's first pages before its index is in (transcript-page.ts sessionHeadPage): each line equals the
// counted session's line at the same place, its total covers the traces walked and says it is counting, and the
// index counted behind it, a trace at a time by the keys, equals the one made in one pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import { seedTraceKeys } from '../../../../src/main/core/traces/trace-keys.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';
import { countSession, sessionCounted, sessionHeadPage, transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import { sessionIndex } from '../../../../src/main/core/transcript/session-index.js';
import { modelCallExists } from '../../../../src/main/core/traces/skeleton.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';
import { plantBrokenJoins } from '../traces/broken-joins-fixture.js';

const root = mkdtempSync(join(tmpdir(), 'session-head-'));
let fx: OpenedFixture;
let keyed: Database.Database;
let ev: Evidence;
beforeAll(async () => {
  fx = await openFixture(root, 'mut', { seed: 11, report: false, mutate: (db) => void plantBrokenJoins(db, { crossTrace: true }) });
  keyed = openHardened(fx.evidence.snapshot.dbCopyPath);
  restrictTables(keyed, fx.evidence.tables.keys());
  seedTraceKeys(keyed, scanTraceKeys(keyed));
  ev = { ...fx.evidence, db: keyed } as Evidence;
});
afterAll(() => {
  keyed?.close();
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the whole session before it is counted', () => {
  it('answers its first pages line for line as the counted session does, then counts it as the one-pass index does', async () => {
    // The reference: the same ledger's session, counted in one pass on the fixture's own (unkeyed) connection.
    const whole = transcriptPage(fx.evidence, { offset: 0, limit: 500 });
    expect(whole.total).toBeGreaterThan(20);
    expect(sessionCounted(ev)).toBe(false);
    let reached = 0;
    for (const [offset, limit] of [
      [0, 7],
      [5, 11],
      [0, 40],
    ] as const) {
      const head = sessionHeadPage(ev, { offset, limit });
      expect(head).not.toBeNull();
      expect(head!.counting).toBe(true);
      expect(head!.offset).toBe(offset);
      expect(head!.total).toBeGreaterThanOrEqual(Math.min(whole.total, offset + limit));
      expect(head!.total).toBeLessThanOrEqual(whole.total);
      expect(head!.lines).toEqual(whole.lines.slice(offset, offset + limit));
      reached = Math.max(reached, head!.total);
    }
    expect(reached).toBeGreaterThan(0);
    const counted = await countSession(ev);
    expect(sessionCounted(ev)).toBe(true);
    expect(counted).toEqual(sessionIndex(fx.evidence.db, modelCallExists(fx.evidence.db)));
    const after = transcriptPage(ev, { offset: 0, limit: 500 });
    expect(after.counting).toBeUndefined();
    expect(after).toEqual(whole);
  });
});
