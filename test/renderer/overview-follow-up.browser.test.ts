// A large ledger's open shows the overview before quick_check, the archive hash and the whole-table scans are done.
// Here every ledger counts as large (deferAboveBytes: 0): the Overview must show each part's state, keep asking until
// all are done, and then show the archive hash, the decisions and the models it was waiting for.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/main/serve/server.js';
import { openEvidence } from '../../src/main/core/evidence/open-evidence.js';
import type { Evidence, FollowUp } from '../../src/main/core/evidence/types.js';
import { inProcessVerifyRunner } from '../../src/main/core/jobs/verify-runner.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { BrowserSuite } from './harness.js';
import { shot, startBrowserSuite } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let page: Page;
let evId: string;
/** Holds the follow-up's answers at "pending" until the test has seen the page show that state. */
let release: () => void = () => undefined;
const gate = new Promise<void>((r) => {
  release = r;
});
let released = false;
void gate.then(() => {
  released = true;
});

function gated(real: FollowUp): FollowUp {
  return {
    quickCheck: () => (released ? real.quickCheck() : { state: 'pending' }),
    archiveHash: () => (released ? real.archiveHash() : { state: 'pending' }),
    copyProof: () => (released ? real.copyProof() : { state: 'pending' }),
    copyProofSettled: gate.then(() => real.copyProofSettled),
    quickCheckSettled: gate.then(() => real.quickCheckSettled),
    scan: async (statements) => {
      await gate;
      return real.scan(statements);
    },
    settled: gate.then(() => real.settled),
  };
}

async function openGated(...args: Parameters<typeof openEvidence>): ReturnType<typeof openEvidence> {
  const r = await openEvidence(...args);
  if (!r.ok || !r.value.followUp) return r;
  const real = r.value;
  // The hashes the gated parts produce stay unknown until the gate opens, as they would while the parts run.
  const hashes: Evidence['hashes'] = {
    get db() {
      return released ? real.hashes.db : null;
    },
    get archive() {
      return released ? real.hashes.archive : null;
    },
  };
  const ev: Evidence = Object.assign(Object.create(Object.getPrototypeOf(real) as object) as Evidence, real, {
    followUp: gated(real.followUp!),
    hashes,
  });
  return { ok: true, value: ev };
}

beforeAll(async () => {
  suite = await startBrowserSuite('follow-up', {
    serve: async (dir) => {
      const ledger = await writeLedger(join(dir, 'l'), { generation: 'A4', seed: 5, sessionId: '20260302-150000-fu00', bodyScale: 20 });
      // The parts run in threads of serve, as the CLI and the desktop app run them: what is tested is the page asking
      // until they are done, and serve's background host, at the lowest priority, can be starved for minutes on a
      // busy machine (inspector.browser.test.ts runs verification there).
      return {
        paths: [ledger.sessionDir],
        openOptions: { deferAboveBytes: 0 },
        open: openGated,
        verifyRunner: inProcessVerifyRunner,
        backgroundWorkers: null,
      };
    },
  });
  ({ server, page } = suite);
  const first = server.opened[0]!;
  if (!first.ok) throw new Error(first.error.message);
  evId = first.value.id;
});

afterAll(() => suite?.close());

describe('Overview of a ledger whose checks follow the first view', () => {
  it('shows every follow-up part, asks again until all are done, then shows what they produced', async () => {
    await page.goto(`${server.origin}/?token=${server.token}#/e/${evId}/overview`);
    await page.waitForSelector('.follow-up li[data-part="quickCheck"]');
    expect(await page.locator('.follow-up li').evaluateAll((els) => els.map((e) => e.getAttribute('data-part')))).toEqual([
      'copyProof',
      'quickCheck',
      'archiveHash',
      'scans',
    ]);
    expect(await page.locator('.follow-up li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    await expect(page.getByText('hashing (follows the first view)…').count()).resolves.toBe(1);
    // session.db's hash row waits for the copy proof: a placeholder, no digest yet.
    await expect(page.getByText('proving the copy (follows the first view)…').count()).resolves.toBe(1);
    await expect(page.locator('.hashes tbody .hashcell').count()).resolves.toBe(0);
    await expect(page.getByText(/whole-table scan that follows the first view/).count()).resolves.toBe(2);
    await shot(page, 'overview-follow-up-pending');
    // Nothing is reloaded by hand from here: the page must ask again by itself. The parts run in serve's background
    // host at the lowest priority, so on a busy machine they take what they take: the wait is for the page to show
    // them done, with no budget of its own.
    release();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.follow-up li')).every((e) => e.getAttribute('data-state') === 'done'),
    );
    await shot(page, 'overview-follow-up-done');
    // session.db and the archive (for A4 its selected generation file), each with SHA-256 and BLAKE3.
    const names = await page.locator('.hashes tbody tr td:first-child').allTextContents();
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('session.db');
    expect(names[1]).toMatch(/^g-/);
    await expect(page.locator('.hashes tbody .hashcell').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    await expect(page.getByText('hashing (follows the first view)…').count()).resolves.toBe(0);
    await expect(page.getByText('proving the copy (follows the first view)…').count()).resolves.toBe(0);
    await expect(page.getByText(/whole-table scan that follows the first view/).count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="time-span-coverage"]').textContent()).resolves.toMatch(/^from \d+ tables?/);
  });
});
