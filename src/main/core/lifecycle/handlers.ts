// The tool lifecycle's contract handlers, registered in service/service.ts beside the others.
import type { LifecycleChannels } from '../../../shared/contract/lifecycle.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { lifecyclePage } from './calls.js';
import { laneBins } from './lanes.js';
import { lifecycleSummaryOffThread } from './summary-off-thread.js';
import { dbWithTraceKeys } from '../traces/trace-keys.js';

export function lifecycleHandlers(registry: EvidenceLookup): FeatureHandlers<LifecycleChannels> {
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
