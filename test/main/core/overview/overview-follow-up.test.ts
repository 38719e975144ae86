import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { buildOverview, decisions, modelUsage } from '../../../../src/main/core/overview/overview.js';
import type { EvidenceSummary, Overview } from '../../../../src/shared/contract.js';

let root: string;
let ledger: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'overview-follow-up-'));
  ledger = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const summaryOf = (ev: Evidence): EvidenceSummary => ({
  id: ev.id,
  sessionId: ev.sessionId,
  displayName: null,
  generation: ev.generation,
  openedAt: '',
  origin: 'path',
});

async function opened(deferChecks: boolean): Promise<Evidence> {
  const r = await openEvidence([ledger.sessionDir], { deferChecks, deferAboveBytes: 0 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function untilSettled(ev: Evidence): Promise<Overview> {
  for (let i = 0; i < 500; i++) {
    const o = buildOverview(ev, summaryOf(ev));
    if (o.followUp && Object.values(o.followUp).every((s) => s.state !== 'pending')) return o;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('follow-up never settled');
}

describe('buildOverview after a deferred open', () => {
  it('shows counts at once, the copy proof, scans and archive hash as pending, then the same values as an open that waited', async () => {
    const plain = await opened(false);
    const deferred = await opened(true);
    try {
      const reference = buildOverview(plain, summaryOf(plain));
      expect(reference.followUp).toBeUndefined();
      expect(reference.models).toEqual(modelUsage(plain.db));
      expect(reference.decisions).toEqual(decisions(plain.db));
      expect(reference.models.length).toBeGreaterThan(0);
      expect(reference.decisions.length).toBeGreaterThan(0);

      const first = buildOverview(deferred, summaryOf(deferred));
      expect(first.rowCounts).toEqual(reference.rowCounts);
      expect(first.timeSpan).toEqual(reference.timeSpan);
      // session.db was copied by the kernel: its hashes are unknown until the copy proof after the open is done.
      expect(reference.hashes.db).not.toBeNull();
      expect(first.hashes.db).toBeNull();
      expect(first.followUp).toEqual({
        quickCheck: { state: 'pending' },
        archiveHash: { state: 'pending' },
        copyProof: { state: 'pending' },
        scans: { state: 'pending' },
      });
      expect(first.hashes.archive).toBeNull();
      expect(first.models).toEqual([]);

      const last = await untilSettled(deferred);
      expect(last.followUp).toEqual({
        quickCheck: { state: 'done' },
        archiveHash: { state: 'done' },
        copyProof: { state: 'done' },
        scans: { state: 'done' },
      });
      expect(last.hashes.db).toEqual(reference.hashes.db);
      expect(last.hashes.others).toEqual(reference.hashes.others);
      expect(last.models).toEqual(reference.models);
      expect(last.decisions).toEqual(reference.decisions);
      expect(last.hashes.archive).toEqual(reference.hashes.archive);
      expect(last.rowCounts).toEqual(reference.rowCounts);
    } finally {
      plain.close();
      deferred.close();
    }
  });
});
