// The native reference: `zstd -d` over the same frames and `b3sum` over the same raw bytes, single-threaded,
// timed in this run. Returns null for a tool that is not installed.
import { spawnSync } from 'node:child_process';

export interface NativeTiming {
  readonly zstdMs: number | null;
  readonly b3sumMs: number | null;
  /** zstd -d | b3sum as one shell pipeline (two processes, so up to two cores). */
  readonly pipeMs: number | null;
}

function timed(cmd: string, args: string[]): number | null {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 20 });
  if (r.error || r.status !== 0) return null;
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export function nativeTiming(framesPath: string, rawPath: string): NativeTiming {
  return {
    zstdMs: timed('sh', ['-c', `zstd -d -q -c '${framesPath}' > /dev/null`]),
    b3sumMs: timed('b3sum', ['--num-threads', '1', rawPath]),
    pipeMs: timed('sh', ['-c', `zstd -d -q -c '${framesPath}' | b3sum --num-threads 1 -`]),
  };
}

/** Each tool's fastest time over several runs (null where a tool never ran); null for no runs. */
export function fastestNative(runs: readonly NativeTiming[]): NativeTiming | null {
  if (runs.length === 0) return null;
  const min = (k: keyof NativeTiming): number | null => {
    const xs = runs.map((r) => r[k]).filter((x): x is number => x !== null);
    return xs.length ? Math.min(...xs) : null;
  };
  return { zstdMs: min('zstdMs'), b3sumMs: min('b3sumMs'), pipeMs: min('pipeMs') };
}
