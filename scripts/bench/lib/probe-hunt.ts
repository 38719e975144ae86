// The hunt probe (issue 41): three byte indicators (-F, -E, --secrets) over every body of one session, either in the
// one pass huntSession makes of them, or as three hunts of one indicator each (what a hunt cost before: every body
// read, decoded and verified once per indicator). Workers are started ahead once, as `capsem-inspect hunt` starts
// them per session, so the three-pass figure pays the later jobs' worker starts as the old hunt did.
import { openEvidence } from '../../../src/main/core/evidence/open-evidence.js';
import { huntSession } from '../../../src/main/core/hunt/hunt-session.js';
import type { Indicator } from '../../../src/main/core/hunt/indicators.js';
import { prestartedWorkersReady, prestartVerifyWorkers } from '../../../src/main/core/jobs/prestarted-verify-workers.js';
import type { ProbeArgs } from './probe-types.js';

/** The regular expression hunted beside the fixed needle: as selective, but run by the regex engine. */
export const HUNT_REGEX = 'block_5[0-9]{2}x';

export async function probeHunt(a: ProbeArgs): Promise<Record<string, number | string | null>> {
  const workers = a.workers ?? 1;
  prestartVerifyWorkers(workers);
  const opened = await openEvidence([a.sessionDir], { hashArchive: false, ...(a.scratchRoot ? { scratchRoot: a.scratchRoot } : {}) });
  if (!opened.ok) throw new Error(`open: ${opened.error.code}: ${opened.error.message}`);
  const ev = opened.value;
  const indicators: Indicator[] = [
    { kind: 'fixed', text: a.needle ?? 'block_506', ignoreCase: false },
    { kind: 'regex', source: HUNT_REGEX, ignoreCase: false },
    { kind: 'secrets' },
  ];
  try {
    const rawBytes = ev.db.prepare('SELECT TOTAL(raw_len) FROM body_blocks').pluck().get() as number;
    await prestartedWorkersReady();
    let hits = 0;
    let damaged = 0;
    const sink = { hit: () => (hits++, true), damaged: () => void damaged++ };
    const passes = a.passes === 'apart' ? indicators.map((i) => [i]) : [indicators];
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const pass of passes) {
      const r = await huntSession(ev, pass, sink, { workers });
      if (r.error) throw new Error(`hunt: ${r.error.code}: ${r.error.message}`);
    }
    const ms = performance.now() - t0;
    // Every thread of this process (the workers included): the hunt's CPU, whatever else the machine runs.
    const cpu = process.cpuUsage(c0);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, rawBytes, passes: passes.length, hits, damaged };
  } finally {
    ev.close();
  }
}
