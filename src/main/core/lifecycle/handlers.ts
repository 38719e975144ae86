// The tool lifecycle's contract handlers, registered in service/service.ts beside the others.
import type { LifecycleChannels } from '../../../shared/contract/lifecycle.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { lifecyclePage } from './calls.js';
import { lifecycleSummary } from './summary.js';
import { swimlanes } from './swimlanes.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function lifecycleHandlers(registry: EvidenceLookup): Handlers<LifecycleChannels> {
  return {
    'lifecycle.calls': ({ evidenceId, ...rest }) => lifecyclePage(registry.get(evidenceId).db, rest),
    'lifecycle.summary': ({ evidenceId }) => lifecycleSummary(registry.get(evidenceId).db),
    'lifecycle.swimlanes': ({ evidenceId, filters }) => swimlanes(registry.get(evidenceId).db, filters),
  };
}
