// Workers started before their job: a job takes the waiting ones before spawning any, the result is the same as with
// workers spawned for it, a worker nobody takes ends on its own, and stopping ends every waiting one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { startVerifyJob } from '../../../../src/main/core/jobs/verify-pool.js';
import {
  prestartedWorkers,
  prestartedWorkersReady,
  prestartVerifyWorkers,
  stopPrestartedWorkers,
  takePrestartedWorker,
} from '../../../../src/main/core/jobs/prestarted-verify-workers.js';
import { openVerificationLedger, verificationPlan } from './verification-plan.js';

const root = mkdtempSync(join(tmpdir(), 'prestarted-'));
let ledger: WrittenLedger;
let evidence: Evidence;

beforeAll(async () => {
  ({ ledger, evidence } = await openVerificationLedger(root, 4));
});
afterEach(async () => {
  await stopPrestartedWorkers();
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

const plan = (workers: number) => verificationPlan(evidence, { workers, minBytesPerWorker: 0 });

const until = async (cond: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('prestarted verification workers', () => {
  it('a job takes the waiting workers first, and verifies every body with them', async () => {
    prestartVerifyWorkers(3);
    prestartVerifyWorkers(2); // already enough waiting: starts nothing
    expect(prestartedWorkers()).toBe(3);
    await prestartedWorkersReady(); // every one has loaded its modules and says so
    expect(prestartedWorkers()).toBe(3);
    const job = startVerifyJob(plan(2));
    expect(prestartedWorkers()).toBe(1);
    const result = await job.result;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.verified).toBe(ledger.bodies.length);
    expect(result.value.failed).toBe(0);
    expect(result.value.workers).toBe(2);
    expect(prestartedWorkers()).toBe(1);
  });

  it('a job with more tasks than waiting workers spawns the rest', async () => {
    prestartVerifyWorkers(1);
    const job = startVerifyJob(plan(2));
    expect(prestartedWorkers()).toBe(0);
    const result = await job.result;
    expect(result.ok && result.value.verified).toBe(ledger.bodies.length);
  });

  it('a worker nobody takes ends after its idle time', async () => {
    prestartVerifyWorkers(1, 100);
    expect(prestartedWorkers()).toBe(1);
    await until(() => prestartedWorkers() === 0);
  });

  it('asking again while a worker waits gives it its idle time afresh (and starts no second one)', async () => {
    prestartVerifyWorkers(1, 300);
    await new Promise((r) => setTimeout(r, 200));
    prestartVerifyWorkers(1, 300);
    expect(prestartedWorkers()).toBe(1);
    await new Promise((r) => setTimeout(r, 200)); // 400 ms after the start: past the first deadline
    expect(prestartedWorkers()).toBe(1);
    await until(() => prestartedWorkers() === 0);
  });

  it('a waiting worker that exits is dropped, and a taken one no longer carries the idle listeners', async () => {
    prestartVerifyWorkers(2);
    const taken = takePrestartedWorker();
    expect(taken).not.toBeNull();
    expect(taken!.listenerCount('exit')).toBe(0);
    expect(taken!.listenerCount('error')).toBe(0);
    await taken!.terminate();
    expect(prestartedWorkers()).toBe(1);
    await stopPrestartedWorkers();
    expect(prestartedWorkers()).toBe(0);
    expect(takePrestartedWorker()).toBeNull();
  });

  it('waiting for readiness ends when a job takes a worker before it was ready', async () => {
    prestartVerifyWorkers(1);
    const waited = prestartedWorkersReady();
    const taken = takePrestartedWorker(); // its 'ready' now goes to whoever took it
    expect(taken).not.toBeNull();
    await waited; // would never settle if taking it left the wait hanging
    await taken!.terminate();
  });

  it('waiting workers never keep a process alive (a CLI whose open failed exits at once)', () => {
    const module = fileURLToPath(new URL('../../../../src/main/core/jobs/prestarted-verify-workers.ts', import.meta.url));
    // Ten minutes of idle time: if the workers held the process, it would still be running when the test stops it.
    // spawnSync blocks vitest's own clock, so its kill timer is that clock here: well under the ten minutes, and
    // minutes above what the child needs even on a loaded machine.
    const script = `const m = await import(${JSON.stringify(module)}); m.prestartVerifyWorkers(2, 600000); setTimeout(() => console.log('waiting', m.prestartedWorkers()), 1000);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 300_000 });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('waiting 2');
  });

  it('waiting for them to be ready keeps the process alive until they are (then it may end)', () => {
    const module = fileURLToPath(new URL('../../../../src/main/core/jobs/prestarted-verify-workers.ts', import.meta.url));
    const script = `const m = await import(${JSON.stringify(module)}); m.prestartVerifyWorkers(1, 600000); await m.prestartedWorkersReady(); console.log('ready', m.prestartedWorkers());`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 300_000 });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0); // 13 would be a top-level await left pending when the loop ran dry
    expect(r.stdout.trim()).toBe('ready 1');
  });
});
