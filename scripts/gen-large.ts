// npm run gen:large -- <dir> [--events N] [--body-mib M] [--seed S]
// Writes a realistic A2 ledger at <dir>/<session-id>/ (session.db + single-file session.bodies v2), streaming,
// with bounded memory; prints progress and a summary. See scripts/gen-large/generate.ts.
import { generateLargeLedger } from './gen-large/generate.js';
import { parseGenLargeArgs } from './gen-large/options.js';
import { formatSummary } from './gen-large/summary.js';

const args = parseGenLargeArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(args);
  process.exit(2);
}
const MiB = 1024 * 1024;
let lastPrint = 0;
const summary = await generateLargeLedger({
  dir: args.dir,
  events: args.events,
  bodyBytes: Math.round(args.bodyMiB * MiB),
  seed: args.seed,
  onProgress: (p) => {
    if (p.elapsedMs - lastPrint < 2000) return;
    lastPrint = p.elapsedMs;
    console.log(
      `  ${(p.elapsedMs / 1000).toFixed(0).padStart(4)} s  ${p.events.toLocaleString('en-US').padStart(10)} events  ` +
        `${(p.rawBytes / MiB).toFixed(0).padStart(6)} MiB raw  rss ${(p.rssBytes / MiB).toFixed(0)} MiB, heap ${(process.memoryUsage().heapUsed / MiB).toFixed(0)} MiB`,
    );
  },
});
console.log(formatSummary(summary));
