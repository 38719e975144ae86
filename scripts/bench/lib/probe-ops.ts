// The measured operations, each run alone in a fresh process (probe.ts) so its peak RSS is its own.
import { lstatSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifyPaths } from '../../../src/main/core/evidence/classify.js';
import { DEFER_CHECKS_ABOVE_BYTES, openEvidence } from '../../../src/main/core/evidence/open-evidence.js';
import { snapshotSqlite } from '../../../src/main/core/evidence/snapshot.js';
import type { Evidence } from '../../../src/main/core/evidence/types.js';
import { buildOverview } from '../../../src/main/core/overview/overview.js';
import { checkEvidence } from '../../../src/main/core/check/check-evidence.js';
import { openForCheck } from '../../../src/main/core/check/check-path.js';
import { checkArchiveIndex } from '../../../src/main/core/bodies/archive-index.js';
import { planVerification } from '../../../src/main/core/jobs/verify-plan.js';
import { startVerifyJob } from '../../../src/main/core/jobs/verify-pool.js';
import { prestartedWorkers, prestartedWorkersReady, prestartVerifyWorkers } from '../../../src/main/core/jobs/prestarted-verify-workers.js';
import { exportWarc } from '../../../src/main/core/warc/export-job.js';
import type { ExportPhase } from '../../../src/main/core/warc/types.js';
import type { EvidenceSummary } from '../../../src/shared/contract.js';
import type { ProbeArgs } from './probe-types.js';
import { settleBeforeCopy, timeShell } from './native-inputs.js';

/** Rounds of (cp, dd, snapshot) in the open probe; each figure is the median of its rounds. */
const COPY_ROUNDS = 3;
const median = (xs: readonly number[]): number => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;

type Figures = Record<string, number | string | null>;

let scratchRoot: string | null = null;
/** Set once by the probe entry from its arguments. */
export function useScratchRoot(dir: string | undefined): void {
  scratchRoot = dir ?? null;
}

async function open(sessionDir: string, opts: Parameters<typeof openEvidence>[1] = {}): Promise<Evidence> {
  const r = await openEvidence([sessionDir], { ...opts, scratchRoot: scratchRoot ?? undefined });
  if (!r.ok) throw new Error(`open ${sessionDir}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The archive's size as the open adds it to the SQLite set's when it decides to defer (0 when absent). */
async function archiveBytesOf(sessionDir: string): Promise<number> {
  const classified = await classifyPaths([sessionDir]);
  const archive = classified.ok && classified.value.kind === 'session' ? classified.value.archive : null;
  try {
    return archive ? lstatSync(archive.path).size : 0;
  } catch {
    return 0;
  }
}

/**
 * Snapshot alone, as the app's deferred open takes it (a large session.db copied by the kernel; its proof timed
 * apart, since it runs after the open), then the open as the app does it (deferChecks: the copy proof, quick_check,
 * the archive hash and the overview's whole-table scans follow the first view), then the overview's first view,
 * then the follow-up.
 */
export async function probeOpen(a: ProbeArgs): Promise<Figures> {
  const dbPath = join(a.sessionDir, 'session.db');
  // The copy and its references, taken in turn (cp, dd, snapshot; three rounds), each after settleBeforeCopy, so that
  // each meets the page cache and writeback in the same state. Measured apart, whichever ran first after the cache
  // was reclaimed paid for the disk: one run printed a 3.8 s snapshot beside a 1.5 s cp, and the same snapshot took
  // 1.4 s inside the open right after it.
  const refPath = join(scratchRoot ?? tmpdir(), 'reference-copy.db');
  const cpRuns: number[] = [];
  const ddRuns: number[] = [];
  const snapshotRuns: number[] = [];
  const proofRuns: number[] = [];
  let dbBytes = 0;
  let copiedBy = 'hashed read';
  // The open's rule: deferred (and so kernel-copied) when the SQLite set and the archive exceed the threshold.
  const kernelCopyAboveBytes = DEFER_CHECKS_ABOVE_BYTES - (await archiveBytesOf(a.sessionDir));
  for (let round = 0; round < COPY_ROUNDS; round++) {
    settleBeforeCopy(dbPath);
    const cp = timeShell(`cp '${dbPath}' '${refPath}'`);
    rmSync(refPath, { force: true });
    settleBeforeCopy(dbPath);
    const dd = timeShell(`dd if='${dbPath}' of='${refPath}' bs=4M status=none`);
    rmSync(refPath, { force: true });
    if (cp !== null) cpRuns.push(cp);
    if (dd !== null) ddRuns.push(dd);
    settleBeforeCopy(dbPath);
    const s0 = performance.now();
    const snap = await snapshotSqlite(dbPath, { scratchRoot: scratchRoot ?? undefined, kernelCopyAboveBytes });
    snapshotRuns.push(performance.now() - s0);
    if (!snap.ok) throw new Error(`snapshot: ${snap.error.code}: ${snap.error.message}`);
    try {
      if (snap.value.proveDbCopy) {
        copiedBy = 'kernel';
        const p0 = performance.now();
        await snap.value.proveDbCopy();
        proofRuns.push(performance.now() - p0);
      }
      dbBytes = snap.value.sources[0]!.size;
    } finally {
      snap.value.dispose();
    }
  }
  const snapshotMs = median(snapshotRuns);
  const o0 = performance.now();
  const ev = await open(a.sessionDir, { deferChecks: true });
  const openMs = performance.now() - o0;
  try {
    const v0 = performance.now();
    const summary: EvidenceSummary = {
      id: ev.id,
      sessionId: ev.sessionId,
      displayName: null,
      generation: ev.generation,
      openedAt: new Date().toISOString(),
      origin: 'path',
    };
    const overview = buildOverview(ev, summary);
    const overviewMs = performance.now() - v0;
    // The copy inside this open, so "beyond the copy" is measured on the same open, not on the separate snapshot.
    const openCopyMs = ev.snapshot.copyMs ?? snapshotMs;
    const rows = overview.rowCounts.reduce((n, t) => n + t.rows, 0);
    // The follow-up: the copy proof, quick_check, the archive hash and the scans behind models/decisions, until all
    // are in. The proof's own finish is noted on the way (measured from the open's return).
    let last = overview;
    let proofAfterOpenMs: number | null = last.followUp?.copyProof.state === 'pending' ? null : 0;
    while (last.followUp && Object.values(last.followUp).some((p) => p.state === 'pending')) {
      await new Promise((r) => setTimeout(r, 20));
      last = buildOverview(ev, summary);
      if (proofAfterOpenMs === null && last.followUp?.copyProof.state !== 'pending') proofAfterOpenMs = performance.now() - o0 - openMs;
    }
    const followUpMs = performance.now() - v0 - overviewMs;
    const states = last.followUp
      ? Object.entries(last.followUp)
          .map(([k, p]) => `${k} ${p.state}`)
          .join(', ')
      : 'none';
    return {
      dbBytes,
      snapshotMs,
      snapshotRuns: snapshotRuns.map((x) => x.toFixed(0)).join(', '),
      copiedBy,
      proofMs: proofRuns.length ? median(proofRuns) : null,
      proofRuns: proofRuns.map((x) => x.toFixed(0)).join(', '),
      proofAfterOpenMs,
      cpMs: cpRuns.length ? median(cpRuns) : null,
      cpRuns: cpRuns.map((x) => x.toFixed(0)).join(', '),
      ddMs: ddRuns.length ? median(ddRuns) : null,
      ddRuns: ddRuns.map((x) => x.toFixed(0)).join(', '),
      openMs,
      openCopyMs,
      overviewMs,
      followUpMs,
      followUpStates: states,
      rows,
      generation: ev.generation,
    };
  } finally {
    ev.close();
  }
}

export async function probeVerify(a: ProbeArgs): Promise<Figures> {
  if (a.prestart) prestartVerifyWorkers(a.workers ?? 1);
  const ev = await open(a.sessionDir, { hashArchive: false });
  try {
    const index = checkArchiveIndex({
      db: ev.db,
      generation: ev.generation,
      dbPath: ev.input.dbPath,
      location: ev.input.archive,
      archiveState: ev.archiveState,
      slot: ev.archive,
    });
    if (!index.openOptions) throw new Error(`archive not readable: ${index.unreadable?.message ?? 'no archive'}`);
    const archive = { ...index.openOptions, zstdBackend: a.backend ?? 'auto' };
    const spec = planVerification({
      db: ev.db,
      dbCopyPath: ev.snapshot.dbCopyPath,
      generation: ev.generation,
      archive,
      archiveUnreadable: index.unreadable,
      workers: a.workers ?? 1,
    });
    const rawBytes = ev.db.prepare('SELECT TOTAL(raw_len) FROM body_blocks').pluck().get() as number;
    // Started before the open, as check does; by now (the open took seconds) they have loaded and wait.
    const r0 = performance.now();
    await prestartedWorkersReady();
    const readyWaitMs = performance.now() - r0;
    const waiting = prestartedWorkers();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await startVerifyJob(spec).result;
    const ms = performance.now() - t0;
    // Every thread of this process (the workers included), for the CPU-time comparison (grep-figures.ts).
    const cpu = process.cpuUsage(c0);
    if (!r.ok) throw new Error(`verify: ${r.error.code}: ${r.error.message}`);
    return {
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rawBytes,
      bodyBytes: r.value.bytes,
      verified: r.value.verified,
      failed: r.value.failed,
      tasks: spec.tasks.length,
      prestarted: waiting,
      readyWaitMs,
      backend: ev.archive.state === 'open' && a.backend !== 'fzstd' ? ev.archive.archive.zstdBackend : (a.backend ?? 'auto'),
    };
  } finally {
    ev.close();
  }
}

export async function probeExport(a: ProbeArgs): Promise<Figures> {
  const ev = await open(a.sessionDir, { hashArchive: false });
  const destination = join(a.outDir!, 'bench.warc.gz');
  try {
    const phaseStart = new Map<ExportPhase, number>();
    const t0 = performance.now();
    const r = await exportWarc(ev, {
      destination,
      onProgress: (p) => {
        if (!phaseStart.has(p.phase)) phaseStart.set(p.phase, performance.now());
      },
    });
    const ms = performance.now() - t0;
    if (!r.ok) throw new Error(`export: ${r.error.code}: ${r.error.message}`);
    const writeMs = (phaseStart.get('verifying') ?? t0 + ms) - t0;
    return {
      ms,
      writeMs,
      rereadMs: ms - writeMs,
      blockBytes: r.value.blockBytes,
      fileBytes: r.value.fileBytes,
      records: r.value.resourceRecords,
      skipped: r.value.skipped,
    };
  } finally {
    ev.close();
    rmSync(destination, { force: true });
  }
}

/**
 * The integrity report without body verification, as `capsem-inspect check` builds it (openForCheck: on a large
 * ledger quick_check runs in the open's follow-up worker beside the other sections, and the report waits for it).
 */
export async function probeCheck(a: ProbeArgs): Promise<Figures> {
  const t0 = performance.now();
  const classified = await classifyPaths([a.sessionDir]);
  if (!classified.ok || classified.value.kind !== 'session') throw new Error(`classify ${a.sessionDir} failed`);
  const opened = await openForCheck(classified.value, scratchRoot ?? undefined);
  if (!opened.ok) throw new Error(`open: ${opened.error.code}: ${opened.error.message}`);
  const openMs = performance.now() - t0;
  try {
    const r0 = performance.now();
    const report = await checkEvidence(opened.value);
    const reportMs = performance.now() - r0;
    return { openMs, reportMs, totalMs: performance.now() - t0, verdict: report.verdict.toString(), findings: report.findings.length };
  } finally {
    opened.value.close();
  }
}
