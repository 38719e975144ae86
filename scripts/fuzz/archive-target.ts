/**
 * Archive fuzz target: mutates the seed archives of every generation (bytes, header lengths, truncation) and reads
 * every body with both zstd decoders. Keeps inputs that throw, take over 1 s, return wrong bytes or an INTERNAL or
 * unknown code. Runs in-process: a true infinite loop would stall the run (the per-input time shows the last input).
 */
import { rmSync } from 'node:fs';
import { loadZstdNapi } from '../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../src/main/core/archive/types.js';
import { allSeeds } from '../../test/hostile/lib/archive-corpus.js';
import { runArchiveInput } from '../../test/hostile/lib/archive-oracle.js';
import { MAX_INPUT_MS } from '../../test/hostile/lib/budgets.js';
import { keepCase } from '../../test/hostile/lib/fuzz-case.js';
import { applyMutations, randomMutations, Rng } from '../../test/hostile/lib/mutations.js';
import { tempDir } from '../../test/hostile/lib/temp.js';
import { Tally } from './tally.js';

export async function fuzzArchive(deadline: number, seed: number, out: string): Promise<Tally> {
  const tally = new Tally('archive');
  const seeds = await allSeeds();
  const backends: ZstdBackendChoice[] = loadZstdNapi() ? ['native', 'fzstd'] : ['fzstd'];
  const rng = new Rng(seed);
  const dir = tempDir('fuzz-archive-');
  try {
    while (Date.now() < deadline) {
      const s = rng.pick(seeds);
      const backend = rng.next() < 0.8 ? backends[0]! : rng.pick(backends);
      const mutations = randomMutations(rng, s.bytes.length, s.lengthFields);
      const bytes = applyMutations(s.bytes, mutations);
      const meta = { version: s.version, fileName: s.fileName, state: s.state, rows: s.rows, blocks: s.blocks };
      const r = await runArchiveInput(dir, meta, bytes, backend);
      tally.inputs++;
      if (r.open !== 'ok') tally.count(`open:${r.open}`);
      else for (const b of r.bodies) tally.count(b);
      tally.time(r.ms, () => `${s.name} ${backend} ${JSON.stringify(mutations)}`);
      const slow = r.ms > MAX_INPUT_MS;
      if (r.problems.length > 0 || slow) {
        const reason = slow ? `took ${r.ms.toFixed(0)} ms (${backend})` : `${backend}: ${r.problems.join(' | ').slice(0, 400)}`;
        tally.crashers.push(
          `${keepCase(out, { target: 'archive', seed: s.name, reason, mutations, archive: meta }, new Map([['archive', bytes]]))}  ${reason}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return tally;
}
