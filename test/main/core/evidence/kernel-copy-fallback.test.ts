// Where /proc/self/fd is absent (not Linux) a deferred open copies session.db while hashing it, as before: the
// copy is proven before the open returns and the follow-up's copy proof is done from the start.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { buildWalOnlyEvidence } from './helpers.js';
import type * as KernelCopy from '../../../../src/main/core/evidence/kernel-copy.js';

vi.mock('../../../../src/main/core/evidence/kernel-copy.js', async (importOriginal) => ({
  ...(await importOriginal<typeof KernelCopy>()),
  kernelCopyAvailable: () => false,
}));

let evidence: { dir: string; cleanup: () => void };
beforeEach(() => {
  evidence = buildWalOnlyEvidence('L0');
});
afterEach(() => evidence.cleanup());

describe('deferred open without a kernel copy', () => {
  it('hashes while copying, so hashes.db is known at once and the copy proof is done', async () => {
    const r = await openEvidence([evidence.dir], { deferChecks: true, deferAboveBytes: 0 });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    try {
      expect(ev.snapshot.proveDbCopy).toBeUndefined();
      const sha256 = createHash('sha256')
        .update(readFileSync(join(evidence.dir, 'session.db')))
        .digest('hex');
      expect(ev.hashes.db?.sha256).toBe(sha256);
      const part = ev.followUp!.copyProof();
      expect(part.state === 'done' ? part.value.sha256 : null).toBe(sha256);
      // Still deferred: quick_check follows the open.
      expect(ev.followUp!.quickCheck().state).toBe('pending');
      await ev.followUp!.settled;
    } finally {
      ev.close();
    }
  });
});
