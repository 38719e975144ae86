/**
 * sqlite / host fuzz targets: mutated databases and -wal files, opened by the product in child processes with a
 * 5 s deadline per case (SQL-6). Keeps cases that hang, crash the process, throw, or yield INTERNAL / unknown codes.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDbBases, materialize } from '../../test/hostile/lib/db-bases.js';
import { drawDbCase, type DbCase } from '../../test/hostile/lib/db-cases.js';
import type { ChildCase } from '../../test/hostile/lib/db-case-child.js';
import { runDbCases } from '../../test/hostile/lib/db-case-runner.js';
import { keepCase } from '../../test/hostile/lib/fuzz-case.js';
import { Rng } from '../../test/hostile/lib/mutations.js';
import { tempDir } from '../../test/hostile/lib/temp.js';
import { Tally } from './tally.js';

const BATCH = 40;

export async function fuzzDatabases(target: 'sqlite' | 'host', deadline: number, seed: number, out: string): Promise<Tally> {
  const tally = new Tally(target);
  const bases = (await buildDbBases()).filter((b) => b.target === target);
  const rng = new Rng(seed);
  let round = 0;
  while (Date.now() < deadline) {
    const work = tempDir(`fuzz-${target}-`);
    try {
      const cases: DbCase[] = Array.from({ length: BATCH }, () => drawDbCase(rng.pick(bases), rng));
      const child: ChildCase[] = cases.map((c, index) => {
        const dir = join(work, `c${index}`);
        mkdirSync(dir);
        const where = materialize(dir, target, c.files);
        return { index, target, open: where.open, runDir: where.runDir };
      });
      const results = await runDbCases(child, work, work);
      cases.forEach((c, i) => {
        const r = results.get(i);
        tally.inputs++;
        const outcome = r?.outcome ?? 'no result';
        tally.count(outcome);
        if (r) tally.time(r.ms, () => `${c.base.name} ${c.file} ${JSON.stringify(c.mutations)}`);
        if (!r || ['HANG', 'CRASH', 'threw'].includes(outcome) || r.problems.length > 0) {
          const reason = `${outcome}: ${(r?.problems ?? []).join(' | ').slice(0, 400)}`;
          tally.crashers.push(`${keepCase(out, { target, seed: c.base.name, reason, mutations: c.mutations }, c.files)}  ${reason}`);
        }
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    round++;
  }
  void round;
  return tally;
}
