// Verification is part of opening (issue 23): the service starts verifying every body once the first view may be
// followed up, and its verdict reads "checking" until pages, copy proof, report and bodies are all done; INTACT only
// then, DAMAGED from the first failing body, "unverified" (bodies not verified) once the user cancelled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { VerdictView } from '../../../../src/shared/contract.js';
import type { Result } from '../../../../src/shared/errors.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { toIntegrityView } from '../../../../src/main/core/integrity/integrity-view.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { DamageKind } from '../../../fixtures/writer/damage-types.js';

const root = mkdtempSync(join(tmpdir(), 'verdict-on-open-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function service(gate: null | { quietMs: number; deadlineMs: number }, onReport: () => void = () => undefined): InspectorService {
  return createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: root }, firstViewGate: gate }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: async (e, verification) => {
      onReport();
      return toIntegrityView(await checkEvidence(e, { verification }));
    },
  });
}

/**
 * Every verdict seen until it stops reading "checking", asked as the header asks: once, then again at each
 * verdict.changed event, never on a clock. A change the service did not announce would leave this waiting.
 */
function verdicts(s: InspectorService, evidenceId: string): Promise<VerdictView[]> {
  const seen: VerdictView[] = [];
  return new Promise((resolve, reject) => {
    let asking = false;
    let again = false;
    const off = s.onEvent((e) => {
      if (e.name === 'verdict.changed' && e.payload.evidenceId === evidenceId) ask();
    });
    const ask = (): void => {
      if (asking) return void (again = true);
      asking = true;
      again = false;
      s.handle('integrity.verdict', { evidenceId }).then((r) => {
        asking = false;
        const v = ok(r);
        seen.push(v);
        if (v.verdict !== 'checking') {
          off();
          resolve(seen);
        } else if (again) ask();
      }, reject);
    };
    ask();
  });
}

async function open(name: string, damage: DamageKind | null, gate: null | { quietMs: number; deadlineMs: number } = null) {
  const w = await writeLedger(join(root, name), damage ? { generation: 'A4', damage } : { generation: 'A4' });
  const s = service(gate);
  const evidenceId = ok(await s.openPaths([w.sessionDir], 'path')).id;
  return { s, evidenceId, w };
}

describe('the verdict of an opened ledger', () => {
  it('healthy: checking first, INTACT only once every body was verified, without anyone asking for it', async () => {
    const { s, evidenceId, w } = await open('intact', null);
    const seen = await verdicts(s, evidenceId);
    expect(seen[0]!.verdict).toBe('checking');
    const last = seen.at(-1)!;
    expect(last.verdict).toBe('intact');
    // It names its job, so a view follows the session's latest verification wherever it was started.
    expect(last.bodies).toEqual({
      state: 'done',
      total: w.bodies.length,
      verified: w.bodies.length,
      failed: 0,
      unreadable: 0,
      jobId: expect.any(String),
    });
    expect([last.pages, last.copyProof, last.report]).toEqual(['ok', 'ok', 'ok']);
    // Every verdict before the last said checking: none claimed INTACT early.
    expect(seen.slice(0, -1).every((v) => v.verdict === 'checking')).toBe(true);
    s.dispose();
  });

  it.each(['wrong-body-hash', 'flip-segment-hash'] as const)('%s: DAMAGED from the verification the open started', async (damage) => {
    const { s, evidenceId } = await open(damage, damage);
    const last = (await verdicts(s, evidenceId)).at(-1)!;
    expect(last.verdict).toBe('damaged');
    s.dispose();
  });

  it('builds the report once the first view was answered, with nobody asking for the verdict', async () => {
    let asked: () => void = () => undefined;
    const reportAsked = new Promise<void>((r) => (asked = r));
    const w = await writeLedger(join(root, 'unasked'), { generation: 'A4' });
    const s = service({ quietMs: 20, deadlineMs: 60_000 }, () => asked());
    const evidenceId = ok(await s.openPaths([w.sessionDir], 'path')).id;
    ok(await s.handle('overview', { evidenceId }));
    await reportAsked;
    expect((await verdicts(s, evidenceId)).at(-1)!.verdict).toBe('intact');
    s.dispose();
  });

  it('waits for the first view before verifying, and a header asking for the verdict does not hold that back', async () => {
    const { s, evidenceId } = await open('gated', null, { quietMs: 50, deadlineMs: 60_000 });
    expect(ok(await s.handle('integrity.verdict', { evidenceId })).bodies).toEqual({ state: 'waiting' });
    ok(await s.handle('overview', { evidenceId }));
    const last = (await verdicts(s, evidenceId)).at(-1)!;
    expect(last.verdict).toBe('intact');
    s.dispose();
  });

  it('cancelled: "unverified", never INTACT; verifying again reaches INTACT', async () => {
    const { s, evidenceId } = await open('cancelled', null, { quietMs: 20, deadlineMs: 60_000 });
    // Started by hand before the open's own would: the open then starts none of its own.
    const { jobId } = ok(await s.handle('jobs.verify.start', { evidenceId }));
    ok(await s.handle('jobs.cancel', { jobId }));
    ok(await s.handle('overview', { evidenceId }));
    const last = (await verdicts(s, evidenceId)).at(-1)!;
    expect(last.bodies).toEqual({ state: 'cancelled', jobId });
    expect(last.verdict).toBe('unverified');
    const again = ok(await s.handle('jobs.verify.start', { evidenceId })).jobId;
    const after = (await verdicts(s, evidenceId)).at(-1)!;
    expect(after.verdict).toBe('intact');
    expect(after.bodies).toMatchObject({ state: 'done', jobId: again });
    s.dispose();
  });
});
