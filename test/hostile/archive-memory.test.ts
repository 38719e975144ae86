// Memory bounded across many opens (ARC-2/ARC-5, issue 10 "memory bounded"): opening and reading the same small
// archive 600 times (fzstd: 120) must not grow RSS (after garbage collection) by more than 24 MiB, for each codec and
// zstd decoder. A reader that leaks per open fails here with the growth per open named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { loadZstdNapi } from '../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../src/main/core/archive/types.js';
import { allSeeds, type ArchiveSeed } from './lib/archive-corpus.js';
import { runArchiveInput } from './lib/archive-oracle.js';
import { collectGarbage } from './lib/budgets.js';
import { tempDir } from './lib/temp.js';

const OPENS = 600;
const LIMIT = 24 * 1024 * 1024;
let seeds: ArchiveSeed[] = [];
const dir = tempDir('hostile-mem-');
beforeAll(async () => {
  seeds = await allSeeds();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** [seed, decoder, opens]: fzstd is slow per open (~15 ms), so it gets fewer; a per-open leak still shows. */
const CASES: [string, ZstdBackendChoice, number][] = [
  ['A2-v2-deflate', 'auto', OPENS],
  ['A2-v2-zstd', 'fzstd', 120],
  ...(loadZstdNapi() ? [['A2-v2-zstd', 'native', OPENS] as [string, ZstdBackendChoice, number]] : []),
];

/**
 * What to measure: a native decoder's leak shows only in RSS, so the native case measures RSS. fzstd's memory is JS
 * heap plus ArrayBuffers, which V8 accounts exactly; its 2 MiB window per frame made RSS depend on the allocator's
 * mood (2 of 5 full-suite runs grew 33-45 MiB with no leak), so the JS cases measure heap + ArrayBuffers instead.
 */
function footprint(backend: ZstdBackendChoice, name: string): number {
  if (backend === 'native' || (backend === 'auto' && name.includes('zstd'))) return process.memoryUsage.rss();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * The footprint once garbage is really gone: V8 frees ArrayBuffer backing stores after gc() returns (measured here:
 * `arrayBuffers` read 0.1 to 42 MiB straight after a gc() and 0.1 MiB 100 ms and another gc() later), so a reading
 * taken at once made the growth swing by tens of MiB either way with no leak.
 */
async function settledFootprint(backend: ZstdBackendChoice, name: string): Promise<number> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  collectGarbage();
  return footprint(backend, name);
}

describe('archive reader memory over repeated opens', () => {
  it.each(CASES)(
    '%s with the %s decoder: memory after GC grows < 24 MiB over %i opens',
    async (name, backend, opens) => {
      const seed = seeds.find((s) => s.name === name)!;
      for (let i = 0; i < 50; i++) await runArchiveInput(dir, seed, seed.bytes, backend); // warm-up: code, caches
      const base = await settledFootprint(backend, name);
      for (let i = 1; i <= opens; i++) {
        const out = await runArchiveInput(dir, seed, seed.bytes, backend);
        expect(out.problems).toEqual([]);
        if (i % 250 === 0) collectGarbage();
      }
      const growth = (await settledFootprint(backend, name)) - base;
      expect(
        growth,
        `${name}/${backend}: memory grew ${(growth / 2 ** 20).toFixed(1)} MiB over ${opens} opens (${(growth / opens / 1024).toFixed(1)} KiB per open)`,
      ).toBeLessThan(LIMIT);
    },
    120_000,
  );
});
