// Evidence SQLite cannot open is still evidence (issue 35): listed beside the rest, DAMAGED, with the report `check`
// gives it; every structured view refuses it by name; a drop's report never names the private upload folder.
import { cpSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceSummary } from '../../../../src/shared/contract.js';
import type { Result } from '../../../../src/shared/errors.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { toIntegrityView } from '../../../../src/main/core/integrity/integrity-view.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'unreadable-'));
let damaged: WrittenLedger;
let schemaDamaged: string;
let good: WrittenLedger;
let s: InspectorService;

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  [damaged, good] = await Promise.all([
    writeLedger(join(root, 'page'), { generation: 'A4', damage: 'corrupt-sqlite-page', sessionId: 'page-damaged' }),
    writeLedger(join(root, 'good'), { generation: 'A4', sessionId: 'good-one' }),
  ]);
  // The schema itself overwritten (page 1 past SQLite's header): not even the generation can be read.
  schemaDamaged = join(root, 'schema', 'schema-damaged');
  cpSync(good.sessionDir, schemaDamaged, { recursive: true });
  const fd = openSync(join(schemaDamaged, 'session.db'), 'r+');
  writeSync(fd, new Uint8Array(200).fill(0xee), 0, 200, 100);
  closeSync(fd);
  mkdirSync(join(root, 'scratch'));
  s = createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: join(root, 'scratch') }, firstViewGate: null }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: async (e, verification) => toIntegrityView(await checkEvidence(e, { verification })),
  });
});
afterAll(() => {
  s.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('evidence SQLite cannot open', () => {
  it('opens beside a good ledger, listed as unreadable with its verdict DAMAGED', async () => {
    const bad = ok(await s.openPaths([damaged.sessionDir], 'path'));
    const fine = ok(await s.openPaths([good.sessionDir], 'path'));
    expect(bad.unreadable?.code).toBe('DB_CORRUPT');
    expect(bad.sessionId).toBe('page-damaged');
    expect(fine.unreadable).toBeUndefined();
    const list = ok(await s.handle('evidence.list', null)) as readonly EvidenceSummary[];
    expect(list.map((e) => e.sessionId).sort()).toEqual(['good-one', 'page-damaged']);
    const verdict = ok(await s.handle('integrity.verdict', { evidenceId: bad.id }));
    expect(verdict.verdict).toBe('damaged');
    expect(verdict.pages).toBe('failed');
    expect(verdict.bodies.state).toBe('failed');
  });

  it('reports what could be read: the generation and quick_check lines, as check does', async () => {
    const bad = ok(await s.openPaths([damaged.sessionDir], 'path'));
    const report = ok(await s.handle('integrity.report', { evidenceId: bad.id }));
    expect(report.verdict).toBe('damaged');
    expect(report.generation).toBe('A4');
    expect(report.pages.ok).toBe(false);
    expect(report.pages.messages.length).toBeGreaterThan(0);
    expect(report.findings.map((f) => f.code)).toContain('PAGES_DAMAGED');
    // The same evidence asked for again is the same entry, not a second listing.
    expect(ok(await s.openPaths([damaged.sessionDir], 'path')).id).toBe(bad.id);
  });

  it('names no generation when the schema itself cannot be read', async () => {
    const bad = ok(await s.openPaths([schemaDamaged], 'path'));
    expect(bad.generation).toBeNull();
    expect(ok(await s.handle('integrity.report', { evidenceId: bad.id })).verdict).toBe('damaged');
  });

  it('refuses every structured view with the open failure, and closes', async () => {
    const bad = ok(await s.openPaths([damaged.sessionDir], 'path'));
    for (const r of [
      await s.handle('tables.list', { evidenceId: bad.id }),
      await s.handle('overview', { evidenceId: bad.id }),
      await s.handle('jobs.verify.start', { evidenceId: bad.id }),
    ]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('DB_CORRUPT');
    }
    ok(await s.handle('evidence.close', { evidenceId: bad.id }));
    const list = ok(await s.handle('evidence.list', null)) as readonly EvidenceSummary[];
    expect(list.some((e) => e.id === bad.id)).toBe(false);
  });

  it("names a drop's files as dropped, never the private folder they were uploaded to", async () => {
    const upload = join(root, 'uploads', 'upload-1234', basename(damaged.sessionDir));
    cpSync(damaged.sessionDir, upload, { recursive: true });
    let cleaned = false;
    const bad = ok(
      await s.openPaths([upload], 'dropped', () => {
        cleaned = true;
      }),
    );
    const report = ok(await s.handle('integrity.report', { evidenceId: bad.id }));
    const text = JSON.stringify([bad, report]);
    expect(text).not.toContain(join(root, 'uploads'));
    expect(bad.unreadable!.message).toContain(`the dropped ${basename(upload)}`);
    ok(await s.handle('evidence.close', { evidenceId: bad.id }));
    expect(cleaned).toBe(true);
  });
});
