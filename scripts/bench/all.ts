// npm run bench -- [--dir <ledger>] [--events N] [--body-mib M] ... : every figure of issue 9's "What must hold"
// that the code can measure today, each beside its native reference measured in the same run, judged against
// the goal. Each inspector operation runs in its own process (peak RSS is its own). Figures only: nothing here
// is a test. Without --dir it generates the ledgers in the temp folder and deletes them afterwards.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBenchArgs } from './lib/bench-args.js';
import { browserRows } from './lib/browser-rows.js';
import { scaleRows } from './lib/scale-rows.js';
import { investigationRows } from './lib/investigation-rows.js';
import { useBuiltWorkers } from './lib/built-workers.js';
import { checkRows, exportRows, memoryRows, openRows, pageRows, VERIFY_JUDGED, verifyRows } from './lib/figures.js';
import type { Measured } from './lib/figures.js';
import { generate, rawBytesOf, resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import { fastestOf } from './lib/fastest-probe.js';
import { fastestNative, nativeTiming } from './lib/native.js';
import { fastestGrep, nativeGrepTiming } from './lib/native-grep.js';
import { grepRows, verifyGoalRow } from './lib/grep-figures.js';
import { huntPassRows } from './lib/hunt-figures.js';
import { prepareNativeInputs, timeShell } from './lib/native-inputs.js';
import { markdownTable } from './lib/report.js';
import type { ProbeArgs, ProbeOp } from './lib/probe-types.js';
import type { ProbeOutcome } from './lib/run-probe.js';
import { runProbe } from './lib/run-probe.js';
import { exportOrphansRow } from './export-orphans.js';
import { orphanExportRow } from './lib/orphan-figures.js';

const args = parseBenchArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(args);
  process.exit(2);
}
useBuiltWorkers(); // probe children inherit it
const machine = machineLine();
const work = mkdtempSync(join(tmpdir(), 'capsem-bench-'));
const scratchRoot = join(work, 'scratch');
mkdirSync(scratchRoot);
const probe = (op: ProbeOp, a: ProbeArgs): ProbeOutcome => {
  const t0 = performance.now();
  const r = runProbe(op, { ...a, scratchRoot });
  // Each probe's raw figures as it finishes, so a run stopped part-way still leaves its numbers in the log.
  const done = r.ok
    ? `done in ${((performance.now() - t0) / 1000).toFixed(1)} s, peak RSS ${(r.result.peakRssBytes / 2 ** 20).toFixed(0)} MiB ${JSON.stringify(r.result.figures)}`
    : r.reason;
  console.log(`  ${op}${a.workers ? ` ${a.workers}w` : ''}${a.backend ? ` ${a.backend}` : ''}: ${done}`);
  return r;
};

try {
  const main = args.dir ? resolveSessionDir(args.dir) : generate(join(work, 'main'), args.events, args.bodyMiB, args.seed);
  const pair = args.noPair
    ? null
    : args.pairDir
      ? resolveSessionDir(args.pairDir)
      : generate(join(work, 'pair'), Math.max(1000, Math.round(args.events / 4)), args.bodyMiB / 4, args.seed + 1);

  console.log('\n== native references');
  const nativeDir = join(work, 'native');
  mkdirSync(nativeDir);
  const dbBytes = statSync(join(main, 'session.db')).size;
  const cpMs = timeShell(`cp '${join(main, 'session.db')}' '${join(nativeDir, 'cp.db')}'`);
  rmSync(join(nativeDir, 'cp.db'), { force: true });
  // cp copies inside the kernel (copy_file_range) and never sees the bytes; a copy that must hash them cannot do
  // that, so dd (read into user space, write back) is printed beside it as the floor for such a copy.
  const ddMs = timeShell(`dd if='${join(main, 'session.db')}' of='${join(nativeDir, 'dd.db')}' bs=4M status=none`);
  rmSync(join(nativeDir, 'dd.db'), { force: true });
  const inputs = prepareNativeInputs(main, nativeDir);
  // The native pipeline is timed before and after the verification probes, and each tool's fastest run is the
  // reference (the strictest): measured once, it varied from 480 to 780 MiB/s between runs with the page cache.
  const nativeRuns = inputs.rawPath ? [nativeTiming(inputs.framesPath, inputs.rawPath)] : [];
  // grep's reference (issue 24): zstd -d then grep -F -c, and the pipe, also before and after its probes.
  const needle = 'block_506';
  const grepNativeRuns = inputs.rawPath ? [nativeGrepTiming(inputs.framesPath, inputs.rawPath, needle)] : [];
  const gzipMs = inputs.rawPath ? timeShell(`gzip -6 -c '${inputs.rawPath}' > /dev/null`) : null;

  console.log('\n== inspector (one process per operation)');
  const outDir = join(work, 'out');
  mkdirSync(outDir);
  const open = probe('open', { sessionDir: main });
  const pages = probe('pages', { sessionDir: main, pages: args.pages, seed: args.seed });
  const check = probe('check', { sessionDir: main });
  // The two 2-worker figures run twice each, in turn, and the fastest run of each counts: the native references are
  // the fastest of their two runs too. One run each swung 0.95-1.10x between otherwise identical bench runs.
  const ahead = { sessionDir: main, workers: 2, backend: 'auto', prestart: true } as const;
  const withJob = { sessionDir: main, workers: 2, backend: 'auto' } as const;
  const aheadRuns = [probe('verify', ahead)];
  const withJobRuns = [probe('verify', withJob)];
  aheadRuns.push(probe('verify', ahead));
  withJobRuns.push(probe('verify', withJob));
  const verify = {
    // "Started ahead": the workers start before the open and have loaded their modules when the job begins, as
    // `check --verify-bodies` and the app (when its Integrity view opens) start them; "started with the job": Node's
    // thread start and module loading (~100-150 ms) inside the figure.
    [VERIFY_JUDGED]: fastestOf(aheadRuns),
    '2 workers, zstd chosen at run time, started with the job': fastestOf(withJobRuns),
    '1 worker, zstd chosen at run time, started ahead': probe('verify', { sessionDir: main, workers: 1, backend: 'auto', prestart: true }),
    '1 worker, portable decoder (fzstd), started ahead': probe('verify', {
      sessionDir: main,
      workers: 1,
      backend: 'fzstd',
      prestart: true,
    }),
    '2 workers, portable decoder (fzstd), started ahead': probe('verify', {
      sessionDir: main,
      workers: 2,
      backend: 'fzstd',
      prestart: true,
    }),
  };
  const grepRuns = [probe('grep', { ...ahead, needle }), probe('grep', { ...ahead, needle })];
  // Issue 41: a hunt's three byte indicators in one pass, against one hunt per indicator (the old three passes).
  const hunts = {
    onePass: probe('hunt', { ...ahead, needle, passes: 'one' }),
    threePasses: probe('hunt', { ...ahead, needle, passes: 'apart' }),
  };
  if (inputs.rawPath) nativeRuns.push(nativeTiming(inputs.framesPath, inputs.rawPath));
  if (inputs.rawPath) grepNativeRuns.push(nativeGrepTiming(inputs.framesPath, inputs.rawPath, needle));
  rmSync(inputs.framesPath, { force: true });
  if (inputs.rawPath) rmSync(inputs.rawPath, { force: true });
  const native = fastestNative(nativeRuns);
  if (native)
    console.log(
      `  native runs: ${nativeRuns.map((n) => `zstd -d ${n.zstdMs?.toFixed(0)} ms + b3sum ${n.b3sumMs?.toFixed(0)} ms`).join('; ')} (the fastest of each is the reference)`,
    );
  const m: Measured = {
    dbBytes,
    cpMs,
    ddMs,
    native,
    nativeInputs: inputs,
    gzipMs,
    open,
    pages,
    check,
    verify,
    export: probe('export', { sessionDir: main, outDir }),
  };
  // Hostile input (issue 23): 100,000 and 1,000,000 index rows naming no source row, each exported in this process.
  console.log('  export of rows naming no source row: 100,000 then 1,000,000 rows');
  const orphans = orphanExportRow(
    await exportOrphansRow(100_000, join(work, 'orphans')),
    await exportOrphansRow(1_000_000, join(work, 'orphans')),
  );
  const idle = probe('idle', { sessionDir: main });
  const small = pair
    ? {
        rawBytes: rawBytesOf(pair),
        verify: probe('verify', { sessionDir: pair, workers: 2, backend: 'auto' }),
        export: probe('export', { sessionDir: pair, outDir }),
      }
    : null;
  const large = { rawBytes: inputs.allRawBytes, verify: m.verify[VERIFY_JUDGED], export: m.export };
  const browser = args.noBrowser ? null : await browserRows(main);
  const grepMeasured = {
    nativeInputs: inputs,
    native,
    grepNative: fastestGrep(grepNativeRuns),
    verify: m.verify[VERIFY_JUDGED],
    grep: fastestOf(grepRuns),
    needle,
  };
  // Issue 26's at-scale rows on the same ledger (the 1,000,000-row table drag is `npm run bench:scale -- --table-dir`).
  const scale = args.noBrowser ? null : await scaleRows(main, null);
  // Issue 40's investigation views on the same ledger.
  const investigation = args.noBrowser ? null : await investigationRows(main);
  const rows = [
    ...openRows(m),
    ...pageRows(m),
    ...verifyRows(m),
    verifyGoalRow(grepMeasured),
    ...grepRows(grepMeasured),
    ...huntPassRows({ ...grepMeasured, ...hunts }),
    ...exportRows(m),
    orphans,
    ...checkRows(m),
    ...(browser ?? []),
    ...(scale ?? []),
    ...(investigation ?? []),
    ...memoryRows({ idle, small, large, pages: m.pages }),
  ];

  console.log(
    `\n## Benchmarks (npm run bench)\n\nLedger: ${main} — ${(dbBytes / 2 ** 20).toFixed(0)} MiB session.db, ${(inputs.allRawBytes / 2 ** 20).toFixed(0)} MiB of raw bodies ` +
      `in ${inputs.deflateBlocks} deflate + zstd blocks (native figures cover the zstd blocks: ${(inputs.zstdRawBytes / 2 ** 20).toFixed(0)} MiB).\n` +
      `Machine: ${machine}.\n\n${markdownTable(rows)}\n`,
  );
  if (args.keep) console.log(`kept: ${work}`);
} finally {
  if (!args.keep) rmSync(work, { recursive: true, force: true });
}
