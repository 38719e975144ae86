// node --import tsx scripts/bench/graph-scale.ts --dir <1,000,000-event ledger> [--shots <folder>]
// The identity graph's rows of issue 26 (lib/graph-rows.ts): an ordinary trace and the 5,000-model-call trace opened,
// its last turn reached from the overview strip, every turn folded, the last find match reached; each beside the same
// run's navigation to the trace list.
import { resolveSessionDir } from './lib/ledgers.js';
import { graphRows } from './lib/graph-rows.js';
import { machineLine } from './lib/machine.js';
import { markdownTable } from './lib/report.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | null => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? null) : null;
};
const dir = arg('--dir');
if (!dir) {
  console.error('usage: node --import tsx scripts/bench/graph-scale.ts --dir <ledger> [--shots <folder>]');
  process.exit(2);
}
const rows = await graphRows(resolveSessionDir(dir), arg('--shots'));
console.log(
  `\n## Identity graph at scale (scripts/bench/graph-scale.ts)\n\nLedger: ${dir}.\nMachine: ${machineLine()}.\n\n${markdownTable(rows)}\n`,
);
