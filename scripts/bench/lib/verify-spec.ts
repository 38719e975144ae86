// Opens a ledger and plans a verification exactly as `check --verify-bodies` does, for the verify benchmarks.
import { checkArchiveIndex } from '../../../src/main/core/bodies/archive-index.js';
import { openEvidence } from '../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../src/main/core/evidence/types.js';
import { planVerification } from '../../../src/main/core/jobs/verify-plan.js';

export async function openVerifySpec(
  sessionDir: string,
  workers: number,
): Promise<{ ev: Evidence; spec: ReturnType<typeof planVerification> }> {
  const opened = await openEvidence([sessionDir], { hashArchive: false });
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  const ev = opened.value;
  const index = checkArchiveIndex({
    db: ev.db,
    generation: ev.generation,
    dbPath: ev.input.dbPath,
    location: ev.input.archive,
    archiveState: ev.archiveState,
    slot: ev.archive,
  });
  const spec = planVerification({
    db: ev.db,
    dbCopyPath: ev.snapshot.dbCopyPath,
    generation: ev.generation,
    archive: index.openOptions,
    archiveUnreadable: index.unreadable,
    workers,
  });
  return { ev, spec };
}
