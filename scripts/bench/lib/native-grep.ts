// grep's native reference, built as verification's is: `zstd -d` over the same frames, then `grep -F -c` over the
// decompressed bytes, one after the other (each single-threaded), and beside it the two-process pipe
// `zstd -dc | grep -F -c`. Timed in the same run as the inspector; null for a tool that is not installed.
import { spawnSync } from 'node:child_process';

export interface NativeGrepTiming {
  readonly zstdMs: number | null;
  readonly grepMs: number | null;
  readonly pipeMs: number | null;
  /** Lines grep counted (grep -c counts lines, the inspector counts matches: a check that both searched). */
  readonly lines: number | null;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function timed(command: string): { ms: number; out: string } | null {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // grep -c exits 1 when it counted no line: still a measurement.
  if (r.error || (r.status !== 0 && r.status !== 1)) return null;
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, out: r.stdout.trim() };
}

export function nativeGrepTiming(framesPath: string, rawPath: string, needle: string): NativeGrepTiming {
  const zstd = timed(`zstd -d -q -c ${quote(framesPath)} > /dev/null`);
  // LC_ALL=C: bytes, not a locale's characters, as the inspector matches (and grep's fastest path).
  const grep = timed(`LC_ALL=C grep -F -c -- ${quote(needle)} ${quote(rawPath)}`);
  const pipe = timed(`zstd -d -q -c ${quote(framesPath)} | LC_ALL=C grep -F -c -- ${quote(needle)}`);
  return { zstdMs: zstd?.ms ?? null, grepMs: grep?.ms ?? null, pipeMs: pipe?.ms ?? null, lines: grep ? Number(grep.out) : null };
}

/** Each tool's fastest time over several runs. */
export function fastestGrep(runs: readonly NativeGrepTiming[]): NativeGrepTiming | null {
  if (runs.length === 0) return null;
  const min = (k: 'zstdMs' | 'grepMs' | 'pipeMs'): number | null => {
    const xs = runs.map((r) => r[k]).filter((x): x is number => x !== null);
    return xs.length ? Math.min(...xs) : null;
  };
  return { zstdMs: min('zstdMs'), grepMs: min('grepMs'), pipeMs: min('pipeMs'), lines: runs[0]!.lines };
}

/**
 * CPU seconds (user + system) a shell command used, from bash's own `time`: unlike wall time it hardly moves with
 * what else the machine runs, so with a loaded machine it is the figure that still compares.
 */
export function cpuSeconds(command: string): number | null {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time (${command}) > /dev/null`], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const m = /([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  return r.error || !m ? null : Number(m[1]) + Number(m[2]);
}
