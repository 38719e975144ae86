// Child-process entry: `node --import tsx scripts/bench/lib/probe.ts <op> '<json ProbeArgs>'`. Runs one operation
// and prints `PROBE {json}` with its figures and the process's peak RSS (worker threads included).
import { probeCheck, probeExport, probeOpen, probeVerify, useScratchRoot } from './probe-ops.js';
import { probePages } from './probe-pages.js';
import { probeGrep } from './probe-grep.js';
import { probeHunt } from './probe-hunt.js';
import type { ProbeArgs, ProbeOp, ProbeResult } from './probe-types.js';

async function run(op: ProbeOp, args: ProbeArgs): Promise<ProbeResult['figures']> {
  switch (op) {
    case 'idle':
      return {};
    case 'open':
      return probeOpen(args);
    case 'pages':
      return probePages(args);
    case 'verify':
      return probeVerify(args);
    case 'export':
      return probeExport(args);
    case 'check':
      return probeCheck(args);
    case 'grep':
      return probeGrep(args);
    case 'hunt':
      return probeHunt(args);
  }
}

const op = process.argv[2] as ProbeOp;
const args = JSON.parse(process.argv[3] ?? '{}') as ProbeArgs;
useScratchRoot(args.scratchRoot);
const figures = await run(op, args);
const result: ProbeResult = { op, peakRssBytes: process.resourceUsage().maxRSS * 1024, figures };
console.log(`PROBE ${JSON.stringify(result)}`);
