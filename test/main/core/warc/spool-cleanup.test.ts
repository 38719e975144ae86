// The target spool on a real opened ledger: made in a fresh folder under the scratch root (not in the evidence
// folder, not beside the destination), gone after a finished, cancelled or failed export, and the scratch copy it
// was filled from hashes as before.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';
import { liveSpoolDirs, SPOOL_PREFIX } from '../../../../src/main/core/warc/target-spool.js';
import type { ExportOptions } from '../../../../src/main/core/warc/types.js';

const sha256Of = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

let root: string;
let ledger: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'warc-spool-'));
  ledger = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Outcome = 'finished' | 'cancelled' | 'failed';

async function exportAndWatch(
  outcome: Outcome,
): Promise<{ code: string; seen: string[]; scratchRoot: string; destDir: string; hashBefore: string; hashAfter: string }> {
  const scratchRoot = join(root, `scratch-${outcome}`);
  const destDir = join(root, `out-${outcome}`);
  mkdirSync(scratchRoot);
  mkdirSync(destDir);
  const opened = await openEvidence([ledger.sessionDir], { scratchRoot });
  if (!opened.ok) throw new Error(opened.error.message);
  const evidence = opened.value;
  try {
    const hashBefore = sha256Of(evidence.snapshot.dbCopyPath);
    const before = new Set(liveSpoolDirs());
    const seen: string[] = [];
    const controller = new AbortController();
    const options: ExportOptions = {
      destination: join(destDir, 'session.warc.gz'),
      signal: controller.signal,
      testHooks: {
        afterMember: (index) => {
          for (const d of liveSpoolDirs()) if (!before.has(d) && !seen.includes(d) && existsSync(d)) seen.push(d);
          if (index !== 2) return;
          if (outcome === 'cancelled') controller.abort();
          if (outcome === 'failed') throw new Error('write failed for test');
        },
      },
    };
    const result = await exportWarc(evidence, options);
    const hashAfter = sha256Of(evidence.snapshot.dbCopyPath);
    return { code: result.ok ? 'ok' : result.error.code, seen, scratchRoot, destDir, hashBefore, hashAfter };
  } finally {
    evidence.close();
  }
}

describe('the target spool of an export', () => {
  test.each([
    ['finished', 'ok', ['session.warc.gz']],
    ['cancelled', 'CANCELLED', []],
    ['failed', 'EXPORT_FAILED', []],
  ] as const)(
    '%s: one spool under the scratch root, removed afterwards; the scratch copy is unchanged',
    async (outcome, code, destFiles) => {
      const evidenceBefore = readdirSync(ledger.sessionDir).sort();
      const r = await exportAndWatch(outcome);
      expect(r.code).toBe(code);
      expect(r.seen.length).toBe(1);
      const spool = r.seen[0]!;
      expect(dirname(spool)).toBe(r.scratchRoot);
      expect(spool.slice(r.scratchRoot.length + 1).startsWith(SPOOL_PREFIX)).toBe(true);
      expect(existsSync(spool)).toBe(false);
      expect(liveSpoolDirs()).not.toContain(spool);
      expect(r.hashAfter).toBe(r.hashBefore);
      expect(readdirSync(r.destDir)).toEqual(destFiles);
      expect(readdirSync(ledger.sessionDir).sort()).toEqual(evidenceBefore);
    },
  );
});
