/**
 * Opening a library session by id: the host ledger's record gives the folder (computed by the core from the
 * run directory and a safe folder name); the renderer never names a path. Opening twice returns the same evidence.
 */
import type { EvidenceSummary } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { EvidenceOpenings } from '../evidence/lookup.js';
import type { LibraryStore } from './library-store.js';

export async function openLibrarySession(
  store: LibraryStore,
  registry: EvidenceOpenings,
  libraryId: string,
  sessionId: string,
): Promise<Result<EvidenceSummary>> {
  const rec = store.session(libraryId, sessionId);
  if (!rec.location)
    return {
      ok: false,
      error: fail(
        'NOT_FOUND',
        `session ${sessionId} has no folder under the run directory any more (run/sessions/${sessionId} or run/persistent/${sessionId})`,
      ),
    };
  if (!rec.location.hasSessionDb) return { ok: false, error: fail('NOT_FOUND', `${rec.location.dir} holds no session.db`) };
  return registry.open([rec.location.dir], 'path');
}
