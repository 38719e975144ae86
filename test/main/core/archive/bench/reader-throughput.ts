// Benchmark (prints figures, asserts nothing): reads every body of a ~64 MiB archive in
// (block_offset, body_offset) order with each zstd backend, and the same bodies in a deflate archive.
// Run: node --import tsx test/main/core/archive/bench/reader-throughput.ts
import { encodeArchive } from '../../../../fixtures/writer/archive-encoder.js';
import type { CodecName, SegmentItem } from '../../../../fixtures/writer/archive-plan.js';
import { planBlocks } from '../../../../fixtures/writer/plan-blocks.js';
import { loadZstdNapi } from '../../../../../src/main/core/archive/zstd-decoders.js';
import { open, writeArchive } from '../helpers.js';
import { prng } from '../sample-archives.js';

const TOTAL = Number(process.env.BENCH_MIB ?? 64) * 1024 * 1024;

function bodies(): SegmentItem[] {
  const rnd = prng(42);
  const words = ['model', 'tool', 'call', 'response', 'assistant', 'content', 'token', '{"role":"user"}', 'delta', 'stream'];
  const out: SegmentItem[] = [];
  let total = 0;
  for (let i = 0; total < TOTAL; i++) {
    const size = Math.floor(1024 + rnd() * rnd() * 60_000);
    let bytes: Uint8Array;
    if (i % 10 === 9) bytes = Uint8Array.from({ length: size }, () => Math.floor(rnd() * 256));
    else {
      const parts: string[] = [];
      let n = 0;
      while (n < size) {
        const w = `${words[Math.floor(rnd() * words.length)]} ${i} `;
        parts.push(w);
        n += w.length;
      }
      bytes = new TextEncoder().encode(parts.join(''));
    }
    out.push({
      kind: 'body',
      key: { eventId: (0x200000000000 + i).toString(16), sourceTable: 'model_calls', direction: 'response' },
      bytes,
    });
    total += bytes.length;
  }
  return out;
}

async function run(codec: CodecName, backends: ('fzstd' | 'native')[]): Promise<void> {
  const t0 = performance.now();
  const enc = await encodeArchive({
    version: 2,
    blocks: planBlocks(bodies(), { codec, targetBlockBytes: 1 << 20, segmentBytes: 64 * 1024 }),
    dedup: 'none',
  });
  const disk = writeArchive(enc);
  const raw = enc.bodies.reduce((n, b) => n + b.bodyLen, 0);
  console.log(
    `${codec}: ${enc.blocks.length} blocks, ${enc.bodies.length} bodies, raw ${(raw / 2 ** 20).toFixed(1)} MiB, file ${(enc.bytes.length / 2 ** 20).toFixed(1)} MiB (built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  for (const backend of backends) {
    const times: number[] = [];
    for (let round = 0; round < 4; round++) {
      const archive = await open(disk, 2, backend);
      const t = performance.now();
      let bad = 0;
      for (const r of disk.rows) if (!archive.readBody(r, disk.blocks.get(r.blockOffset ?? -1)).ok) bad++;
      times.push(performance.now() - t);
      archive.close();
      if (bad) throw new Error(`${bad} bodies failed`);
    }
    const best = Math.min(...times.slice(1));
    const median = [...times.slice(1)].sort((a, b) => a - b)[1] ?? best;
    console.log(
      `  ${codec === 'zstd' ? backend : 'node:zlib'}: median ${(raw / 2 ** 20 / (median / 1000)).toFixed(0)} MiB/s (best ${(raw / 2 ** 20 / (best / 1000)).toFixed(0)}), ${median.toFixed(0)} ms for all bodies incl. segment + body BLAKE3`,
    );
  }
}

await run('zstd', loadZstdNapi() ? ['fzstd', 'native'] : ['fzstd']);
await run('deflate', ['fzstd']);
