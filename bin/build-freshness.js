// Whether build/node is current with the sources it is compiled from (src/ without the renderer, which the node
// build does not compile). tsc rewrites every output on each build, so one output file's time is the build's time.
// Shared by bin/capsem-inspect.js (run the build or the sources) and the benchmarks (run workers from the build).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** True when some file under `dir` is newer than `than` (ms); stops at the first one. */
function anyNewer(dir, than) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'renderer' && anyNewer(p, than)) return true;
    } else if (statSync(p).mtimeMs > than) {
      return true;
    }
  }
  return false;
}

/** The file whose time stands for the node build's time. */
export function builtMarker(root) {
  return join(root, 'build/node/src/cli/main.js');
}

/** True when the node build exists and no source file is newer than it. */
export function nodeBuildIsCurrent(root) {
  const marker = builtMarker(root);
  return existsSync(marker) && !anyNewer(join(root, 'src'), statSync(marker).mtimeMs);
}
