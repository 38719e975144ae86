// File activity's contract handlers, registered in service/service.ts beside the others.
import type { FsChannels } from '../../../shared/contract/fs.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { fsTimeline } from './bins.js';
import { fsPaths } from './paths.js';
import { fsActivity } from './timeline.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function fsHandlers(registry: EvidenceLookup): Handlers<FsChannels> {
  return {
    'fs.activity': ({ evidenceId }) => fsActivity(registry.get(evidenceId).db),
    'fs.paths': ({ evidenceId, ...opts }) => fsPaths(registry.get(evidenceId).db, opts),
    'fs.timeline': ({ evidenceId, ...range }) => fsTimeline(registry.get(evidenceId).db, range),
  };
}
