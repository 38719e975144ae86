// The identity graph's contract handlers, registered in service/service.ts beside the others.
import type { GraphChannels } from '../../../shared/contract/graph.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { buildTraceGraph } from './trace-graph.js';
import { listTraces } from './traces.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function graphHandlers(registry: EvidenceLookup): Handlers<GraphChannels> {
  return {
    'graph.traces': ({ evidenceId }) => listTraces(registry.get(evidenceId).db),
    'graph.trace': ({ evidenceId, traceId, after, limit }) => buildTraceGraph(registry.get(evidenceId).db, traceId, { after, limit }),
  };
}
