// node --import tsx scripts/bench/browser.ts [--dir <ledger>] [--table-dir <1M-row ledger>] [--loads N] [--graph-pages N] [--only transcript] [--keep]
// The browser figures of issue 9 alone (the same rows `npm run bench` prints). Without --dir it generates the
// 1,000,000-event / 1 GiB ledger in the temp folder first; without --table-dir it generates the 1,000,000-row
// table ledger. Generated ledgers are deleted afterwards unless --keep.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserRows } from './lib/browser-rows.js';
import { generate, resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import { markdownTable } from './lib/report.js';

const USAGE =
  'usage: node --import tsx scripts/bench/browser.ts [--dir <ledger>] [--table-dir <1M-row ledger>] [--loads N] [--graph-pages N] [--only transcript] [--keep]';
const argv = process.argv.slice(2);
const opts = {
  dir: null as string | null,
  tableDir: null as string | null,
  loads: 3,
  graphPages: 2,
  keep: false,
  only: undefined as 'transcript' | undefined,
};
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  const num = (): number => {
    const n = Number(argv[++i]);
    if (!Number.isInteger(n) || n < 0) {
      console.error(`${a} needs a whole number\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  if (a === '--dir') opts.dir = argv[++i] ?? null;
  else if (a === '--table-dir') opts.tableDir = argv[++i] ?? null;
  else if (a === '--loads') opts.loads = Math.max(1, num());
  else if (a === '--graph-pages') opts.graphPages = num();
  else if (a === '--keep') opts.keep = true;
  else if (a === '--only' && argv[i + 1] === 'transcript') opts.only = argv[++i] as 'transcript';
  else {
    console.error(`unknown argument ${a}\n${USAGE}`);
    process.exit(2);
  }
}

const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const machine = machineLine();
const work = mkdtempSync(join(tmpdir(), 'capsem-bench-browser-'));
try {
  const main = opts.dir ? resolveSessionDir(opts.dir) : generate(join(work, 'main'), 1_000_000, 1024, 1);
  const rows = await browserRows(main, {
    workDir: join(work, 'browser'),
    keep: opts.keep,
    loads: opts.loads,
    graphMorePages: opts.graphPages,
    only: opts.only,
    ...(opts.tableDir ? { tableDir: resolveSessionDir(opts.tableDir) } : {}),
  });
  console.log(
    `\n## Browser figures (scripts/bench/browser.ts)\n\nLedger: ${main}.\nMachine: ${machine}; load average at the end ${loadavg()}.\n\n${markdownTable(rows)}\n`,
  );
} finally {
  if (opts.keep) console.log(`kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
