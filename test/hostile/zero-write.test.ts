// EVI-1 / EVI-2: a scripted full session (open, browse every table, bodies, integrity report, verify job, SQL
// console, WARC export elsewhere, close) under `strace -f -y` makes no write-capable open, unlink, rename,
// truncate, chmod, chown, utime, link or write on any evidence path, and the evidence folder's snapshot (names,
// sizes, SHA-256, mode, mtime, ctime) is identical before and after, for (a) a writable folder with -wal and -shm,
// (b) a read-only bind mount (unshare -m), (c) a WAL database whose -shm is absent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLedger, type WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { snapshotFolder } from './lib/folder-snapshot.js';
import type { DriveReport } from './lib/session-driver.js';
import { auditStraceLog, STRACE_CALLS } from './lib/strace-audit.js';
import { tempDir } from './lib/temp.js';

const STRACE = ['/usr/bin/strace', '/bin/strace'].find((p) => existsSync(p));
const CHILD = fileURLToPath(new URL('./lib/zero-write-child.ts', import.meta.url));
const unshareWorks = spawnSync('unshare', ['-m', 'true']).status === 0;
const dirs: string[] = [];
const fresh = (prefix: string): string => {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Audit {
  readonly report: DriveReport;
  readonly offending: readonly string[];
  readonly touching: number;
  readonly exported: readonly string[];
}

interface Finished {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** spawnSync's answer without blocking the test file, so the three scenarios can trace at the same time. */
function run(command: string, args: readonly string[]): Promise<Finished> {
  return new Promise((resolve, reject) => {
    // No kill timer: a loaded machine may take minutes; vitest's test timeout ends a child that truly hangs.
    const p = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.once('error', reject);
    p.once('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

async function runAudited(sessionDir: string, readOnlyMount: boolean): Promise<Audit> {
  const scratch = fresh('hostile-zw-scratch-');
  const out = fresh('hostile-zw-export-');
  const log = join(fresh('hostile-zw-log-'), 'strace.txt');
  const traced = [
    STRACE!,
    '-f',
    '-qq',
    '-y',
    '-e',
    `trace=${STRACE_CALLS}`,
    '-o',
    log,
    process.execPath,
    '--import',
    'tsx',
    CHILD,
    sessionDir,
    scratch,
    out,
  ];
  const r = readOnlyMount
    ? await run('unshare', [
        '-m',
        'sh',
        '-c',
        'mount --bind -o ro "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"',
        sessionDir,
        ...traced,
      ])
    : await run(traced[0]!, traced.slice(1));
  expect(r.status, `${r.signal ?? ''} ${r.stderr.slice(-1500)}`).toBe(0);
  const report = JSON.parse(r.stdout.trim().split('\n').pop()!) as DriveReport;
  const audit = auditStraceLog(readFileSync(log, 'utf8'), sessionDir);
  return { report, ...audit, exported: readdirSync(out) };
}

function expectFullSession(a: Audit): void {
  expect(a.report.problems).toEqual([]);
  expect(a.report.steps.filter((s) => s.outcome !== 'ok').map((s) => `${s.step}: ${s.outcome} ${s.message}`)).toEqual([]);
  expect(a.report.steps.map((s) => s.step)).toEqual(
    expect.arrayContaining(['open', 'overview', 'integrity.report', 'verify.done', 'sql.run', 'export', 'close']),
  );
  expect(a.report.steps.filter((s) => s.step.startsWith('body ')).length).toBeGreaterThan(10);
  expect(a.exported).toEqual(['session.warc.gz']);
  // The trace saw the evidence being read, so an empty offending list means something.
  expect(a.touching).toBeGreaterThan(0);
  expect(a.offending).toEqual([]);
}

describe.skipIf(!STRACE)('zero-write audit of a full session (strace -f)', () => {
  let writable: WrittenLedger;
  let walNoShm: WrittenLedger;
  let forMount: WrittenLedger;
  beforeAll(async () => {
    writable = await writeLedger(fresh('hostile-zw-a-'), { generation: 'A4', wal: true });
    walNoShm = await writeLedger(fresh('hostile-zw-c-'), { generation: 'A2-mixed-open', wal: 'no-shm' });
    forMount = await writeLedger(fresh('hostile-zw-b-'), { generation: 'A4', wal: 'no-shm', seed: 5 });
  });

  it('the audit can fail: a write-capable open on the evidence is flagged', () => {
    const dir = '/ev/20260302-145040-0001';
    const log = [
      `123 openat(AT_FDCWD</x>, "${dir}/session.db", O_RDONLY|O_CLOEXEC) = 5<${dir}/session.db>`,
      `123 openat(AT_FDCWD</x>, "${dir}/session.db-shm", O_RDWR|O_CREAT|O_NOFOLLOW|O_CLOEXEC, 0644) = 6<${dir}/session.db-shm>`,
      `124 pwrite64(6<${dir}/session.db-shm>, "\\0", 1, 0) = 1`,
      `124 unlinkat(AT_FDCWD</x>, "${dir}/session.db-wal", 0) = 0`,
      `124 openat(AT_FDCWD</x>, "/scratch/session.db", O_RDWR|O_CREAT, 0600) = 7</scratch/session.db>`,
    ].join('\n');
    const a = auditStraceLog(log, dir);
    expect(a.offending.length).toBe(3);
  });

  // The three sessions share nothing (own evidence copy, scratch, export folder and strace log; (b)'s read-only
  // mount lives in its own mount namespace), so they are traced at the same time.
  describe.concurrent('scenarios', () => {
    it('(a) writable folder with -wal and -shm', async () => {
      expect(writable.walOnlyRowCounts).not.toEqual({});
      const before = snapshotFolder(writable.sessionDir);
      expect(before.map((e) => e.path)).toEqual(expect.arrayContaining(['session.db', 'session.db-wal', 'session.db-shm']));
      const a = await runAudited(writable.sessionDir, false);
      expectFullSession(a);
      expect(snapshotFolder(writable.sessionDir)).toEqual(before);
    });

    it('(c) WAL database whose -shm is absent', async () => {
      const before = snapshotFolder(walNoShm.sessionDir);
      expect(before.map((e) => e.path)).toContain('session.db-wal');
      expect(before.map((e) => e.path)).not.toContain('session.db-shm');
      const a = await runAudited(walNoShm.sessionDir, false);
      expectFullSession(a);
      expect(snapshotFolder(walNoShm.sessionDir)).toEqual(before);
    });

    it.skipIf(!unshareWorks)(
      '(b) read-only bind mount (unshare -m + mount --bind -o ro)',
      async () => {
        const before = snapshotFolder(forMount.sessionDir);
        const a = await runAudited(forMount.sessionDir, true);
        expectFullSession(a);
        expect(snapshotFolder(forMount.sessionDir)).toEqual(before);
      },
      150_000,
    );
  });

  it.runIf(!unshareWorks)('(b) read-only bind mount: SKIPPED because `unshare -m` is not permitted here', () => {
    console.warn('zero-write (b) skipped: unshare -m is not permitted for this user; run as root or with CAP_SYS_ADMIN');
  });
});
