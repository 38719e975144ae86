// What the body index check reads of an opened evidence: its connection and plain facts (generation, paths, the
// archive as it was opened). Plain data, so a worker thread building the report can be handed the facts alone.
import type { Evidence } from '../evidence/types.js';
import type { ArchiveCheckInput } from './archive-index.js';

/** What the sections read of the evidence besides its connection: plain data a worker thread can be handed. */
export function sectionFacts(evidence: Evidence): Omit<ArchiveCheckInput, 'db'> {
  const slot = evidence.archive;
  return {
    generation: evidence.generation,
    dbPath: evidence.input.dbPath,
    location: evidence.input.archive,
    archiveState: evidence.archiveState,
    slot:
      slot.state === 'open'
        ? {
            state: 'open',
            archive: { filePath: slot.archive.filePath, fileSize: slot.archive.fileSize, fileVersion: slot.archive.fileVersion },
          }
        : slot,
  };
}

/**
 * The evidence's connection with its facts: what the archive index check and the other sections read (the report,
 * and the verification the app starts, plan from the same index check).
 */
export function archiveCheckInput(evidence: Evidence): ArchiveCheckInput {
  return { db: evidence.db, ...sectionFacts(evidence) };
}
