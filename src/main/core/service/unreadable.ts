/**
 * Evidence SQLite cannot open (pages or schema damaged). It is still evidence: listed beside the rest with the
 * verdict DAMAGED and the integrity report `check` gives it (the quick_check lines and, where the header could be
 * read, the generation), so one damaged path never takes the good ones down and a drop shows the verdict, not only
 * an error. Every structured view refuses it with the open's own failure (SQL-2: a damaged ledger's views are refused).
 */
import { randomUUID } from 'node:crypto';
import { basename, dirname } from 'node:path';
import type { EvidenceSummary, IntegrityReportView } from '../../../shared/contract.js';
import type { Failure } from '../../../shared/errors.js';
import { checkPaths } from '../check/check-path.js';
import { damagedPagesReport } from '../check/damaged-pages-report.js';
import { toIntegrityView } from '../integrity/integrity-view.js';
import { copyWhere } from '../evidence/copy-where.js';

export interface UnreadableEvidence {
  readonly summary: EvidenceSummary;
  readonly report: IntegrityReportView;
}

/**
 * The listing and report of evidence whose open failed with page damage. `scrub` rewrites paths the user must not
 * see (a drop's private upload folder) wherever the report quotes them.
 */
export async function describeUnreadable(
  paths: string[],
  origin: EvidenceSummary['origin'],
  failure: Failure,
  scrub: (text: string) => string = (t) => t,
  scratchRoot?: string,
): Promise<UnreadableEvidence> {
  const checked = await checkPaths(paths, { scratchRoot });
  // A folder, or session.db (with session.bodies) named directly in its folder.
  const dir = paths.length === 1 ? paths[0]! : dirname(paths[0]!);
  const report = checked.ok && !checked.value.pages.ok ? checked.value : damagedPagesReport({ id: basename(dir), dir }, dir, failure);
  const view = toIntegrityView(report);
  const summary: EvidenceSummary = {
    id: randomUUID(),
    sessionId: report.session.id,
    displayName: null,
    generation: report.generation,
    openedAt: new Date().toISOString(),
    origin,
    copy: { where: copyWhere(dir, origin), dbSha256: null },
    unreadable: { code: failure.code, message: scrub(failure.message) },
  };
  return {
    summary,
    report: {
      ...view,
      pages: { ok: false, messages: view.pages.messages.map(scrub) },
      findings: view.findings.map((f) => ({ ...f, message: scrub(f.message), evidence: f.evidence.map(scrub) })),
    },
  };
}
