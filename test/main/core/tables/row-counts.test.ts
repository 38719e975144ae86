import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { rowCountsSettled, warmRowCounts } from '../../../../src/main/core/tables/row-counts.js';
import { countRows, listTables, listTableSchemas, restrictTables, seedRowCounts } from '../../../../src/main/core/queries/schema.js';

let root: string;
let ledger: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'row-counts-'));
  ledger = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The ledger opened as the registry opens it (large-ledger path, follow-up deferred), its tables restricted. */
async function openRestricted(): Promise<Evidence> {
  const r = await openEvidence([ledger.sessionDir], { deferChecks: true, deferAboveBytes: 0 });
  if (!r.ok) throw new Error(r.error.message);
  restrictTables(r.value.db, r.value.tables.keys());
  return r.value;
}

describe('row counts counted off the main thread', () => {
  it('gives listTables exactly the counts COUNT(*) gives on the evidence connection', async () => {
    const ev = await openRestricted();
    try {
      await warmRowCounts(ev.db, ev.snapshot.dbCopyPath);
      const listed = listTables(ev.db);
      expect(listed.length).toBeGreaterThan(3);
      expect(listed.some((t) => t.rowCount > 0)).toBe(true);
      for (const t of listed) expect(t.rowCount, t.name).toBe(countRows(ev.db, t.name));
    } finally {
      ev.close();
    }
  });

  it('the registry starts the count at open, and the Overview waits for it without counting on its thread', async () => {
    const registry = new EvidenceRegistry();
    const opened = await registry.open([ledger.sessionDir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    try {
      const ev = registry.get(opened.value.id);
      await rowCountsSettled(ev.db);
      // Seeded by the worker: a second seed with wrong numbers is ignored, so the listed counts are the worker's.
      seedRowCounts(ev.db, new Map([...ev.tables.keys()].map((n) => [n, -1])));
      for (const t of listTables(ev.db)) expect(t.rowCount, t.name).toBe(countRows(ev.db, t.name));
    } finally {
      registry.closeAll();
    }
  });

  it('falls back to counting on the calling thread when the worker cannot open the copy', async () => {
    const ev = await openRestricted();
    try {
      // Not a scratch copy: the worker's hardened open refuses it, nothing is seeded.
      await warmRowCounts(ev.db, join(root, 'no-such.db'));
      for (const t of listTables(ev.db)) expect(t.rowCount, t.name).toBe(countRows(ev.db, t.name));
    } finally {
      ev.close();
    }
  });

  it('ignores a seed that does not cover every table', async () => {
    const ev = await openRestricted();
    try {
      const [first] = ev.tables.keys();
      seedRowCounts(ev.db, new Map([[first!, 123456789]]));
      expect(listTables(ev.db).find((t) => t.name === first)!.rowCount).toBe(countRows(ev.db, first!));
    } finally {
      ev.close();
    }
  });

  it("lists the tables' schema without reading a row: the same tables and columns as the counted list", async () => {
    const ev = await openRestricted();
    try {
      const prepared: string[] = [];
      const prepare = ev.db.prepare.bind(ev.db);
      const spy = vi.spyOn(ev.db, 'prepare').mockImplementation(((sql: string) => {
        prepared.push(sql);
        return prepare(sql);
      }) as typeof ev.db.prepare);
      const schemas = listTableSchemas(ev.db);
      spy.mockRestore();
      expect(prepared.filter((sql) => /count\s*\(/i.test(sql))).toEqual([]);
      expect(schemas).toEqual(listTables(ev.db).map(({ rowCount: _, ...schema }) => schema));
      expect(schemas.length).toBeGreaterThan(3);
    } finally {
      ev.close();
    }
  });
});
