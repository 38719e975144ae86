/**
 * The verdict in Chromium (serve mode), issue 23: verification is part of opening, so nobody clicks anything. A
 * ledger with a damaged body reads "checking" and then DAMAGED; a healthy one reads INTACT only once every body was
 * verified (its report alone is not enough); cancelling from the header leaves "bodies not verified".
 *
 * Each verification waits for the test's word before it reads a byte (a runner that holds the job, then hands it
 * to the ordinary in-process runner): on these small ledgers it would otherwise end before the page had drawn, and
 * "checking" could not be seen, let alone cancelled.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/errors.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import type { VerifyRunner } from '../../src/main/core/jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../../src/main/core/jobs/verify-runner.js';
import type { VerifySummary } from '../../src/main/core/jobs/verify-types.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { makeEarlyA4Build } from '../fixtures/writer/early-a4.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let page: Page;
let damaged: WrittenLedger;
let healthy: WrittenLedger;
let cancelled: WrittenLedger;
let early: WrittenLedger;
let segment: WrittenLedger;

/** Jobs started while held wait here; `release` lets every waiting job run. */
let gate: { promise: Promise<void>; release: () => void } = newGate();
function newGate(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}
let started = 0;
const heldRunner: VerifyRunner = {
  start(spec, options) {
    started += 1;
    let inner: ReturnType<VerifyRunner['start']> | null = null;
    let settle: (r: Result<VerifySummary>) => void = () => undefined;
    const result = new Promise<Result<VerifySummary>>((r) => (settle = r));
    let stopped = false;
    void gate.promise.then(() => {
      if (stopped) return;
      inner = inProcessVerifyRunner.start(spec, options);
      void inner.result.then(settle);
    });
    return {
      result,
      cancel() {
        stopped = true;
        if (inner) inner.cancel();
        else settle({ ok: false, error: { code: 'CANCELLED', message: 'verification was cancelled' } });
      },
      activeWorkers: () => inner?.activeWorkers() ?? 0,
    };
  },
  prestart: () => undefined,
};

async function openInPage(w: WrittenLedger): Promise<string> {
  const id = ok(await server.service.openPaths([w.sessionDir], 'path')).id;
  // A fresh load, as a user opening it would see (a hash change alone would keep the page's evidence list).
  await page.goto('about:blank');
  await page.goto(suite.url(`#/e/${id}/overview`));
  await page.waitForSelector('.overview .identity');
  return id;
}

const headerVerdict = (): Promise<string | null> => page.locator('.topbar [data-testid="verdict"]').getAttribute('data-verdict');
const overviewVerdict = (): Promise<string | null> => page.locator('.overview [data-testid="verdict"]').getAttribute('data-verdict');

beforeAll(async () => {
  suite = await startBrowserSuite('verdict', {
    serve: async (dir) => {
      [damaged, healthy, cancelled, early, segment] = await Promise.all([
        writeLedger(join(dir, 'damaged'), { generation: 'A4', damage: 'wrong-body-hash', sessionId: 'verdict-damaged' }),
        writeLedger(join(dir, 'healthy'), { generation: 'A4', sessionId: 'verdict-healthy' }),
        writeLedger(join(dir, 'cancelled'), { generation: 'A4', sessionId: 'verdict-cancelled' }),
        writeLedger(join(dir, 'early'), { generation: 'A4', sessionId: 'verdict-early' }),
        writeLedger(join(dir, 'segment'), { generation: 'A4', damage: 'flip-payload-byte', sessionId: 'verdict-segment' }),
      ]);
      makeEarlyA4Build(join(early.sessionDir, 'session.db'));
      return { openSampleWhenEmpty: false, verifyRunner: heldRunner, backgroundWorkers: null };
    },
  });
  ({ server, page } = suite);
});

afterAll(async () => {
  // Held jobs go on to the ordinary runner, so closing the server does not wait on a gate nobody opens.
  gate.release();
  await suite?.close();
});

describe('the verdict, with no click (serve mode in Chromium)', () => {
  it('a damaged body: "checking" while the bodies are read, then DAMAGED in the header, overview and integrity view', async () => {
    gate = newGate();
    const id = await openInPage(damaged);
    await expect.poll(headerVerdict).toBe('checking');
    // The open's verification started by itself once the first view was answered, and waits at the gate.
    await expect.poll(() => started).toBeGreaterThan(0);
    await expect.poll(headerVerdict).toBe('checking');
    expect(await overviewVerdict()).toBe('checking');
    // Started, its plan not in yet (its total still reads 0): the header says "checking bodies…", never "0 / 0 bodies".
    await expect.poll(() => page.locator('.topbar .verdict-detail').textContent()).toBe('checking bodies…');
    expect(await page.locator('.topbar .verdict-box').textContent()).not.toContain('0 / 0');
    await shot(page, 'verdict-01-checking');
    gate.release();
    await expect.poll(headerVerdict).toBe('damaged');
    await expect.poll(overviewVerdict).toBe('damaged');
    await shot(page, 'verdict-02-damaged-overview');
    await page.evaluate((h) => (window.location.hash = h), `#/e/${id}/integrity`);
    await page.waitForSelector('.integrity .verify[data-state="done"]');
    expect(await page.locator('.integrity .toolbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('damaged');
    const bad = damaged.damage!.affected[0]!;
    // The failing body is listed, without "Verify all bodies" having been pressed.
    await expect.poll(() => page.locator('.integrity table.failures').textContent()).toContain(bad.eventId);
    await shot(page, 'verdict-03-damaged-integrity');
  });

  it('healthy: still "checking" with its report in, INTACT only once every body was verified', async () => {
    gate = newGate();
    const id = await openInPage(healthy);
    await page.evaluate((h) => (window.location.hash = h), `#/e/${id}/integrity`);
    // The report (tables, index and archive, pages) is shown and has no error: without the bodies, no INTACT.
    await page.waitForSelector('.integrity .facts');
    await expect.poll(async () => ok(await server.service.handle('integrity.verdict', { evidenceId: id })).report).toBe('ok');
    await expect.poll(headerVerdict).toBe('checking');
    expect(await page.locator('.integrity .toolbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('checking');
    gate.release();
    await expect.poll(headerVerdict).toBe('intact');
    await page.waitForSelector('.integrity .verify[data-state="done"]');
    expect(await page.locator('.integrity .verify[data-state="done"]').textContent()).toContain(
      `${healthy.bodies.length} of ${healthy.bodies.length} bodies verified`,
    );
    await shot(page, 'verdict-04-intact');
  });

  it("an earlier A4 build's shape: INTACT, with Capsem's refusal said beside it in the header and the overview", async () => {
    gate.release();
    const id = await openInPage(early);
    await expect.poll(headerVerdict).toBe('intact');
    for (const where of ['.topbar', '.overview']) {
      const caveat = page.locator(`${where} [data-testid="verdict-caveat"]`);
      await caveat.waitFor();
      expect(await caveat.textContent()).toBe("Capsem's current build would refuse it");
      expect(await caveat.getAttribute('title')).toContain("Capsem's current build would refuse this ledger");
    }
    expect(ok(await server.service.handle('integrity.verdict', { evidenceId: id })).capsemRefuses).toMatch(/earlier A4 build/);
    // What INTACT means is said on the page, with whether the warnings beside it touch the verdict.
    expect(await page.locator('.overview [data-testid="verdict-meaning"]').textContent()).toMatch(
      /^INTACT: .*every body matched its BLAKE3 hash\. Warnings and notes do not change the verdict/,
    );
    await shot(page, 'verdict-07-intact-refused-shape');
  });

  it('the Integrity view follows a verification started elsewhere (File ▸ Verify All Bodies, another tab)', async () => {
    gate = newGate();
    gate.release();
    const id = await openInPage(healthy);
    await page.evaluate((h) => (window.location.hash = h), `#/e/${id}/integrity`);
    const done = '.integrity .verify[data-state="done"][data-job]';
    await page.waitForSelector(done);
    const opened = await page.locator(done).getAttribute('data-job');
    // The view's own job first: it shows that one.
    await page.getByRole('button', { name: 'Verify all bodies' }).click();
    await page.waitForFunction((j) => {
      const el = document.querySelector('.integrity .verify[data-state="done"][data-job]');
      return el !== null && el.getAttribute('data-job') !== j;
    }, opened);
    const own = await page.locator(done).getAttribute('data-job');
    // Then one started outside the view, as the desktop menu starts it (the service's jobs.verify.start).
    const elsewhere = ok(await server.service.handle('jobs.verify.start', { evidenceId: id })).jobId;
    expect(elsewhere).not.toBe(own);
    await page.waitForSelector(`.integrity .verify[data-state="done"][data-job="${elsewhere}"]`);
    expect(await page.locator(done).textContent()).toContain(`${healthy.bodies.length} of ${healthy.bodies.length} bodies verified`);
    await shot(page, 'verdict-06-followed');
  });

  it('cancelled from the header: "bodies not verified", never INTACT', async () => {
    gate = newGate();
    const id = await openInPage(cancelled);
    await page.locator('.topbar .verdict-box').getByRole('button', { name: 'cancel' }).click();
    await expect.poll(headerVerdict).toBe('unverified');
    expect(await page.locator('.topbar [data-testid="verdict"]').textContent()).toBe('bodies not verified');
    gate.release();
    await page.evaluate((h) => (window.location.hash = h), `#/e/${id}/integrity`);
    await page.waitForSelector('.integrity .verify[data-state="cancelled"]');
    expect(await page.locator('.integrity .toolbar [data-testid="verdict"]').getAttribute('data-verdict')).toBe('unverified');
    expect(await headerVerdict()).toBe('unverified');
    await shot(page, 'verdict-05-cancelled');
  });

  it('a damaged segment: the bodies it fails share one reason, said once with every body listed', async () => {
    gate.release();
    const id = await openInPage(segment);
    await page.evaluate((h) => (window.location.hash = h), `#/e/${id}/integrity`);
    await page.waitForSelector('.integrity .verify[data-state="done"]');
    const affected = segment.damage!.affected;
    expect(affected.length).toBeGreaterThan(1);
    // The failures are listed from the report the finished verification folds into (fetched again when it ends).
    await page.waitForSelector('.integrity table.failures tbody tr');
    const groups = await page.$$eval('.integrity table.failures tbody tr', (rows) =>
      rows.map((r) => ({
        n: Number(r.getAttribute('data-failure-count')),
        links: Array.from(r.querySelectorAll('a'), (a) => a.textContent),
        why: r.lastElementChild!.textContent,
      })),
    );
    // Every failed body is listed once, and no reason is repeated on a second row.
    expect(groups.flatMap((g) => g.links).sort()).toEqual(affected.map((a) => a.eventId).sort());
    expect(groups.reduce((t, g) => t + g.n, 0)).toBe(affected.length);
    expect(groups.length).toBeLessThan(affected.length);
    expect(new Set(groups.map((g) => g.why)).size).toBe(groups.length);
    expect(groups.find((g) => g.n > 1)?.why).toMatch(/^\d+ bodies, one cause: /);
    await shot(page, 'verdict-08-segment-failures');
  });
});
