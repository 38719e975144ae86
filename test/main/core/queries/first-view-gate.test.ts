// The app's opens hold their follow-up (quick_check worker, copy proof, archive hash) back until the first view was
// answered: nothing of it starts before, everything of it still arrives after, and a view that never comes or an
// evidence closed first cannot leave it waiting for ever.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { firstViewGate } from '../../../../src/main/core/queries/first-view-gate.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import { hashEvidenceFile } from '../../../../src/main/core/evidence/hash-copy.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';

let root: string;
let ledger: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'first-view-gate-'));
  ledger = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('firstViewGate', () => {
  afterEach(() => vi.useRealTimers());

  const state = async (p: Promise<void>): Promise<'passed' | 'waiting'> => {
    let passed = false;
    void p.then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(0);
    return passed ? 'passed' : 'waiting';
  };

  it('passes the quiet time after the last answered call; a later answer pushes it back', async () => {
    vi.useFakeTimers();
    const gate = firstViewGate({ quietMs: 100, deadlineMs: 10_000 });
    gate.arm();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await state(gate.passed)).toBe('waiting');
    gate.answered();
    await vi.advanceTimersByTimeAsync(90);
    gate.answered();
    await vi.advanceTimersByTimeAsync(90);
    expect(await state(gate.passed)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(10);
    expect(await state(gate.passed)).toBe('passed');
  });

  it('passes at the deadline after the open when no view asks, and at once when released', async () => {
    vi.useFakeTimers();
    const idle = firstViewGate({ quietMs: 100, deadlineMs: 1_000 });
    expect(await state(idle.passed)).toBe('waiting');
    idle.arm();
    await vi.advanceTimersByTimeAsync(999);
    expect(await state(idle.passed)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await state(idle.passed)).toBe('passed');
    idle.answered(); // after it passed: nothing to do, no timer left behind
    expect(vi.getTimerCount()).toBe(0);

    const closed = firstViewGate({ quietMs: 100, deadlineMs: 1_000 });
    closed.arm();
    closed.release();
    expect(await state(closed.passed)).toBe('passed');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the registry holds the follow-up back until the first view was answered', () => {
  const registryFor = (deadlineMs: number): EvidenceRegistry =>
    new EvidenceRegistry({ sampleDir: null, openOptions: { deferAboveBytes: 0 }, firstViewGate: { quietMs: 20, deadlineMs } });
  const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
  const expectAllArrived = async (ev: Evidence): Promise<void> => {
    await ev.followUp!.settled;
    expect(ev.followUp!.quickCheck()).toEqual({ state: 'done', value: 'ok' });
    expect(ev.followUp!.copyProof().state).toBe('done');
    const archive = ev.followUp!.archiveHash();
    expect(archive.state === 'done' ? archive.value : null).toEqual(await hashEvidenceFile(ledger.archiveFilePath));
  };

  it('starts nothing before a call was answered, then every part of the follow-up arrives', async () => {
    const registry = registryFor(60_000);
    const opened = await registry.open([ledger.sessionDir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    const ev = registry.getEvenIfDamaged(opened.value.id);
    try {
      // Long enough for an ungated follow-up on this small ledger to have finished its quick_check and proofs.
      await sleep(1_500);
      expect(ev.followUp!.quickCheck()).toEqual({ state: 'pending' });
      expect(ev.followUp!.archiveHash()).toEqual({ state: 'pending' });
      expect(ev.followUp!.copyProof()).toEqual({ state: 'pending' });
      registry.answered(opened.value.id);
      await expectAllArrived(ev);
    } finally {
      registry.closeAll();
    }
  });

  it('a service call for the evidence opens the gate (the first view asked), one for another id does not', async () => {
    const registry = registryFor(60_000);
    const service = createInspectorService({
      registry,
      saveBody: () => {
        throw new Error('not used');
      },
      integrityReport: () => {
        throw new Error('not used');
      },
    });
    try {
      const opened = await service.openPaths([ledger.sessionDir]);
      if (!opened.ok) throw new Error(opened.error.message);
      const ev = registry.getEvenIfDamaged(opened.value.id);
      expect((await service.handle('tables.list', { evidenceId: 'someone-else' })).ok).toBe(false);
      await sleep(300);
      expect(ev.followUp!.quickCheck()).toEqual({ state: 'pending' });
      const tables = await service.handle('tables.list', { evidenceId: opened.value.id });
      expect(tables.ok).toBe(true);
      await expectAllArrived(ev);
    } finally {
      service.dispose();
    }
  });

  it('starts at the deadline when no view asks', async () => {
    const registry = registryFor(200);
    const opened = await registry.open([ledger.sessionDir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    try {
      await expectAllArrived(registry.getEvenIfDamaged(opened.value.id));
    } finally {
      registry.closeAll();
    }
  });

  it('closing before the gate passed settles the follow-up (nothing left waiting) and rejects scans with CANCELLED', async () => {
    const registry = registryFor(60_000);
    const opened = await registry.open([ledger.sessionDir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    const ev = registry.getEvenIfDamaged(opened.value.id);
    const scan = ev.followUp!.scan(['SELECT 1']);
    registry.close(opened.value.id);
    await expect(scan).rejects.toMatchObject({ code: 'CANCELLED' });
    await ev.followUp!.settled;
    expect(ev.followUp!.copyProof()).toEqual({ state: 'pending' });
  });

  it("without a gate (firstViewGate: null) the follow-up starts at once, as the CLI's", async () => {
    const registry = new EvidenceRegistry({ sampleDir: null, openOptions: { deferAboveBytes: 0 }, firstViewGate: null });
    const opened = await registry.open([ledger.sessionDir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    try {
      await expectAllArrived(registry.getEvenIfDamaged(opened.value.id));
    } finally {
      registry.closeAll();
    }
  });
});
