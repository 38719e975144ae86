// node --import tsx scripts/bench/scale.ts --dir <1,000,000-event ledger> [--table-dir <ledger with a 1,000,000-row table>] [--only grids|investigation]
// The at-scale rows of issue 26, measured in the page (scale-page.ts) against serve mode in headless Chromium: open an
// ordinary trace, open the 5,000-model-call trace and go to its last turn, drag a 1,000,000-row table to its middle,
// open File activity, filter the tool lifecycles to one trace. Each step is an in-app navigation or action (the page
// already loaded, as a reader moves between views), timed from its start in the page to the first frame showing it,
// with the long tasks meanwhile; beside it, an empty page's first frame in the same browser (the frame floor).
// Every view is opened once the open's follow-up and the trace keys are in (the views' steady state).
import { resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import { markdownTable } from './lib/report.js';
import { scaleRows } from './lib/scale-rows.js';
import { gridRows } from './lib/grid-rows-all.js';
import { investigationRows } from './lib/investigation-rows.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | null => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? null) : null;
};
const dir = arg('--dir');
if (!dir) {
  console.error('usage: node --import tsx scripts/bench/scale.ts --dir <ledger> [--table-dir <ledger with a 1,000,000-row table>]');
  process.exit(2);
}
const tableDir = arg('--table-dir');
// `--only grids`: only the grid rows (SQL paging on --dir, the unindexed sort on --table-dir); `--only investigation`:
// only issue 40's views (Egress, Decisions, File history) on --dir.
const only = arg('--only');
const rows = [
  ...(only === null ? await scaleRows(resolveSessionDir(dir), tableDir ? resolveSessionDir(tableDir) : null) : []),
  ...(only === null || only === 'grids' ? await gridRows(resolveSessionDir(dir), tableDir ? resolveSessionDir(tableDir) : null) : []),
  ...(only === null || only === 'investigation' ? await investigationRows(resolveSessionDir(dir)) : []),
];
console.log(
  `\n## At-scale browser figures (scripts/bench/scale.ts)\n\nLedger: ${dir}${tableDir ? `; table ledger: ${tableDir}` : ''}.\nMachine: ${machineLine()}.\n\n${markdownTable(rows)}\n`,
);
