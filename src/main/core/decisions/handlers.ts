// The Decisions view's contract handlers, registered in service/service.ts beside the others: the report and one
// event's chain on the evidence's own hardened connection, as `capsem-inspect decisions [--event]` prints them.
import type { DecisionsChannels, DecisionsReport } from '../../../shared/contract/decisions.js';
import type { Evidence } from '../evidence/types.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { decisionsReport } from './decisions-report.js';
import { eventChain } from './event-chain.js';

/** `reportOf`: how the report is made (the service makes it off the main thread and keeps it, view-reports.ts). */
export function decisionsHandlers(
  registry: EvidenceLookup,
  reportOf: (evidence: Evidence) => DecisionsReport | Promise<DecisionsReport> = (e) => decisionsReport(e.db),
): FeatureHandlers<DecisionsChannels> {
  return {
    'decisions.report': ({ evidenceId }) => reportOf(registry.get(evidenceId)),
    'decisions.chain': ({ evidenceId, eventId }) => eventChain(registry.get(evidenceId).db, eventId),
  };
}
