// Writes the bundled sample ledger to resources/sample/<session-id>/: a realistic small session in the
// seeds' single-file archive format (A2: session.bodies v2 with older deflate blocks and newer zstd blocks).
// Deterministic: fixed seed and timestamps, rollback journal and VACUUM so there is no -wal and re-running
// gives identical bytes. Run: node --import tsx scripts/gen-sample.ts
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLedger } from '../test/fixtures/writer/ledger-writer.js';

const SAMPLE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'sample');

async function main(): Promise<void> {
  rmSync(SAMPLE_DIR, { recursive: true, force: true });
  const ledger = await writeLedger(SAMPLE_DIR, {
    generation: 'A2-mixed-open',
    seed: 2026,
    bodyScale: 2,
    journalMode: 'delete',
    openLastBlock: false,
    tornTail: false,
    targetBlockBytes: 10 * 1024,
    segmentBytes: 3 * 1024,
  });
  let total = 0;
  for (const name of readdirSync(ledger.sessionDir)) {
    const path = join(ledger.sessionDir, name);
    const bytes = readFileSync(path);
    total += statSync(path).size;
    console.log(`${name}\t${bytes.length} bytes\tsha256 ${createHash('sha256').update(bytes).digest('hex')}`);
  }
  const codecs = ledger.archive?.blocks.map((b) => b.codec).join(', ');
  console.log(
    `session ${ledger.sessionId}: ${ledger.bodies.length} bodies in ${ledger.blocks.length} blocks (${codecs}), ${total} bytes in all`,
  );
  if (total > 1024 * 1024) throw new Error('sample ledger grew past 1 MiB');
}

await main();
