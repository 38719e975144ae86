// The Egress view's contract handler, registered in service/service.ts beside the others: the report on the
// evidence's own hardened connection, as `capsem-inspect egress` prints it.
import type { EgressChannels } from '../../../shared/contract/egress.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { egressReport } from './egress-report.js';

export function egressHandlers(registry: EvidenceLookup): FeatureHandlers<EgressChannels> {
  return {
    'egress.report': ({ evidenceId }) => egressReport(registry.get(evidenceId).db),
  };
}
