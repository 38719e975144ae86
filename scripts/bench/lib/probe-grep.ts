// The body search probe: the grep job (a verification with a fixed-string search attached) over every body, on
// workers started ahead as `capsem-inspect grep` starts them, timed from the job's start to its end.
import { openEvidence } from '../../../src/main/core/evidence/open-evidence.js';
import { prestartedWorkersReady, prestartVerifyWorkers } from '../../../src/main/core/jobs/prestarted-verify-workers.js';
import { startGrep } from '../../../src/main/core/search/grep-job.js';
import { DEFAULT_CONTEXT_BYTES, DEFAULT_MAX_PER_BODY } from '../../../src/main/core/match/grep-types.js';
import type { ProbeArgs } from './probe-types.js';

export async function probeGrep(a: ProbeArgs): Promise<Record<string, number | string | null>> {
  prestartVerifyWorkers(a.workers ?? 1);
  const opened = await openEvidence([a.sessionDir], { hashArchive: false, ...(a.scratchRoot ? { scratchRoot: a.scratchRoot } : {}) });
  if (!opened.ok) throw new Error(`open: ${opened.error.code}: ${opened.error.message}`);
  const ev = opened.value;
  try {
    const rawBytes = ev.db.prepare('SELECT TOTAL(raw_len) FROM body_blocks').pluck().get() as number;
    await prestartedWorkersReady();
    let matches = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await startGrep(
      ev,
      {
        patterns: [{ kind: 'fixed', text: a.needle ?? 'block_506', ignoreCase: false }],
        table: null,
        direction: null,
        maxPerBody: DEFAULT_MAX_PER_BODY,
        contextBytes: DEFAULT_CONTEXT_BYTES,
      },
      { workers: a.workers ?? 1, onMatches: (m) => void (matches += m.length) },
    ).result;
    const ms = performance.now() - t0;
    // Every thread of this process (the workers included): the job's CPU, whatever else the machine runs.
    const cpu = process.cpuUsage(c0);
    if (!r.ok) throw new Error(`grep: ${r.error.code}: ${r.error.message}`);
    return {
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rawBytes,
      bodyBytes: r.value.bytes,
      verified: r.value.verified,
      failed: r.value.failed,
      matches,
    };
  } finally {
    ev.close();
  }
}
