// The Egress view's contract handler, registered in service/service.ts beside the others: the report on the
// evidence's own hardened connection, as `capsem-inspect egress` prints it.
import type { EgressChannels } from '../../../shared/contract/egress.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { egressReport } from './egress-report.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function egressHandlers(registry: EvidenceLookup): Handlers<EgressChannels> {
  return {
    'egress.report': ({ evidenceId }) => egressReport(registry.get(evidenceId).db),
  };
}
