// The Egress view's contract handler, registered in service/service.ts beside the others: the report on the
// evidence's own hardened connection, as `capsem-inspect egress` prints it; with `secrets`, after a secrets scan of
// every verified body (worker threads), each destination flagged with what it found there.
import type { EgressChannels, EgressReport } from '../../../shared/contract/egress.js';
import type { Evidence } from '../evidence/types.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { scanSecrets } from '../check/secrets-section.js';
import { egressReport } from './egress-report.js';
import { withSecretFlags } from './secret-flags.js';

/** `reportOf`: how the report is made (the service makes it off the main thread and keeps it, view-reports.ts). */
export function egressHandlers(
  registry: EvidenceLookup,
  reportOf: (evidence: Evidence) => EgressReport | Promise<EgressReport> = (e) => egressReport(e.db),
): FeatureHandlers<EgressChannels> {
  return {
    'egress.report': async ({ evidenceId, secrets }) => {
      const evidence = registry.get(evidenceId);
      const report = await reportOf(evidence);
      return secrets ? withSecretFlags(report, await scanSecrets(evidence)) : report;
    },
  };
}
