// File activity's contract handlers, registered in service/service.ts beside the others. Each waits for the
// connection's fs_events index, made off the main thread (fs-index-warm.ts).
import type { FsChannels } from '../../../shared/contract/fs.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { fsTimeline } from './bins.js';
import { withFsIndex } from './fs-index-warm.js';
import { fsPaths } from './paths.js';
import { fsActivity } from './timeline.js';

export function fsHandlers(registry: EvidenceLookup): FeatureHandlers<FsChannels> {
  return {
    'fs.activity': ({ evidenceId }) => withFsIndex(registry.get(evidenceId), fsActivity),
    'fs.paths': ({ evidenceId, ...opts }) => withFsIndex(registry.get(evidenceId), (db) => fsPaths(db, opts)),
    'fs.timeline': ({ evidenceId, ...range }) => withFsIndex(registry.get(evidenceId), (db) => fsTimeline(db, range)),
  };
}
