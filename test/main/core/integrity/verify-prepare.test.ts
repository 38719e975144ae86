// jobs.verify.prepare: the Integrity view asks for the verification's workers ahead of the Verify click; the job
// then takes them (none left waiting) and verifies every body, as without them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { InspectorEvent, VerifySummary } from '../../../../src/shared/contract.js';
import type { Result } from '../../../../src/shared/errors.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { prestartedWorkers, stopPrestartedWorkers } from '../../../../src/main/core/jobs/prestarted-verify-workers.js';
import { toIntegrityView } from '../../../../src/main/core/integrity/integrity-view.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'verify-prepare-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => stopPrestartedWorkers());

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const service = () =>
  createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: root } }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: async (e, verification) => toIntegrityView(await checkEvidence(e, { verification })),
  });

describe('jobs.verify.prepare', () => {
  it('starts the workers the job then takes, and every body still verifies', async () => {
    const w = await writeLedger(join(root, 'a4'), { generation: 'A4' });
    const s = service();
    const evidenceId = ok(await s.openPaths([w.sessionDir], 'path')).id;
    expect(prestartedWorkers()).toBe(0);
    expect(ok(await s.handle('jobs.verify.prepare', { evidenceId }))).toBeNull();
    expect(prestartedWorkers()).toBe(1); // a small archive is worth one worker
    ok(await s.handle('jobs.verify.prepare', { evidenceId }));
    expect(prestartedWorkers()).toBe(1); // asking again while they wait starts nothing more
    const done = new Promise<VerifySummary>((resolve, reject) => {
      s.onEvent((e: InspectorEvent) => {
        if (e.name !== 'job.done') return;
        if (e.payload.outcome.ok) resolve(e.payload.outcome.value);
        else reject(new Error(e.payload.outcome.error.message));
      });
    });
    ok(await s.handle('jobs.verify.start', { evidenceId }));
    expect(prestartedWorkers()).toBe(0);
    const summary = await done;
    expect(summary.verified).toBe(w.bodies.length);
    expect(summary.total).toBe(w.bodies.length);
  });

  it('refuses an unknown evidence id by name and starts nothing', async () => {
    const r = await service().handle('jobs.verify.prepare', { evidenceId: 'nope' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('BAD_REQUEST');
    expect(prestartedWorkers()).toBe(0);
  });
});
