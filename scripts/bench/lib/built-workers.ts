// Benchmarks measure what ships: worker threads run the built JavaScript (build/node), not the TypeScript sources
// compiled through tsx in each thread (0.4-1.8 s per worker, which the app never pays). Rebuilds first when a
// source file is newer than the build, so the figures are of the code as it is now.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBuildIsCurrent } from '../../../bin/build-freshness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');

export function useBuiltWorkers(): void {
  if (!nodeBuildIsCurrent(ROOT)) {
    const t0 = performance.now();
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.node.json')], {
        stdio: 'inherit',
      });
    } catch {
      // tsc still emits on type errors; what matters here is that the sources' output is current.
      if (!nodeBuildIsCurrent(ROOT))
        throw new Error('build/node could not be brought up to date (tsc failed); the benchmark would measure stale code');
      console.log('(tsc reported type errors, above; build/node was still written and is current)');
    }
    console.log(`(rebuilt build/node so workers run current code: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  process.env.CAPSEM_BUILT_WORKERS = '1';
}
