// The identity graph's contract handlers, registered in service/service.ts beside the others.
import type { GraphChannels } from '../../../shared/contract/graph.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { findInTrace } from './find.js';
import { locateInTrace } from './locate.js';
import { buildTraceGraph } from './trace-graph.js';
import { listTraces } from '../traces/traces.js';
import { dbWithTraceKeys } from '../traces/trace-keys.js';

export function graphHandlers(registry: EvidenceLookup): FeatureHandlers<GraphChannels> {
  return {
    'graph.traces': ({ evidenceId }) => listTraces(dbWithTraceKeys(registry.get(evidenceId))),
    'graph.trace': ({ evidenceId, traceId, after, limit }) =>
      buildTraceGraph(dbWithTraceKeys(registry.get(evidenceId)), traceId, { after, limit }),
    'graph.find': ({ evidenceId, traceId, text }) => findInTrace(dbWithTraceKeys(registry.get(evidenceId)), traceId, text),
    'graph.locate': ({ evidenceId, traceId, table, rowid }) =>
      locateInTrace(dbWithTraceKeys(registry.get(evidenceId)), traceId, table, rowid),
  };
}
