// A large ledger's report runs quick_check in the open's follow-up worker beside the other sections
// (checkEvidence with evidence.followUp). Forced here on small fixtures (deferAboveBytes 0): the report must be the
// same as with quick_check first, and page damage must still stop it at the pages section with quick_check's lines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import { classifyPaths } from '../../../../src/main/core/evidence/classify.js';
import { openSession } from '../../../../src/main/core/evidence/open-evidence.js';
import type { CheckReport } from '../../../../src/main/core/check/types.js';

const root = mkdtempSync(join(tmpdir(), 'check-parallel-qc-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function deferredReport(sessionDir: string): Promise<CheckReport> {
  const classified = await classifyPaths([sessionDir]);
  if (!classified.ok || classified.value.kind !== 'session') throw new Error('not a session');
  const opened = await openSession(classified.value, { quickCheck: true, deferChecks: true, deferAboveBytes: 0, hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    expect(opened.value.followUp?.quickCheck().state).not.toBe('skipped');
    return await checkEvidence(opened.value);
  } finally {
    opened.value.close();
  }
}

/** What differs between two opens of the same ledger (paths of scratch copies are not in the report). */
const comparable = (r: CheckReport): unknown => JSON.parse(JSON.stringify(r)) as unknown;

describe('quick_check beside the other sections', () => {
  it('an intact ledger gives the same report as with quick_check first', async () => {
    const w = await writeLedger(join(root, 'intact'), { generation: 'A4' });
    const serial = await checkPath(w.sessionDir);
    if (!serial.ok) throw new Error(serial.error.message);
    const parallel = await deferredReport(w.sessionDir);
    expect(parallel.pages).toEqual({ ok: true, messages: ['ok'] });
    expect(comparable(parallel)).toEqual(comparable(serial.value));
  });

  it('page damage stops the report at the pages section, with quick_check lines', async () => {
    const w = await writeLedger(join(root, 'pages'), { generation: 'A4', damage: 'corrupt-sqlite-page' });
    const serial = await checkPath(w.sessionDir);
    if (!serial.ok) throw new Error(serial.error.message);
    let parallel: CheckReport;
    try {
      parallel = await deferredReport(w.sessionDir);
    } catch (error) {
      // Damage the schema read itself trips on refuses the open, as without deferral (check-path turns it into a verdict).
      expect(String(error)).toMatch(/damaged|malformed|corrupt/i);
      return;
    }
    expect(parallel.stoppedAfter).toBe('pages');
    expect(parallel.verdict).toBe('damaged');
    expect(parallel.pages).toEqual(serial.value.pages);
    expect(parallel.tables).toEqual({});
  });
});
