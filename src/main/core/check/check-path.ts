// One call from a path to a report: classify, open read-only (scratch copy, no archive hash: the report
// reads bodies itself when asked), check, close. Page damage found while opening is a verdict (damaged);
// anything else that stops the open (not a ledger, unsupported, unsafe path) is returned as a failure.
import { basename } from 'node:path';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import { classifyPaths } from '../evidence/classify.js';
import { openSession } from '../evidence/open-evidence.js';
import type { CheckOptions } from './check-evidence.js';
import { checkEvidence } from './check-evidence.js';
import { damagedPagesReport, isPageDamage } from './damaged-pages-report.js';
import type { CheckReport } from './types.js';

export interface CheckPathOptions extends CheckOptions {
  readonly scratchRoot?: string;
}

export async function checkPath(path: string, opts: CheckPathOptions = {}): Promise<Result<CheckReport>> {
  const classified = await classifyPaths([path]);
  if (!classified.ok) return classified;
  const input = classified.value;
  if (input.kind !== 'session') {
    return { ok: false, error: fail('BAD_REQUEST', `${path} is a ${input.kind === 'host' ? 'host ledger' : 'Capsem home'}, not a session ledger; check needs a session folder or session.db`) };
  }
  // quick_check is the report's own first step, so page damage becomes a verdict rather than a refusal.
  const opened = await openSession(input, { scratchRoot: opts.scratchRoot, quickCheck: false, hashArchive: false });
  if (!opened.ok) {
    if (isPageDamage(opened.error)) return { ok: true, value: damagedPagesReport({ id: basename(input.dir), dir: input.dir }, input.dbPath, opened.error) };
    return opened;
  }
  const evidence = opened.value;
  try {
    return { ok: true, value: await checkEvidence(evidence, opts) };
  } finally {
    evidence.close();
  }
}
