// npm run bench:export — WARC export throughput on a generated ledger with >= 256 MiB of bodies (zstd blocks),
// against `gzip -6` of the same raw body bytes timed in the same run. The export does more than gzip (read and
// verify every body, blake3 each block, write, fsync, re-read everything with warcio), so the ratio says what
// that costs. Prints figures only; nothing here asserts a time. BENCH_EXPORT_MIB changes the size.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openEvidence } from '../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../src/main/core/warc/export-job.js';
import type { ExportPhase } from '../../src/main/core/warc/types.js';
import { generateLedger } from './lib/generate-ledger.js';

const MiB = 1024 * 1024;
const total = Number(process.env.BENCH_EXPORT_MIB ?? 256) * MiB;
const rate = (bytes: number, ms: number | null): string => (ms === null ? 'n/a' : `${(bytes / MiB / (ms / 1000)).toFixed(1)} MiB/s`);

function timed(command: string): number | null {
  const t0 = performance.now();
  const r = spawnSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
  return r.error || r.status !== 0 ? null : performance.now() - t0;
}

/** The bench ledger names net_events bodies without source rows; give each event one, so every body exports. */
function addSourceRows(sessionDir: string): void {
  const db = new Database(join(sessionDir, 'session.db'));
  db.exec(
    "INSERT INTO net_events (event_id, timestamp, domain, path, decision) SELECT DISTINCT event_id, created_at, 'api.example.com', '/v1/messages', 'allowed' FROM event_body_blobs",
  );
  db.close();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  try {
    const g0 = performance.now();
    const ledger = await generateLedger({ dir, totalBytes: total, nativeFiles: true });
    addSourceRows(ledger.sessionDir);
    console.log(
      `generated ${ledger.bodies} bodies, ${(ledger.rawBytes / MiB).toFixed(1)} MiB raw in ${ledger.blocks} zstd blocks ` +
        `(archive ${(ledger.archiveBytes / MiB).toFixed(1)} MiB) in ${((performance.now() - g0) / 1000).toFixed(1)} s`,
    );

    const gzipMs = timed(`gzip -6 -c '${ledger.rawPath}' > /dev/null`);
    const pipeMs = timed(`zstd -d -q -c '${join(dir, 'frames.zst')}' | gzip -6 -c > /dev/null`);
    console.log(`native  gzip -6 of the raw bodies                 ${gzipMs?.toFixed(0) ?? 'n/a'} ms  ${rate(ledger.rawBytes, gzipMs)}`);
    console.log(`native  zstd -d | gzip -6 (two processes)          ${pipeMs?.toFixed(0) ?? 'n/a'} ms  ${rate(ledger.rawBytes, pipeMs)}`);

    const o0 = performance.now();
    const opened = await openEvidence([ledger.sessionDir]);
    if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
    console.log(`open evidence (snapshot + hashes of db and archive): ${(performance.now() - o0).toFixed(0)} ms`);
    const out = join(dir, 'out');
    mkdirSync(out);
    const phaseStart = new Map<ExportPhase, number>();
    let peakRss = process.memoryUsage().rss;
    const t0 = performance.now();
    const result = await exportWarc(opened.value, {
      destination: join(out, 'bench.warc.gz'),
      onProgress: (p) => {
        if (!phaseStart.has(p.phase)) phaseStart.set(p.phase, performance.now());
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      },
    });
    const ms = performance.now() - t0;
    opened.value.close();
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const s = result.value;
    const verifyAt = phaseStart.get('verifying') ?? t0 + ms;
    const writeMs = verifyAt - t0;
    const verifyMs = t0 + ms - verifyAt;
    console.log(
      `inspector export-warc: ${s.resourceRecords} records (${s.skipped} skipped), ${(s.blockBytes / MiB).toFixed(1)} MiB of blocks → ` +
        `${(s.fileBytes / MiB).toFixed(1)} MiB file in ${ms.toFixed(0)} ms  ${rate(s.blockBytes, ms)}`,
    );
    console.log(
      `  write (read + verify bodies, blake3, gzip -6 per record, fsync): ${writeMs.toFixed(0)} ms  ${rate(s.blockBytes, writeMs)}`,
    );
    console.log(
      `  re-read with warcio (inflate, parse, blake3, file sha256+blake3): ${verifyMs.toFixed(0)} ms  ${rate(s.blockBytes, verifyMs)}`,
    );
    console.log(`  peak RSS during the export: ${(peakRss / MiB).toFixed(0)} MiB`);
    if (gzipMs !== null)
      console.log(`export time / gzip -6 time: ${(ms / gzipMs).toFixed(2)}x (write phase alone: ${(writeMs / gzipMs).toFixed(2)}x)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
