// The File history view's contract handlers, registered in service/service.ts beside the others: the path list and
// one path's history on the evidence's own hardened connection, as `capsem-inspect files [--path]` prints them.
import type { FilePaths, FilesChannels } from '../../../shared/contract/files.js';
import type { Evidence } from '../evidence/types.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { fileHistory } from './history.js';
import { filePaths } from './paths.js';

/** `pathsOf`: how the path list is made (the service makes it off the main thread and keeps it, view-reports.ts). */
export function fileHistoryHandlers(
  registry: EvidenceLookup,
  pathsOf: (evidence: Evidence) => FilePaths | Promise<FilePaths> = (e) => filePaths(e.db),
): FeatureHandlers<FilesChannels> {
  return {
    'files.paths': ({ evidenceId }) => pathsOf(registry.get(evidenceId)),
    'files.history': ({ evidenceId, path }) => fileHistory(registry.get(evidenceId).db, path),
  };
}
