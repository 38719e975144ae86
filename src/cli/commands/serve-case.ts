/**
 * serve --case FILE, checked once the evidence is open: a case file inside an evidence folder, or one that is not a
 * case file, stops serve before it answers, so a reviewer learns it at start rather than at their first tag.
 */
import type { InspectorService } from '../../main/core/service/service.js';
import type { EvidenceSummary } from '../../shared/contract.js';
import type { Failure, Result } from '../../shared/errors.js';

/** The first refusal of the case file by an opened evidence (CASE_INSIDE_EVIDENCE, CASE_DAMAGED, …), or null. */
export async function caseRefusal(service: InspectorService, opened: readonly Result<EvidenceSummary>[]): Promise<Failure | null> {
  for (const r of opened) {
    if (!r.ok || r.value.unreadable) continue;
    const listed = await service.handle('case.list', { evidenceId: r.value.id });
    if (!listed.ok && listed.error.code.startsWith('CASE_')) return listed.error;
  }
  return null;
}
