// Runs one probe in a fresh Node process and returns what it reported (or the reason it failed).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProbeArgs, ProbeOp, ProbeResult } from './probe-types.js';

const PROBE = fileURLToPath(new URL('./probe.ts', import.meta.url));

export type ProbeOutcome = { readonly ok: true; readonly result: ProbeResult } | { readonly ok: false; readonly reason: string };

/** A probe that runs past this is stopped and reported as such (the integrity report gets far less: its goal is 3 s). */
const TIMEOUT_MS: Record<ProbeOp, number> = {
  idle: 60_000,
  open: 20 * 60_000,
  pages: 20 * 60_000,
  verify: 30 * 60_000,
  export: 20 * 60_000,
  check: 5 * 60_000,
  grep: 30 * 60_000,
  // Three passes over every body, in the figure that times the old way.
  hunt: 60 * 60_000,
};

export function runProbe(op: ProbeOp, args: ProbeArgs): ProbeOutcome {
  const timeout = TIMEOUT_MS[op];
  const r = spawnSync(process.execPath, ['--import', 'tsx', PROBE, op, JSON.stringify(args)], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout,
    killSignal: 'SIGKILL',
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
    return { ok: false, reason: `${op} probe did not finish within ${timeout / 60_000} min (stopped)` };
  const line = r.stdout?.split('\n').find((l) => l.startsWith('PROBE '));
  if (r.status === 0 && line) return { ok: true, result: JSON.parse(line.slice(6)) as ProbeResult };
  const err = (r.stderr ?? '')
    .trim()
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 3)
    .join(' | ');
  return { ok: false, reason: `${op} probe failed (exit ${r.status ?? r.signal}): ${err.slice(0, 400) || 'no output'}` };
}
