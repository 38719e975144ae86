// FUZ-1: every kept input under test/hostile/crashers/<target>/*.bin is replayed on every run and must now give a
// named outcome: archive cases with both zstd decoders in under 1 s each; database cases in a child process with
// the 5 s deadline. The fuzz script (npm run fuzz) writes new cases there; see crashers/README.md.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadZstdNapi } from '../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../src/main/core/archive/types.js';
import { runArchiveInput } from './lib/archive-oracle.js';
import { MAX_INPUT_MS } from './lib/budgets.js';
import { materialize } from './lib/db-bases.js';
import type { ChildCase } from './lib/db-case-child.js';
import { runDbCases } from './lib/db-case-runner.js';
import { listCases, readCase } from './lib/fuzz-case.js';
import { tempDir } from './lib/temp.js';

const ROOT = join(process.cwd(), 'test/hostile/crashers');
const BACKENDS: ZstdBackendChoice[] = loadZstdNapi() ? ['fzstd', 'native'] : ['fzstd'];
const work = tempDir('hostile-replay-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('crasher replay', () => {
  it('archive cases read to named outcomes, each under 1 s', async () => {
    const files = listCases(ROOT, 'archive');
    expect(files.length).toBeGreaterThan(0);
    const bad: string[] = [];
    for (const file of files) {
      const c = readCase(file);
      expect(c.meta.target).toBe('archive');
      for (const backend of BACKENDS) {
        const out = await runArchiveInput(work, c.meta.archive!, c.files.get('archive')!, backend);
        if (out.problems.length > 0 || out.ms > MAX_INPUT_MS)
          bad.push(`${file} (${backend}, ${out.ms.toFixed(0)} ms): ${out.problems.join(' | ')}`);
      }
    }
    expect(bad).toEqual([]);
  });

  for (const target of ['sqlite', 'host'] as const) {
    it(`${target} cases open or are refused by name in a child process`, async () => {
      const files = listCases(ROOT, target);
      expect(files.length).toBeGreaterThan(0);
      const cases: ChildCase[] = files.map((file, index) => {
        const c = readCase(file);
        expect(c.meta.target).toBe(target);
        const dir = join(work, `${target}-${index}`);
        mkdirSync(dir, { recursive: true });
        const where = materialize(dir, target, c.files);
        return { index, target, open: where.open, runDir: where.runDir };
      });
      const results = await runDbCases(cases, work, work);
      const bad = files.flatMap((file, i) => {
        const r = results.get(i);
        return !r || ['HANG', 'CRASH', 'threw'].includes(r.outcome) || r.problems.length > 0
          ? [`${file}: ${r?.outcome} ${r?.problems.join(' | ')}`]
          : [];
      });
      expect(bad).toEqual([]);
    });
  }
});
