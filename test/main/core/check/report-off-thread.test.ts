// The integrity report built in a worker thread (checkEvidenceOffThread, what serve mode answers integrity.report
// with) must be the very report checkEvidence builds on the calling thread: same sections, findings and verdict, on
// intact and damaged ledgers of every generation, opened as the CLI opens them and as the app defers them, with a
// finished verification folded in. A worker that cannot run falls back to the calling thread, same value.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { DamageKind } from '../../../fixtures/writer/damage-types.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { checkEvidenceOffThread } from '../../../../src/main/core/check/report-off-thread.js';
import type { CheckReport } from '../../../../src/main/core/check/types.js';
import { classifyPaths } from '../../../../src/main/core/evidence/classify.js';
import { openSession } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence, OpenEvidenceOptions } from '../../../../src/main/core/evidence/types.js';
import { spawnWorker } from '../../../../src/main/core/workers/worker-entry-url.js';
import type { VerifySummary } from '../../../../src/main/core/jobs/verify-types.js';

const root = mkdtempSync(join(tmpdir(), 'report-off-thread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const AS_CLI: OpenEvidenceOptions = { hashArchive: false };
const AS_APP: OpenEvidenceOptions = { deferChecks: true, deferAboveBytes: 0 };

async function opened(
  name: string,
  generation: GenerationName,
  damage: DamageKind | undefined,
  opts: OpenEvidenceOptions,
): Promise<Evidence> {
  const w = await writeLedger(join(root, name), { generation, ...(damage ? { damage } : {}) });
  const classified = await classifyPaths([w.sessionDir]);
  if (!classified.ok || classified.value.kind !== 'session') throw new Error('not a session');
  const r = await openSession(classified.value, opts);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** A spawn that counts the workers it started, so a test knows the worker answered (not the fallback). */
function countingSpawn(): { spawn: typeof spawnWorker; readonly started: number } {
  const counter = { started: 0 };
  return {
    spawn: (url, name, options) => {
      counter.started++;
      return spawnWorker(url, name, options);
    },
    get started() {
      return counter.started;
    },
  };
}

/** The evidence with a connection that refuses every statement: only a report built elsewhere can succeed. */
function withoutMainConnection(e: Evidence): Evidence {
  const db = new Proxy(e.db, {
    get(target, prop, receiver) {
      if (prop === 'prepare' || prop === 'pragma' || prop === 'exec')
        return () => {
          throw new Error('the main thread read the ledger');
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { ...e, db };
}

const CASES: [string, GenerationName, DamageKind | undefined][] = [
  ['A4 intact', 'A4', undefined],
  ['A2-zstd intact', 'A2-zstd', undefined],
  ['A1 intact', 'A1', undefined],
  ['L0 intact', 'L0', undefined],
  ['A2 archive missing', 'A2-zstd', 'missing-archive'],
  ['A4 index past end', 'A4', 'index-past-end'],
  ['A3 bad file header', 'A3', 'bad-file-header'],
  ['A4 unrecorded block', 'A4', 'unrecorded-block'],
];

describe('the integrity report off the main thread', () => {
  for (const [name, generation, damage] of CASES) {
    for (const [how, opts] of [
      ['as the CLI opens', AS_CLI],
      ['deferred as the app opens', AS_APP],
    ] as const) {
      it(`${name}, ${how}: the same report as on the calling thread, built by the worker`, async () => {
        const e = await opened(`${name}-${how}`.replace(/\W+/g, '-'), generation, damage, opts);
        try {
          const here = await checkEvidence(e);
          const counting = countingSpawn();
          const there = await checkEvidenceOffThread(e, {}, { spawn: counting.spawn });
          expect(counting.started).toBe(1);
          expect(there).toEqual(here);
          expect(there.verdict).toBe(here.verdict);
          if (damage) expect(there.findings.length).toBeGreaterThan(0);
        } finally {
          e.close();
        }
      });
    }
  }

  it("reads nothing on the calling thread: the report comes from the worker's own connection", async () => {
    const e = await opened('no-main-reads', 'A4', undefined, AS_CLI);
    try {
      const here = await checkEvidence(e);
      // The refusing connection bites on the calling thread: quick_check's error there reads as page damage.
      const blind = await checkEvidence(withoutMainConnection(e));
      expect(blind.stoppedAfter).toBe('pages');
      expect(blind.pages.messages).toEqual(['the main thread read the ledger']);
      expect(await checkEvidenceOffThread(withoutMainConnection(e))).toEqual(here);
    } finally {
      e.close();
    }
  });

  it('folds a finished verification in exactly as checkEvidence does', async () => {
    const e = await opened('verification', 'A2-zstd', undefined, AS_APP);
    try {
      const verification: VerifySummary = {
        verified: 3,
        failed: 2,
        unreadable: 1,
        unhashed: 0,
        bytes: 1234,
        failuresOmitted: 0,
        bodies: 5,
        workers: 2,
        elapsedMs: 17,
        failures: [
          { eventId: 'ev-1', sourceTable: 'model_calls', direction: 'request', code: 'BODY_HASH_MISMATCH', message: 'hash differs' },
          { eventId: 'ev-2', sourceTable: 'model_calls', direction: 'response', code: 'ARCHIVE_TRUNCATED', message: 'cut short' },
        ],
      } as VerifySummary;
      const here = await checkEvidence(e, { verification });
      const there = await checkEvidenceOffThread(e, { verification });
      expect(there).toEqual(here);
      expect(there.archive.verified).toBe(3);
      expect(there.archive.failures).toHaveLength(2);
    } finally {
      e.close();
    }
  });

  it('page damage stops the report at the pages, as on the calling thread (quick_check in the worker or the follow-up)', async () => {
    for (const opts of [{ ...AS_CLI, quickCheck: false }, AS_APP]) {
      let e: Evidence;
      try {
        e = await opened(`pages-${opts === AS_APP ? 'app' : 'cli'}`, 'A4', 'corrupt-sqlite-page', opts);
      } catch (error) {
        // Damage the schema read itself trips on refuses the open (check-path turns that into a verdict).
        expect(String(error)).toMatch(/damaged|malformed|corrupt/i);
        continue;
      }
      try {
        const here: CheckReport = await checkEvidence(e);
        const there = await checkEvidenceOffThread(e);
        expect(there).toEqual(here);
        expect(there.stoppedAfter).toBe('pages');
        expect(there.verdict).toBe('damaged');
      } finally {
        e.close();
      }
    }
  });

  it('falls back to the calling thread when no worker can start or the worker dies, with the same report', async () => {
    const e = await opened('fallback', 'A4', undefined, AS_APP);
    try {
      const here = await checkEvidence(e);
      const cannotStart = await checkEvidenceOffThread(
        e,
        {},
        {
          spawn: () => {
            throw new Error('no worker entry in this build');
          },
        },
      );
      expect(cannotStart).toEqual(here);
      const dies = await checkEvidenceOffThread(e, {}, { spawn: () => new Worker('process.exit(3)', { eval: true }) });
      expect(dies).toEqual(here);
    } finally {
      e.close();
    }
  });
});
