// npm run bench:export-orphans [-- --rows N[,N...]]: the WARC export of a ledger whose event_body_blobs holds N rows
// naming no source row (hostile input, issue 23; each is a counted `missing-source-row` skip), for several N, beside
// a native reference taken in the same run on the same file: one SQLite scan of those rows in archive order, the
// least any export must do. Linear means the time per row stays flat as N grows. Figures only, never assertions.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openEvidence } from '../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../src/main/core/warc/export-job.js';
import { writeLedger } from '../../test/fixtures/writer/ledger-writer.js';
import { addOrphanBodyRows } from './lib/orphan-rows.js';

const arg = process.argv.indexOf('--rows');
const sizes = (arg > 0 ? process.argv[arg + 1]! : '100000,300000,1000000').split(',').map(Number);

function scanMs(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true });
  const t0 = performance.now();
  let n = 0;
  for (const _ of db.prepare('SELECT * FROM event_body_blobs ORDER BY block_offset, body_offset, id').iterate()) n += 1;
  const ms = performance.now() - t0;
  db.close();
  return n > 0 ? ms : 0;
}

export async function exportOrphansRow(
  rows: number,
  parent: string,
): Promise<{ rows: number; exportMs: number; scanMs: number; skipped: number; progressReports: number }> {
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(join(parent, `orphans-${rows}-`));
  const ledger = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
  addOrphanBodyRows(join(ledger.sessionDir, 'session.db'), rows);
  const reference = scanMs(join(ledger.sessionDir, 'session.db'));
  const opened = await openEvidence([ledger.sessionDir]);
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  const out = join(root, `out-${rows}`);
  mkdirSync(out);
  let reports = 0;
  const t0 = performance.now();
  const r = await exportWarc(opened.value, { destination: join(out, 'x.warc.gz'), onProgress: () => void (reports += 1) });
  const exportMs = performance.now() - t0;
  opened.value.close();
  rmSync(root, { recursive: true, force: true });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return { rows, exportMs, scanMs: reference, skipped: r.value.skippedByReason['missing-source-row'], progressReports: reports };
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'bench-export-orphans-'));
  try {
    for (const n of sizes) {
      const f = await exportOrphansRow(n, root);
      console.log(
        `export-warc, ${f.rows.toLocaleString('en-US')} rows naming no source row: ${(f.exportMs / 1000).toFixed(2)} s ` +
          `(${((f.exportMs * 1000) / f.rows).toFixed(2)} µs/row, ${f.skipped.toLocaleString('en-US')} skipped, ${f.progressReports} progress reports); ` +
          `native reference, one SQLite scan in archive order: ${(f.scanMs / 1000).toFixed(2)} s (${((f.scanMs * 1000) / f.rows).toFixed(2)} µs/row)`,
      );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
