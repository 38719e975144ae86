// The Egress view's contract handler, registered in service/service.ts beside the others: the report on the
// evidence's own hardened connection, as `capsem-inspect egress` prints it; with `secrets`, after a secrets scan of
// every verified body (worker threads), each destination flagged with what it found there.
import type { EgressChannels } from '../../../shared/contract/egress.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { scanSecrets } from '../check/secrets-section.js';
import { egressReport } from './egress-report.js';
import { withSecretFlags } from './secret-flags.js';

export function egressHandlers(registry: EvidenceLookup): FeatureHandlers<EgressChannels> {
  return {
    'egress.report': async ({ evidenceId, secrets }) => {
      const evidence = registry.get(evidenceId);
      const report = egressReport(evidence.db);
      return secrets ? withSecretFlags(report, await scanSecrets(evidence)) : report;
    },
  };
}
