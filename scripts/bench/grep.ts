// npm run bench:grep -- [--dir <ledger>] [--needle S]: body verification and body search (grep -F, every body verified
// as it goes) with 2 workers started ahead, each beside its native reference measured in the same run:
//   verification vs `zstd -d` then `b3sum` (one after the other, single-threaded); goal ≥ 1.3× (issue 24);
//   grep vs `zstd -d` then `grep -F -c` (one after the other); goal ≥ 1.0×; `zstd -dc | grep -F -c` printed beside;
//   hunt -F -E --secrets in one pass against three passes (one hunt per indicator, as before issue 41), both beside
//   the same native grep reference.
// Natives run before and after the inspector and the fastest of each counts; each inspector figure is the fastest of
// two runs, each in a fresh process. Figures only: nothing asserts a time. Without --dir a 256 MiB ledger is made.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBuiltWorkers } from './lib/built-workers.js';
import { fastestOf } from './lib/fastest-probe.js';
import { generate, resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import { fastestNative, nativeTiming } from './lib/native.js';
import { cpuSeconds, fastestGrep, nativeGrepTiming } from './lib/native-grep.js';
import { prepareNativeInputs } from './lib/native-inputs.js';
import { grepRows, verifyGoalRow } from './lib/grep-figures.js';
import { huntPassRows } from './lib/hunt-figures.js';
import { markdownTable } from './lib/report.js';
import type { ProbeArgs, ProbeOp } from './lib/probe-types.js';
import { runProbe } from './lib/run-probe.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const needle = opt('--needle') ?? 'block_506';
useBuiltWorkers();
const work = mkdtempSync(join(tmpdir(), 'capsem-bench-grep-'));
const scratchRoot = join(work, 'scratch');
mkdirSync(scratchRoot);
const probe = (op: ProbeOp, a: ProbeArgs) => {
  const r = runProbe(op, { ...a, scratchRoot });
  console.log(`  ${op} ${a.workers ?? 1}w: ${r.ok ? JSON.stringify(r.result.figures) : r.reason}`);
  return r;
};

try {
  const dir = opt('--dir');
  const main = dir ? resolveSessionDir(dir) : generate(join(work, 'main'), 250_000, 256, 1);
  const nativeDir = join(work, 'native');
  mkdirSync(nativeDir);
  const inputs = prepareNativeInputs(main, nativeDir);
  if (!inputs.rawPath) throw new Error('zstd is not installed: no native reference');
  console.log(
    `ledger ${main}: ${(inputs.allRawBytes / 2 ** 20).toFixed(0)} MiB raw, native figures over the ${(inputs.zstdRawBytes / 2 ** 20).toFixed(0)} MiB in zstd blocks; needle '${needle}'`,
  );
  console.log(`machine: ${machineLine()}`);
  const verifyNative = [nativeTiming(inputs.framesPath, inputs.rawPath)];
  const grepNative = [nativeGrepTiming(inputs.framesPath, inputs.rawPath, needle)];
  const ahead = { sessionDir: main, workers: 2, backend: 'auto', prestart: true } as const;
  const verifyRuns = [probe('verify', ahead)];
  const grepRuns = [probe('grep', { ...ahead, needle })];
  const onePassRuns = [probe('hunt', { ...ahead, needle, passes: 'one' })];
  const threePassRuns = [probe('hunt', { ...ahead, needle, passes: 'apart' })];
  verifyRuns.push(probe('verify', ahead));
  grepRuns.push(probe('grep', { ...ahead, needle }));
  onePassRuns.push(probe('hunt', { ...ahead, needle, passes: 'one' }));
  threePassRuns.push(probe('hunt', { ...ahead, needle, passes: 'apart' }));
  verifyNative.push(nativeTiming(inputs.framesPath, inputs.rawPath));
  grepNative.push(nativeGrepTiming(inputs.framesPath, inputs.rawPath, needle));
  const q = (p: string): string => `'${p}'`;
  const cpu = {
    zstd: cpuSeconds(`zstd -d -q -c ${q(inputs.framesPath)}`),
    b3sum: cpuSeconds(`b3sum --num-threads 1 ${q(inputs.rawPath)}`),
    grep: cpuSeconds(`LC_ALL=C grep -F -c -- ${q(needle)} ${q(inputs.rawPath)}`),
  };
  const m = {
    cpu,
    nativeInputs: inputs,
    native: fastestNative(verifyNative),
    grepNative: fastestGrep(grepNative),
    verify: fastestOf(verifyRuns),
    grep: fastestOf(grepRuns),
    needle,
  };
  console.log(
    `  native runs: ${verifyNative.map((n) => `zstd -d ${n.zstdMs?.toFixed(0)} + b3sum ${n.b3sumMs?.toFixed(0)} ms`).join('; ')}; ` +
      `${grepNative.map((n) => `zstd -d ${n.zstdMs?.toFixed(0)} + grep -F -c ${n.grepMs?.toFixed(0)} ms (pipe ${n.pipeMs?.toFixed(0)} ms)`).join('; ')}`,
  );
  const hunts = { ...m, onePass: fastestOf(onePassRuns), threePasses: fastestOf(threePassRuns) };
  console.log(`\n${markdownTable([verifyGoalRow(m), ...grepRows(m), ...huntPassRows(hunts)])}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
