// The File history view's contract handlers, registered in service/service.ts beside the others: the path list and
// one path's history on the evidence's own hardened connection, as `capsem-inspect files [--path]` prints them.
import type { FilesChannels } from '../../../shared/contract/files.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { fileHistory } from './history.js';
import { filePaths } from './paths.js';

export function fileHistoryHandlers(registry: EvidenceLookup): FeatureHandlers<FilesChannels> {
  return {
    'files.paths': ({ evidenceId }) => filePaths(registry.get(evidenceId).db),
    'files.history': ({ evidenceId, path }) => fileHistory(registry.get(evidenceId).db, path),
  };
}
