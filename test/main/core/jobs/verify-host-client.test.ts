// Serve's background host: the same verification job in a child process of its own session gives the in-process
// pool's result, reports progress, cancels, lowers its session's scheduling group (Linux), and goes away with its
// client; the follow-up and report workers it runs for serve answer as threads of serve would.
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { startVerifyJob } from '../../../../src/main/core/jobs/verify-pool.js';
import { backgroundHost } from '../../../../src/main/core/jobs/verify-host-client.js';
import { hashEvidenceFile } from '../../../../src/main/core/evidence/hash-copy.js';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import { checkEvidenceOffThread } from '../../../../src/main/core/check/report-off-thread.js';
import type { SpawnWorker } from '../../../../src/main/core/workers/worker-like.js';
import { BACKGROUND_GROUP_NICE } from '../../../../src/main/core/workers/background-priority.js';
import type { JobProgress } from '../../../../src/main/core/jobs/verify-types.js';
import { processGoneWithin } from '../../../fixtures/process-alive.js';
import { openVerificationLedger, verificationPlan } from './verification-plan.js';

const root = mkdtempSync(join(tmpdir(), 'background-host-'));
let evidence: Evidence;

beforeAll(async () => {
  ({ evidence } = await openVerificationLedger(root, 8));
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

const plan = () => verificationPlan(evidence, { workers: 2, minBytesPerWorker: 0 });

describe('the background host: verification', () => {
  it('verifies as the in-process pool does, with progress, from a lowered session of its own', async () => {
    const runner = backgroundHost();
    try {
      const seen: JobProgress[] = [];
      const remote = runner.start(plan(), { onProgress: (p) => seen.push(p) });
      const local = await startVerifyJob(plan()).result;
      const result = await remote.result;
      if (!result.ok || !local.ok) throw new Error('both should verify');
      const { elapsedMs: _a, ...r } = result.value;
      const { elapsedMs: _b, ...l } = local.value;
      expect(r).toEqual(l);
      expect(r.verified).toBeGreaterThan(0);
      expect(seen.at(-1)?.itemsDone).toBe(r.bodies);
      expect(remote.activeWorkers()).toBe(0);
      const pid = runner.hostPid()!;
      expect(pid).not.toBe(process.pid);
      if (process.platform === 'linux') {
        const said = await runner.hostReady();
        const group = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
        expect(group).toBe(said);
        expect(group).toMatch(new RegExp(` nice ${BACKGROUND_GROUP_NICE}$`));
        // A session of its own: not this process's scheduling group.
        expect(group.split(' ')[0]).not.toBe(readFileSync('/proc/self/autogroup', 'utf8').trim().split(' ')[0]);
      }
    } finally {
      runner.close();
    }
  });

  it('cancels a running job with CANCELLED, and runs the next one', async () => {
    const runner = backgroundHost();
    try {
      runner.prestart(2);
      const job = runner.start(plan(), {});
      job.cancel();
      const r = await job.result;
      // A job this small may finish before the cancel arrives; either way it settles, and the host keeps working.
      if (!r.ok) expect(r.error.code).toBe('CANCELLED');
      const next = await runner.start(plan(), {}).result;
      expect(next.ok).toBe(true);
    } finally {
      runner.close();
    }
  });

  it('a closed host ends, and a job it still held settles INTERNAL instead of hanging', async () => {
    const runner = backgroundHost();
    const job = runner.start(plan(), {});
    const pid = runner.hostPid()!;
    runner.close();
    const r = await job.result;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('INTERNAL');
    expect(await processGoneWithin(pid, 10_000, 50)).toBe(true);
  });

  it('does not outlive the process that started it, even one that exits without closing it (it runs in another session)', async () => {
    const script = join(root, 'start-host-and-exit.mts');
    const runnerUrl = pathToFileURL(join(process.cwd(), 'src/main/core/jobs/verify-host-client.ts')).href;
    writeFileSync(
      script,
      `import { backgroundHost } from ${JSON.stringify(runnerUrl)};
// The host and its channel are unref'd (they never keep serve alive); this timer keeps the script up meanwhile.
setInterval(() => {}, 1000);
const r = backgroundHost();
r.prestart(1);
console.log(await r.hostReady() && r.hostPid());
process.exit(0);
`,
    );
    const pid = Number(
      execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', cwd: process.cwd() }).trim().split('\n').at(-1),
    );
    expect(pid).toBeGreaterThan(0);
    expect(await processGoneWithin(pid, 10_000, 50)).toBe(true);
  });
});

describe('the background host: relayed workers', () => {
  // Writes down what was started and what its worker said: answers that came through the host, not a fallback's.
  const recording =
    (host: ReturnType<typeof backgroundHost>, asked: string[], said: string[]): SpawnWorker =>
    (url, baseName, options) => {
      asked.push(baseName);
      return host.spawnWorker(url, baseName, options).on('message', (m: { type: string }) => said.push(m.type));
    };

  it("runs an open's follow-up (quick_check, then scans; the copy proof) in the host, with the answers a thread of this process gives", async () => {
    const host = backgroundHost();
    const asked: string[] = [];
    const said: string[] = [];
    const r = await openEvidence([evidence.input.dir], {
      deferChecks: true,
      deferAboveBytes: 0,
      hashArchive: false,
      backgroundWorkers: recording(host, asked, said),
    });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    try {
      await ev.followUp!.settled;
      // Linux copies session.db in the kernel, and the proof's two reads run in the host too.
      expect([...asked].sort()).toEqual(
        process.platform === 'linux' ? ['follow-up-worker', 'hash-file-worker', 'hash-file-worker'] : ['follow-up-worker'],
      );
      expect(host.hostPid()).not.toBeNull();
      expect(ev.followUp!.copyProof().state).toBe('done');
      expect(ev.hashes.db).toEqual(await hashEvidenceFile(evidence.input.dbPath));
      expect(ev.followUp!.quickCheck()).toEqual({ state: 'done', value: 'ok' });
      const statements = ['SELECT COUNT(*) FROM net_events', 'SELECT event_id FROM net_events ORDER BY rowid LIMIT 3'];
      expect(await ev.followUp!.scan(statements)).toEqual(statements.map((sql) => ev.db.prepare(sql).raw().all()));
      expect([...said].sort()).toEqual(process.platform === 'linux' ? ['checked', 'evidence', 'own', 'rows'] : ['checked', 'rows']);
    } finally {
      ev.close();
      host.close();
    }
  });

  it('builds the integrity report in the host, equal to the one built on this thread', async () => {
    const host = backgroundHost();
    const asked: string[] = [];
    const said: string[] = [];
    try {
      const remote = await checkEvidenceOffThread(evidence, {}, { spawn: recording(host, asked, said) });
      expect(asked).toEqual(['report-worker']);
      expect(said).toEqual(['report']);
      const local = await checkEvidence(evidence, {});
      expect(JSON.parse(JSON.stringify(remote))).toEqual(JSON.parse(JSON.stringify(local)));
    } finally {
      host.close();
    }
  });

  it('refuses to start a worker that is not relayable: an error, then exit 1', async () => {
    const host = backgroundHost();
    try {
      const w = host.spawnWorker(new URL('../../../../src/main/core/jobs/verify-pool.ts', import.meta.url).href, 'verify-worker', {
        workerData: null,
      });
      const error = new Promise<Error>((resolve) => w.once('error', resolve));
      const exit = new Promise<number>((resolve) => w.once('exit', resolve));
      expect((await error).message).toContain('does not start "verify-worker"');
      expect(await exit).toBe(1);
    } finally {
      host.close();
    }
  });

  it('a relayed worker of a closed host errors and exits, so its owner falls back', async () => {
    const host = backgroundHost();
    const w = host.spawnWorker(new URL('../../../../src/main/core/check/report-off-thread.ts', import.meta.url).href, 'report-worker', {
      workerData: null,
    });
    const error = new Promise<Error>((resolve) => w.once('error', resolve));
    const exit = new Promise<number>((resolve) => w.once('exit', resolve));
    host.close();
    expect((await error).message).toContain('background host was closed');
    expect(await exit).toBe(1);
    expect(await w.terminate()).toBe(1);
  });
});
