// The trace keys (graph/trace-keys.ts) change how the transcript finds a trace's rows, never which: on the fixture
// session with broken joins added (an MCP capture with and without its logical call, a dangling model_call_id, a
// call answered only in another trace, an item of no model call, an item of a trace's model call filed under
// another trace), every page of every trace read on a connection with the keys equals the one read by the ledger's
// own trace_id queries. And with the keys in, the trace's tool, item and event tables are read by rowid only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import { seedTraceKeys, traceKeysOf } from '../../../../src/main/core/traces/trace-keys.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';
import { transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import {
  buildTraceSkeleton,
  dropExpected,
  expectSkeletons,
  seedSkeleton,
  skeletonAhead,
} from '../../../../src/main/core/traces/skeleton.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';
import { plantBrokenJoins } from '../traces/broken-joins-fixture.js';

const root = mkdtempSync(join(tmpdir(), 'transcript-keys-'));
let fx: OpenedFixture;
let keyed: Database.Database;
let keyedEvidence: Evidence;
beforeAll(async () => {
  fx = await openFixture(root, 'mut', {
    seed: 11,
    report: false,
    mutate: (db) => {
      const planted = plantBrokenJoins(db, { crossTrace: true });
      // An item of this trace's first model call, filed under another trace: neither way tells it in this trace.
      const mc = db.prepare('SELECT id FROM model_calls WHERE trace_id = ? ORDER BY id LIMIT 1').get(planted.traceId) as { id: number };
      planted.item(501, 'aaaaaaaaaa06', mc.id, 'response', 9, 'filed elsewhere', 'trace-elsewhere', null);
    },
  });
  keyed = openHardened(fx.evidence.snapshot.dbCopyPath);
  restrictTables(keyed, fx.evidence.tables.keys());
  seedTraceKeys(keyed, scanTraceKeys(keyed));
  keyedEvidence = { ...fx.evidence, db: keyed } as Evidence;
});
afterAll(() => {
  keyed?.close();
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const allPages = (ev: Evidence, traceId: string | undefined, limit: number): unknown[] => {
  const pages: unknown[] = [];
  let offset = 0;
  for (;;) {
    const p = transcriptPage(ev, { traceId, offset, limit });
    pages.push(p);
    offset += p.lines.length;
    if (offset >= p.total || p.lines.length === 0) return pages;
  }
};

describe('transcript with the trace keys', () => {
  it('are in on the keyed connection only, with event rowids and item keys', () => {
    const keys = traceKeysOf(keyed);
    expect(keys).not.toBeNull();
    expect(traceKeysOf(fx.evidence.db)).toBeNull();
    const traceId = listTraces(keyed).traces[0]!.traceId;
    const fs = keys!.eventRowsOfTrace('fs_events', traceId);
    expect(fs).toEqual(keyed.prepare('SELECT id FROM fs_events WHERE trace_id = ? ORDER BY id').pluck().all(traceId) as number[]);
    expect(keys!.itemKeysOf([], traceId)).toEqual([]);
  });

  it('tell every page of every trace, and the session, exactly as the ledger queries do', () => {
    const traces = listTraces(fx.evidence.db).traces.map((t) => t.traceId);
    expect(traces.length).toBeGreaterThan(2);
    for (const traceId of [...traces, undefined]) {
      for (const limit of [1, 7, 500]) expect(allPages(keyedEvidence, traceId, limit)).toEqual(allPages(fx.evidence, traceId, limit));
    }
  });

  it('leave out an item of the trace filed under another trace, both ways', () => {
    const lines =
      traceKeysOf(keyed) &&
      listTraces(keyed).traces.flatMap((t) => transcriptPage(keyedEvidence, { traceId: t.traceId, limit: 500 }).lines);
    expect(JSON.stringify(lines)).not.toContain('filed elsewhere');
  });

  it('a skeleton made elsewhere (as the worker does for large traces) is awaited, kept, and pages the same', async () => {
    const other = openHardened(fx.evidence.snapshot.dbCopyPath);
    try {
      restrictTables(other, fx.evidence.tables.keys());
      const traceId = listTraces(fx.evidence.db).traces[1]!.traceId;
      const ev = { ...fx.evidence, db: other } as Evidence;
      expectSkeletons(other, [traceId, 'never-made']);
      const coming = skeletonAhead(other, traceId);
      expect(coming).toBeInstanceOf(Promise);
      // Made on the keyed connection and passed through a structured clone, as a worker's message is.
      const sk = buildTraceSkeleton(keyed, traceId);
      seedSkeleton(other, traceId, structuredClone({ entries: sk.entries, note: null, items: sk.items }));
      await coming;
      expect(skeletonAhead(other, traceId)).toBeUndefined();
      expect(allPages(ev, traceId, 7)).toEqual(allPages(fx.evidence, traceId, 7));
      const never = skeletonAhead(other, 'never-made');
      dropExpected(other);
      await never;
      expect(skeletonAhead(other, 'never-made')).toBeUndefined();
    } finally {
      other.close();
    }
  });
});
