// node --import tsx scripts/bench/verify-ledger.ts <session folder> [--workers 1,2]
// Body verification of an existing ledger (for instance one from `npm run gen:large`, whose HTTP and model-call
// rows share spans) through the real job: snapshot, plan, worker pool. Prints, per worker count, wall time, the
// throughput over the archive's raw bytes and over the body bytes the rows name, and the counts. Figures only;
// nothing asserts a time. `npm run bench:verify` measures a fresh ledger without shared spans against zstd + b3sum.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openVerifySpec } from './lib/verify-spec.js';
import { startVerifyJob } from '../../src/main/core/jobs/verify-pool.js';
import { resolveSessionDir } from './lib/ledgers.js';
import { useBuiltWorkers } from './lib/built-workers.js';

const MiB = 1024 * 1024;
const rate = (bytes: number, ms: number): string => `${(bytes / MiB / (ms / 1000)).toFixed(0)} MiB/s`;

useBuiltWorkers();
const argv = process.argv.slice(2);
const dirArg = argv[0];
if (!dirArg || dirArg.startsWith('--')) throw new Error('usage: verify-ledger.ts <session folder> [--workers 1,2]');
const sessionDir = resolveSessionDir(dirArg);
const wi = argv.indexOf('--workers');
const workerCounts = (wi >= 0 ? (argv[wi + 1] ?? '1,2') : '1,2').split(',').map(Number);

const probe = new Database(join(sessionDir, 'session.db'), { readonly: true, fileMustExist: true });
const sizes = probe
  .prepare(
    `SELECT (SELECT TOTAL(raw_len) FROM body_blocks) AS raw, TOTAL(body_len) AS named, COUNT(*) AS rows,
  (SELECT COUNT(*) FROM (SELECT DISTINCT block_offset, body_offset, body_len, body_hash FROM event_body_blobs WHERE block_offset IS NOT NULL)) AS spans
  FROM event_body_blobs`,
  )
  .get() as { raw: number; named: number; rows: number; spans: number };
probe.close();
console.log(
  `ledger ${sessionDir}: ${sizes.rows.toLocaleString('en-US')} body rows naming ${(sizes.named / MiB).toFixed(1)} MiB ` +
    `(${(sizes.named / sizes.raw).toFixed(2)}x the ${(sizes.raw / MiB).toFixed(1)} MiB of raw block bytes), ${sizes.spans.toLocaleString('en-US')} distinct spans`,
);

for (const workers of workerCounts) {
  const { ev, spec } = await openVerifySpec(sessionDir, workers);
  try {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await startVerifyJob(spec).result;
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const v = result.value;
    console.log(
      `${workers} worker(s), ${spec.tasks.length} ran: ${ms.toFixed(0)} ms (process CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), ` +
        `${rate(sizes.raw, ms)} of raw block bytes, ${rate(sizes.named, ms)} of named body bytes; verified ${v.verified}, failed ${v.failed}, unreadable ${v.unreadable}`,
    );
  } finally {
    ev.close();
  }
}
