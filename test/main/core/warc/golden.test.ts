// Golden file: a small fixed fixture, exported with a fixed export id and date, must give exactly the checked-in
// bytes (gzip members included). Regenerate after an intended format change with UPDATE_GOLDEN=1 and review the diff
// of `golden/a4-small.warc` (the same records, uncompressed, for humans).
import { afterAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const GOLDEN = join(GOLDEN_DIR, 'a4-small.warc.gz');
const GOLDEN_TEXT = join(GOLDEN_DIR, 'a4-small.warc');
const root = mkdtempSync(join(tmpdir(), 'warc-golden-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function exportSmallFixture(name: string, compressionWorkers?: number): Promise<Buffer> {
  const w = await writeLedger(join(root, name), {
    generation: 'A4',
    seed: 4,
    sessionId: 'golden-session',
    bodyScale: 0.25,
    journalMode: 'delete',
  });
  const opened = await openEvidence([w.sessionDir]);
  if (!opened.ok) throw new Error(opened.error.message);
  const out = join(root, `out-${name}`);
  mkdirSync(out);
  try {
    const result = await exportWarc(opened.value, {
      destination: join(out, 'golden.warc.gz'),
      fixedExportId: '0123456789abcdef0123456789abcdef',
      fixedExportDate: new Date('2026-03-03T12:00:00Z'),
      compressionWorkers,
    });
    if (!result.ok) throw new Error(result.error.message);
    return readFileSync(result.value.path);
  } finally {
    opened.value.close();
  }
}

test('a small fixed fixture exports to the checked-in bytes', async () => {
  const bytes = await exportSmallFixture('a');
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(GOLDEN, bytes);
    writeFileSync(GOLDEN_TEXT, gunzipSync(bytes));
  }
  const golden = readFileSync(GOLDEN);
  // Compare the readable form first so a failure shows which record moved.
  expect(gunzipSync(bytes).toString('latin1')).toBe(readFileSync(GOLDEN_TEXT).toString('latin1'));
  expect(bytes.equals(golden)).toBe(true);
});

test('the export is deterministic for a fixed id and date', async () => {
  const again = await exportSmallFixture('b');
  expect(again.equals(readFileSync(GOLDEN))).toBe(true);
});

test('gzip on worker threads writes the same bytes as gzip in the export thread', async () => {
  const pooled = await exportSmallFixture('c', 2);
  expect(gunzipSync(pooled).toString('latin1')).toBe(readFileSync(GOLDEN_TEXT).toString('latin1'));
  expect(pooled.equals(readFileSync(GOLDEN))).toBe(true);
});
