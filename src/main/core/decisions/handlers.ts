// The Decisions view's contract handlers, registered in service/service.ts beside the others: the report and one
// event's chain on the evidence's own hardened connection, as `capsem-inspect decisions [--event]` prints them.
import type { DecisionsChannels } from '../../../shared/contract/decisions.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { decisionsReport } from './decisions-report.js';
import { eventChain } from './event-chain.js';

export function decisionsHandlers(registry: EvidenceLookup): FeatureHandlers<DecisionsChannels> {
  return {
    'decisions.report': ({ evidenceId }) => decisionsReport(registry.get(evidenceId).db),
    'decisions.chain': ({ evidenceId, eventId }) => eventChain(registry.get(evidenceId).db, eventId),
  };
}
