// The tool lifecycle's contract handlers, registered in service/service.ts beside the others.
import type { LifecycleChannels } from '../../../shared/contract/lifecycle.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { lifecyclePage } from './calls.js';
import { laneBins } from './lanes.js';
import { lifecycleSummaryOffThread } from './summary-off-thread.js';
import { dbWithTraceKeys } from '../graph/trace-keys.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function lifecycleHandlers(registry: EvidenceLookup): Handlers<LifecycleChannels> {
  return {
    'lifecycle.calls': ({ evidenceId, ...rest }) => lifecyclePage(dbWithTraceKeys(registry.get(evidenceId)), rest),
    'lifecycle.summary': ({ evidenceId }) => {
      const evidence = registry.get(evidenceId);
      dbWithTraceKeys(evidence);
      return lifecycleSummaryOffThread(evidence);
    },
    'lifecycle.lanes': ({ evidenceId, ...range }) => laneBins(dbWithTraceKeys(registry.get(evidenceId)), range),
  };
}
