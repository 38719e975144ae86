// "Verify all bodies" through the service, as the UI runs it: the job's outcome reconciles verified + failed +
// unreadable = total with the split of jobs/body-failure.ts, and the integrity report asked for after job.done
// carries the result in its archive section (no "bodies unverified" note left behind).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InspectorEvent, IntegrityReportView, VerifySummary } from '../../../../src/shared/contract.js';
import type { Result } from '../../../../src/shared/errors.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { toIntegrityView } from '../../../../src/main/core/integrity/integrity-view.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { bodyFailureKind } from '../../../../src/main/core/jobs/body-failure.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { DamageKind } from '../../../fixtures/writer/damage-types.js';

const root = mkdtempSync(join(tmpdir(), 'verify-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function service(): InspectorService {
  return createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: root } }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: async (e, verification) => toIntegrityView(await checkEvidence(e, { verification })),
  });
}

async function verifyThroughService(
  s: InspectorService,
  evidenceId: string,
): Promise<{ summary: VerifySummary; report: IntegrityReportView }> {
  let report: Promise<Result<IntegrityReportView>> | null = null;
  const done = new Promise<VerifySummary>((resolve, reject) => {
    s.onEvent((e: InspectorEvent) => {
      if (e.name !== 'job.done' || e.payload.evidenceId !== evidenceId) return;
      // Asked for synchronously on the event, as a renderer would right after it.
      report = s.handle('integrity.report', { evidenceId });
      if (e.payload.outcome.ok) resolve(e.payload.outcome.value);
      else reject(new Error(e.payload.outcome.error.message));
    });
  });
  ok(await s.handle('jobs.verify.start', { evidenceId }));
  const summary = await done;
  return { summary, report: ok(await report!) };
}

async function openDamaged(damage: DamageKind | null): Promise<{ s: InspectorService; evidenceId: string; bodies: number }> {
  const w = await writeLedger(join(root, damage ?? 'intact'), damage ? { generation: 'A4', damage } : { generation: 'A4' });
  const s = service();
  const evidenceId = ok(await s.openPaths([w.sessionDir], 'path')).id;
  return { s, evidenceId, bodies: w.bodies.length };
}

describe('verify all bodies, then the integrity report', () => {
  it('intact: everything verified, and the report drops its "bodies unverified" note', async () => {
    const { s, evidenceId, bodies } = await openDamaged(null);
    try {
      const before = ok(await s.handle('integrity.report', { evidenceId }));
      expect(before.archive.verified).toBeNull();
      expect(before.findings.map((f) => f.code)).toContain('BODIES_UNVERIFIED');
      const { summary, report } = await verifyThroughService(s, evidenceId);
      expect(summary).toMatchObject({ total: bodies, verified: bodies, failed: 0, unreadable: 0 });
      expect(report.archive).toMatchObject({ verified: bodies, failed: 0, unreadable: 0 });
      expect(report.findings.map((f) => f.code)).not.toContain('BODIES_UNVERIFIED');
      expect(report.verdict).toBe('intact');
    } finally {
      s.dispose();
    }
  });

  it('an unrecorded block: its bodies are unreadable, not failed; the report agrees and says damaged', async () => {
    const { s, evidenceId, bodies } = await openDamaged('unrecorded-block');
    try {
      const { summary, report } = await verifyThroughService(s, evidenceId);
      expect(summary.unreadable).toBeGreaterThan(0);
      expect(summary.failed).toBe(0);
      expect(summary.verified + summary.failed + summary.unreadable).toBe(bodies);
      expect(summary.failures.every((f) => f.code === 'BLOCK_NOT_RECORDED')).toBe(true);
      expect(report.archive).toMatchObject({ verified: summary.verified, failed: 0, unreadable: summary.unreadable });
      expect(report.findings.map((f) => f.code)).toContain('BODIES_FAILED');
      expect(report.findings.map((f) => f.code)).not.toContain('BODIES_UNVERIFIED');
      expect(report.verdict).toBe('damaged');
    } finally {
      s.dispose();
    }
  });

  it('a flipped payload byte: bytes come back wrong, so failed, not unreadable', async () => {
    const { s, evidenceId, bodies } = await openDamaged('flip-payload-byte');
    try {
      const { summary, report } = await verifyThroughService(s, evidenceId);
      expect(summary.failed).toBeGreaterThan(0);
      expect(summary.verified + summary.failed + summary.unreadable).toBe(bodies);
      expect(summary.unreadable).toBe(summary.failures.filter((f) => bodyFailureKind(f.code as never) === 'unreadable').length);
      expect(report.archive).toMatchObject({ verified: summary.verified, failed: summary.failed, unreadable: summary.unreadable });
    } finally {
      s.dispose();
    }
  });

  it('a missing archive: every body unreadable', async () => {
    const { s, evidenceId, bodies } = await openDamaged('missing-archive');
    try {
      const { summary, report } = await verifyThroughService(s, evidenceId);
      expect(summary).toMatchObject({ total: bodies, verified: 0, failed: 0, unreadable: bodies });
      expect(report.archive).toMatchObject({ verified: 0, failed: 0, unreadable: bodies });
    } finally {
      s.dispose();
    }
  });
});
