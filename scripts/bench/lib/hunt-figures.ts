// Issue 41's rows: a hunt with three byte indicators (-F, -E, --secrets) in the one pass huntSession makes of them,
// against the three passes it made before (one hunt per indicator), both beside grep's native reference (zstd -d then
// grep -F -c over the same bytes, which searches one pattern). The goal is only that one pass beats three.
import { HUNT_REGEX } from './probe-hunt.js';
import type { GrepMeasured } from './grep-figures.js';
import type { FigureRow } from './report.js';
import { mib, ms, notMeasured, pass, rate } from './report.js';
import type { ProbeOutcome } from './run-probe.js';

export interface HuntMeasured extends Pick<GrepMeasured, 'nativeInputs' | 'grepNative' | 'needle'> {
  readonly onePass: ProbeOutcome | undefined;
  readonly threePasses: ProbeOutcome | undefined;
}

type F = Record<string, number | string | null>;
const fig = (o: ProbeOutcome | undefined): F | null => (o?.ok ? o.result.figures : null);
const num = (f: F, k: string): number => (typeof f[k] === 'number' ? (f[k] as number) : NaN);
const runs = (f: F): string => (typeof f.runs === 'string' ? ` (fastest of runs ${f.runs} ms, each in a fresh process)` : '');

export function huntPassRows(m: HuntMeasured): FigureRow[] {
  const one = fig(m.onePass);
  const three = fig(m.threePasses);
  const n = m.grepNative;
  const zstdBytes = m.nativeInputs?.zstdRawBytes ?? 0;
  const serial = n && n.zstdMs !== null && n.grepMs !== null ? n.zstdMs + n.grepMs : null;
  const what = `hunt -F '${m.needle}' -E '${HUNT_REGEX}' --secrets over every body, 2 workers started ahead`;
  const goal = 'one pass faster than three';
  if (!one || !three || serial === null) {
    const reason = !one || !three ? [m.onePass, m.threePasses].find((o) => o && !o.ok) : undefined;
    return [notMeasured(what, goal, reason && !reason.ok ? reason.reason : one && three ? 'zstd or grep not installed' : 'probe not run')];
  }
  const reference = `zstd -d then grep -F -c (one pattern, one after the other, fastest of runs): ${rate(zstdBytes, serial)}; zstd -dc | grep -F -c: ${rate(zstdBytes, n!.pipeMs)}`;
  const row = (f: F, label: string): string => {
    const ratio = num(f, 'rawBytes') / num(f, 'ms') / (zstdBytes / serial);
    return `${label}: ${ms(num(f, 'ms'))}, ${rate(num(f, 'rawBytes'), num(f, 'ms'))} = ${ratio.toFixed(2)}× native, CPU ${(num(f, 'cpuMs') / 1000).toFixed(2)} s, ${f.hits} hits${runs(f)}`;
  };
  return [
    {
      figure: `${what}, in one pass (${mib(num(one, 'rawBytes'))} raw)`,
      inspector: `${row(one, 'one pass')}; ${(num(three, 'ms') / num(one, 'ms')).toFixed(2)}× the speed of three passes`,
      reference,
      goal,
      verdict: pass(num(one, 'ms') < num(three, 'ms') && one.hits === three.hits),
    },
    {
      figure: `${what}, in three passes (one hunt per indicator, as before issue 41)`,
      inspector: row(three, 'three passes'),
      reference,
      goal: '—',
      verdict: 'FIGURE',
    },
  ];
}
