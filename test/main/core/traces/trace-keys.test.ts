// The trace keys (trace-keys.ts) change how a trace's rows are found, never which: on the fixture session with
// broken joins added, every trace's graph (every page of it) drawn from a connection with the keys equals the one
// drawn by the ledger's own queries, and the worker that scans them seeds a connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import { cachedTraceList } from '../../../../src/main/core/traces/trace-list-cache.js';
import { seedTraceKeys, traceKeysOf, warmTraceKeys } from '../../../../src/main/core/traces/trace-keys.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';
import { plantBrokenJoins } from './broken-joins-fixture.js';

const root = mkdtempSync(join(tmpdir(), 'graph-keys-'));
let fx: OpenedFixture;
let keyed: Database.Database;
beforeAll(async () => {
  fx = await openFixture(root, 'mut', {
    seed: 11,
    report: false,
    mutate: (db) => void plantBrokenJoins(db, { crossTrace: true }),
  });
  keyed = openHardened(fx.evidence.snapshot.dbCopyPath);
  restrictTables(keyed, fx.evidence.tables.keys());
  seedTraceKeys(keyed, scanTraceKeys(keyed));
});
afterAll(() => {
  keyed?.close();
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const allPages = (db: Database.Database, traceId: string, limit: number): unknown[] => {
  const pages: unknown[] = [];
  let after: number | undefined;
  do {
    const g = buildTraceGraph(db, traceId, { after, limit });
    pages.push(g);
    after = g.nextAfter ?? undefined;
  } while (after !== undefined);
  return pages;
};

describe('trace keys', () => {
  it('are in on the seeded connection only', () => {
    expect(traceKeysOf(keyed)).not.toBeNull();
    expect(traceKeysOf(fx.evidence.db)).toBeNull();
  });

  it('draw every trace, page by page, exactly as the ledger queries do', () => {
    const traces = listTraces(fx.evidence.db).traces.map((t) => t.traceId);
    expect(traces.length).toBeGreaterThan(2);
    for (const traceId of traces) {
      for (const limit of [1, 2, 100]) expect(allPages(keyed, traceId, limit)).toEqual(allPages(fx.evidence.db, traceId, limit));
    }
  });

  it('still find the broken joins', () => {
    const traceId = listTraces(keyed).traces.find((t) => buildTraceGraph(keyed, t.traceId).nodes.some((n) => n.id === 'tc:101'))?.traceId;
    expect(traceId).toBeDefined();
    const g = buildTraceGraph(keyed, traceId!);
    expect(g.broken.filter((b) => b.kind === 'mcp_without_logical_call').map((b) => b.row.rowid)).toEqual([101]);
    expect(g.broken.some((b) => b.kind === 'dangling_model_call_id' && b.row.rowid === 102)).toBe(true);
    expect(g.broken.some((b) => b.kind === 'dangling_model_call_id' && b.row.table === 'model_items' && b.row.rowid === 500)).toBe(true);
    const elsewhere = buildTraceGraph(keyed, 'trace-elsewhere');
    expect(elsewhere.broken.map((b) => `${b.kind}:${b.row.rowid}`)).toContain('call_without_response:103');
  });

  it('are scanned by a worker that seeds the connection', async () => {
    const db = openHardened(fx.evidence.snapshot.dbCopyPath);
    try {
      restrictTables(db, fx.evidence.tables.keys());
      await warmTraceKeys(db, fx.evidence.snapshot.dbCopyPath);
      const keys = traceKeysOf(db);
      expect(keys).not.toBeNull();
      const traceId = listTraces(db).traces[0]!.traceId;
      expect(keys!.callsOfTrace(traceId).length).toBe(listTraces(db).traces[0]!.toolCalls);
      // The trace list follows the keys from the same worker.
      const fresh = openHardened(fx.evidence.snapshot.dbCopyPath);
      try {
        restrictTables(fresh, fx.evidence.tables.keys());
        await warmTraceKeys(fresh, fx.evidence.snapshot.dbCopyPath);
        await expect.poll(() => cachedTraceList(fresh)?.traces.length ?? 0).toBe(listTraces(fx.evidence.db).traces.length);
      } finally {
        fresh.close();
      }
    } finally {
      db.close();
    }
  });
});
