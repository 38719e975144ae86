// Issue 24's rows: verification judged against ≥ 1.3× the single-thread native pipeline (zstd -d then b3sum), and the
// body search (grep -F, every body verified as it goes) against ≥ 1.0× zstd -d then grep -F -c, the two-process pipe
// printed beside it. Each ratio compares the same bytes: our raw bytes per second over theirs, both measured here.
import type { NativeInputs } from './native-inputs.js';
import type { NativeTiming } from './native.js';
import type { NativeGrepTiming } from './native-grep.js';
import type { FigureRow } from './report.js';
import { mib, ms, notMeasured, pass, rate } from './report.js';
import type { ProbeOutcome } from './run-probe.js';

export interface GrepMeasured {
  readonly nativeInputs: NativeInputs | null;
  readonly native: NativeTiming | null;
  readonly grepNative: NativeGrepTiming | null;
  /** 2 workers started ahead, the fastest of its runs. */
  readonly verify: ProbeOutcome | undefined;
  readonly grep: ProbeOutcome | undefined;
  readonly needle: string;
  /** CPU seconds of the native tools over the same bytes (zstd -d, b3sum, grep -F -c), when measured. */
  readonly cpu?: { readonly zstd: number | null; readonly b3sum: number | null; readonly grep: number | null };
}

/**
 * The CPU-time comparison: the job's CPU over all threads against the native pipeline's, and what that ratio means on
 * two idle cores (the job's CPU split over two workers, against the single-threaded pipeline's).
 */
function cpuNote(f: F, native: number | null, zstdBytes: number): string {
  const ours = num(f, 'cpuMs');
  if (!native || !Number.isFinite(ours)) return '';
  const perByte = ours / 1000 / num(f, 'rawBytes') / (native / zstdBytes);
  return `; CPU ${(ours / 1000).toFixed(2)} s against the native pipeline's ${native.toFixed(2)} s over the same bytes (${perByte.toFixed(2)}× its CPU per byte: on two idle cores about ${(2 / perByte).toFixed(2)}× native)`;
}

type F = Record<string, number | string | null>;
const fig = (o: ProbeOutcome | undefined): F | null => (o?.ok ? o.result.figures : null);
const num = (f: F, k: string): number => (typeof f[k] === 'number' ? (f[k] as number) : NaN);
const runs = (f: F): string => (typeof f.runs === 'string' ? ` (fastest of runs ${f.runs} ms, each in a fresh process)` : '');

export const VERIFY_GOAL_24 = 1.3;
export const GREP_GOAL_24 = 1.0;

export function verifyGoalRow(m: GrepMeasured): FigureRow {
  const f = fig(m.verify);
  const n = m.native;
  const zstdBytes = m.nativeInputs?.zstdRawBytes ?? 0;
  const serial = n && n.zstdMs !== null && n.b3sumMs !== null ? n.zstdMs + n.b3sumMs : null;
  const label = 'Verify all bodies, 2 workers, started ahead (issue 24 goal)';
  if (!f || serial === null)
    return notMeasured(
      label,
      `≥ ${VERIFY_GOAL_24}× native single-thread`,
      f ? 'zstd or b3sum not installed' : m.verify && !m.verify.ok ? m.verify.reason : 'probe not run',
    );
  const ratio = num(f, 'rawBytes') / num(f, 'ms') / (zstdBytes / serial);
  return {
    figure: `${label} (${mib(num(f, 'rawBytes'))} raw, ${f.verified} bodies, ${f.failed} failed)`,
    inspector:
      `${ms(num(f, 'ms'))}, ${rate(num(f, 'rawBytes'), num(f, 'ms'))} = ${ratio.toFixed(2)}× native${runs(f)}` +
      cpuNote(f, m.cpu && m.cpu.zstd !== null && m.cpu.b3sum !== null ? m.cpu.zstd + m.cpu.b3sum : null, zstdBytes),
    reference: `zstd -d then b3sum (1 thread each, one after the other, fastest of runs before and after): ${rate(zstdBytes, serial)} (zstd -d ${rate(zstdBytes, n!.zstdMs)}, b3sum ${rate(zstdBytes, n!.b3sumMs)}; zstd -dc | b3sum ${rate(zstdBytes, n!.pipeMs)})`,
    goal: `≥ ${VERIFY_GOAL_24}× native (2 workers, 2 cores)`,
    verdict: pass(ratio >= VERIFY_GOAL_24),
  };
}

export function grepRows(m: GrepMeasured): FigureRow[] {
  const f = fig(m.grep);
  const n = m.grepNative;
  const zstdBytes = m.nativeInputs?.zstdRawBytes ?? 0;
  const serial = n && n.zstdMs !== null && n.grepMs !== null ? n.zstdMs + n.grepMs : null;
  const label = `grep -F '${m.needle}' over every body, each verified as it goes, 2 workers started ahead`;
  if (!f || serial === null)
    return [
      notMeasured(
        label,
        `≥ ${GREP_GOAL_24}× native single-thread`,
        f ? 'zstd or grep not installed' : m.grep && !m.grep.ok ? m.grep.reason : 'probe not run',
      ),
    ];
  const ratio = num(f, 'rawBytes') / num(f, 'ms') / (zstdBytes / serial);
  const pipeRatio = n!.pipeMs ? num(f, 'rawBytes') / num(f, 'ms') / (zstdBytes / n!.pipeMs) : null;
  return [
    {
      figure: `${label} (${mib(num(f, 'rawBytes'))} raw, ${f.verified} bodies verified, ${f.failed} failed, ${f.matches} matches)`,
      inspector:
        `${ms(num(f, 'ms'))}, ${rate(num(f, 'rawBytes'), num(f, 'ms'))} = ${ratio.toFixed(2)}× native${pipeRatio === null ? '' : `, ${pipeRatio.toFixed(2)}× the pipe`}${runs(f)}` +
        cpuNote(f, m.cpu && m.cpu.zstd !== null && m.cpu.grep !== null ? m.cpu.zstd + m.cpu.grep : null, zstdBytes),
      reference: `zstd -d then grep -F -c (one after the other, fastest of runs before and after): ${rate(zstdBytes, serial)} (zstd -d ${rate(zstdBytes, n!.zstdMs)}, grep -F -c ${rate(zstdBytes, n!.grepMs)}, ${n!.lines ?? '?'} lines); zstd -dc | grep -F -c (two processes): ${rate(zstdBytes, n!.pipeMs)}`,
      goal: `≥ ${GREP_GOAL_24}× native (2 workers, 2 cores)`,
      verdict: pass(ratio >= GREP_GOAL_24),
    },
  ];
}
