// npm run bench:transcript-memory [-- --events 250000,1000000] [--body-mib M] [--dirs A,B] [--format md|html|json] [--keep]
// Issue 35: the whole session's transcript written with `capsem-inspect transcript <path> -o FILE` must keep its
// memory bounded, so its peak RSS should stay roughly flat from the small ledger to the large one. Beside each
// figure, the native reference taken in the same run on the same file: a bare better-sqlite3 process iterating
// every story row and writing it as a JSON line. Runs the built CLI (npm run build:node first). Figures only.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBuildIsCurrent } from '../../bin/build-freshness.js';
import type { TranscriptFormat } from '../../src/shared/contract/transcript.js';
import { generate, resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import { mib, ms } from './lib/report.js';
import type { ProbeFigure } from './lib/transcript-memory-probe.js';
import { cliTranscript, nativeRows } from './lib/transcript-memory-probe.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const events = (opt('--events') ?? '250000,1000000').split(',').map(Number);
const bodyMiB = Number(opt('--body-mib') ?? 64);
const dirs = opt('--dirs')?.split(',') ?? null;
const format = (opt('--format') ?? 'md') as TranscriptFormat;
const keep = argv.includes('--keep');

interface SizeFigures {
  readonly label: string;
  readonly cli: ProbeFigure;
  readonly outBytes: number;
  readonly native: ProbeFigure;
}

function measure(label: string, sessionDir: string, scratch: string, n: number): SizeFigures {
  const out = join(scratch, `transcript-${n}.${format}`);
  const nativeOut = join(scratch, `native-${n}.jsonl`);
  const native = nativeRows(join(sessionDir, 'session.db'), nativeOut);
  rmSync(nativeOut, { force: true });
  const cli = cliTranscript(ROOT, sessionDir, format, out);
  const outBytes = statSync(out).size;
  rmSync(out, { force: true });
  return { label, cli, outBytes, native };
}

function line(f: SizeFigures): string {
  return (
    `${f.label}: transcript (${format}) ${f.cli.count.toLocaleString('en-US')} lines, ${mib(f.outBytes)} written: peak RSS ${mib(f.cli.peakBytes)}, ${ms(f.cli.ms)}; ` +
    `native reference (${f.native.count.toLocaleString('en-US')} story rows as JSON lines, better-sqlite3 .iterate()): peak RSS ${mib(f.native.peakBytes)}, ${ms(f.native.ms)}`
  );
}

async function main(): Promise<void> {
  if (!nodeBuildIsCurrent(ROOT)) {
    console.error('build/node is missing or older than src: run `npm run -s build:node` first');
    process.exit(2);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'bench-transcript-memory-'));
  try {
    const ledgers = dirs
      ? dirs.map((d) => ({ label: d, sessionDir: resolveSessionDir(d) }))
      : events.map((n) => ({
          label: `${n.toLocaleString('en-US')} events`,
          sessionDir: generate(join(scratch, `ledger-${n}`), n, bodyMiB, 1),
        }));
    for (const l of ledgers) if (!existsSync(join(l.sessionDir, 'session.db'))) throw new Error(`${l.sessionDir} holds no session.db`);
    console.log(`\n## Transcript export memory (scripts/bench/transcript-memory.ts)\n\nMachine: ${machineLine()}.\n`);
    const figures = ledgers.map((l, n) => measure(l.label, l.sessionDir, scratch, n));
    for (const f of figures) console.log(`- ${line(f)}`);
    if (figures.length >= 2) {
      const [a, b] = [figures[0]!, figures[figures.length - 1]!];
      console.log(
        `- growth from ${a.label} to ${b.label}: lines ×${(b.cli.count / a.cli.count).toFixed(2)}, transcript peak RSS ×${(b.cli.peakBytes / a.cli.peakBytes).toFixed(2)}, ` +
          `native reference peak RSS ×${(b.native.peakBytes / a.native.peakBytes).toFixed(2)}`,
      );
    }
  } finally {
    if (keep) console.log(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
