// Runs one probe in a fresh Node process and returns what it reported (or the reason it failed).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProbeArgs, ProbeOp, ProbeResult } from './probe-types.js';

const PROBE = fileURLToPath(new URL('./probe.ts', import.meta.url));

export type ProbeOutcome = { readonly ok: true; readonly result: ProbeResult } | { readonly ok: false; readonly reason: string };

export function runProbe(op: ProbeOp, args: ProbeArgs): ProbeOutcome {
  const r = spawnSync(process.execPath, ['--import', 'tsx', PROBE, op, JSON.stringify(args)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const line = r.stdout?.split('\n').find((l) => l.startsWith('PROBE '));
  if (r.status === 0 && line) return { ok: true, result: JSON.parse(line.slice(6)) as ProbeResult };
  const err = (r.stderr ?? '').trim().split('\n').filter((l) => l.trim()).slice(0, 3).join(' | ');
  return { ok: false, reason: `${op} probe failed (exit ${r.status ?? r.signal}): ${err.slice(0, 400) || 'no output'}` };
}
