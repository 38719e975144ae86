// npm run bench:verify — body verification throughput on a generated ledger with >= 256 MiB of bodies
// (zstd blocks), for 1 and 2 workers, against the native pipeline (zstd -d + b3sum) timed on the same bytes
// in the same run. Prints figures only; nothing here asserts a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openVerifySpec } from './lib/verify-spec.js';
import { startVerifyJob } from '../../src/main/core/jobs/verify-pool.js';
import { prestartedWorkersReady, prestartVerifyWorkers } from '../../src/main/core/jobs/prestarted-verify-workers.js';
import { generateLedger } from './lib/generate-ledger.js';
import { nativeTiming } from './lib/native.js';
import { useBuiltWorkers } from './lib/built-workers.js';

const MiB = 1024 * 1024;
const total = Number(process.env.BENCH_VERIFY_MIB ?? 256) * MiB;
const mibs = (bytes: number, ms: number | null): string => (ms === null ? 'n/a' : `${(bytes / MiB / (ms / 1000)).toFixed(0)} MiB/s`);

interface Run {
  ms: number;
  startupMs: number;
  aheadMs: number;
  verified: number;
  failed: number;
  tasks: number;
  backend: string;
}

async function verifyOnce(sessionDir: string, workers: number): Promise<Run> {
  const { ev, spec } = await openVerifySpec(sessionDir, workers);
  try {
    // Workers started ahead, as `check --verify-bodies` starts them before its open: the job finds them loaded.
    prestartVerifyWorkers(spec.tasks.length);
    await prestartedWorkersReady();
    const a0 = performance.now();
    const ahead = await startVerifyJob(spec).result;
    const aheadMs = performance.now() - a0;
    if (!ahead.ok) throw new Error(`${ahead.error.code}: ${ahead.error.message}`);
    // The same workers with no blocks: what starting threads and opening SQLite + the archive costs.
    const idle = { ...spec, tasks: spec.tasks.map((t) => (t.kind === 'archive' ? { ...t, blocks: [] } : t)) };
    const s0 = performance.now();
    await startVerifyJob(idle).result;
    const startupMs = performance.now() - s0;
    const t0 = performance.now();
    const result = await startVerifyJob(spec).result;
    const ms = performance.now() - t0;
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const backend = ev.archive.state === 'open' ? ev.archive.archive.zstdBackend : 'n/a';
    return { ms, startupMs, aheadMs, verified: result.value.verified, failed: result.value.failed, tasks: spec.tasks.length, backend };
  } finally {
    ev.close();
  }
}

async function main(): Promise<void> {
  useBuiltWorkers();
  const dir = mkdtempSync(join(tmpdir(), 'bench-verify-'));
  try {
    const g0 = performance.now();
    const ledger = await generateLedger({ dir, totalBytes: total, nativeFiles: true });
    console.log(
      `generated ${ledger.bodies} bodies, ${(ledger.rawBytes / MiB).toFixed(1)} MiB raw in ${ledger.blocks} zstd blocks ` +
        `(archive ${(ledger.archiveBytes / MiB).toFixed(1)} MiB, ratio ${(ledger.rawBytes / ledger.archiveBytes).toFixed(2)}) in ${((performance.now() - g0) / 1000).toFixed(1)} s`,
    );
    const native = nativeTiming(ledger.framesPath!, ledger.rawPath!);
    const nativeSerial = native.zstdMs !== null && native.b3sumMs !== null ? native.zstdMs + native.b3sumMs : null;
    console.log(`native  zstd -d           ${native.zstdMs?.toFixed(0) ?? 'n/a'} ms  ${mibs(ledger.rawBytes, native.zstdMs)}`);
    console.log(`native  b3sum (1 thread)  ${native.b3sumMs?.toFixed(0) ?? 'n/a'} ms  ${mibs(ledger.rawBytes, native.b3sumMs)}`);
    console.log(
      `native  zstd -d + b3sum, one after the other (single-thread reference)  ${nativeSerial?.toFixed(0) ?? 'n/a'} ms  ${mibs(ledger.rawBytes, nativeSerial)}`,
    );
    console.log(
      `native  zstd -d | b3sum pipe (two processes)  ${native.pipeMs?.toFixed(0) ?? 'n/a'} ms  ${mibs(ledger.rawBytes, native.pipeMs)}`,
    );
    for (const workers of [1, 2]) {
      const r = await verifyOnce(ledger.sessionDir, workers);
      const steady = Math.max(1, r.ms - r.startupMs);
      const ratio = (ms: number): string => (nativeSerial === null ? 'n/a' : `${(nativeSerial / ms).toFixed(2)}x`);
      console.log(
        `inspector verify (zstd: ${r.backend}), ${workers} worker(s) (${r.tasks} ran): ${r.ms.toFixed(0)} ms total  ${mibs(ledger.rawBytes, r.ms)}  ` +
          `(worker start ${r.startupMs.toFixed(0)} ms; without it ${mibs(ledger.rawBytes, steady)})  verified ${r.verified}/${ledger.bodies}, failed ${r.failed}; ` +
          `vs native single-thread: ${ratio(r.ms)} total, ${ratio(steady)} without start`,
      );
      console.log(
        `inspector verify, ${workers} worker(s) started ahead (as check --verify-bodies starts them, before its open): ` +
          `${r.aheadMs.toFixed(0)} ms  ${mibs(ledger.rawBytes, r.aheadMs)}  vs native single-thread: ${ratio(r.aheadMs)}`,
      );
    }
    console.log('note: the inspector hashes twice (every segment, then every body against body_hash); the native pipeline hashes once.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
