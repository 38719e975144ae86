// The report on a large deferred open (kernel copy, proof afterwards) is given only once the copy is proven: a copy
// that turns out not to hold the evidence's bytes ends the check with SNAPSHOT_MISMATCH, as a failed copy at the
// open does, instead of a report about other bytes.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { buildWalOnlyEvidence } from '../evidence/helpers.js';

let evidence: { dir: string; cleanup: () => void };
beforeEach(() => {
  evidence = buildWalOnlyEvidence('A2');
});
afterEach(() => evidence.cleanup());

async function openDeferred() {
  const r = await openEvidence([evidence.dir], { deferChecks: true, deferAboveBytes: 0 });
  if (!r.ok) throw new Error(r.error.message);
  expect(r.value.followUp?.copyProof().state).toBe('pending');
  return r.value;
}

describe('check after a kernel copy', () => {
  it('waits for the proof and gives the report when the copy holds the evidence', async () => {
    const ev = await openDeferred();
    try {
      const report = await checkEvidence(ev);
      expect(ev.followUp!.copyProof().state).toBe('done');
      expect(report.pages.ok).toBe(true);
    } finally {
      ev.close();
    }
  });

  it('ends with SNAPSHOT_MISMATCH, and no report, when session.db changed after the copy', async () => {
    const ev = await openDeferred();
    const dbPath = join(evidence.dir, 'session.db');
    const fd = openSync(dbPath, 'r+');
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, statSync(dbPath).size - 64);
    closeSync(fd);
    try {
      await expect(checkEvidence(ev)).rejects.toMatchObject({ code: 'SNAPSHOT_MISMATCH' });
    } finally {
      ev.close();
    }
  });
});
