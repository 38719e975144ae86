/**
 * The overview of a deferred open shows placeholders until its follow-up (quick_check, the archive hash, the copy
 * proof) and its whole-table scans are in. Each says when it is in, as an overview.changed event, so the view asks
 * again then rather than on a clock (docs/ARCHITECTURE.md, the job model).
 */
import type { Evidence } from '../evidence/types.js';
import { overviewScansSettled } from './overview-scans.js';

const watched = new WeakSet<Evidence>();

/** After the overview was built (which starts its scans): say each part's arrival while the evidence is open. */
export function watchOverview(evidence: Evidence, changed: (evidenceId: string) => void): void {
  const f = evidence.followUp;
  if (!f || watched.has(evidence)) return;
  watched.add(evidence);
  const said = (): void => changed(evidence.id);
  for (const part of [f.quickCheckSettled, f.copyProofSettled, f.settled, overviewScansSettled(evidence)]) void part.then(said);
}
