// The related-rows contract handlers, registered in service/service.ts beside the others.
import type { RelatedChannels } from '../../../shared/contract/related.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { relatedOf } from './related-row.js';
import { callTarget, turnRows } from './turn-rows.js';

export function relatedHandlers(registry: EvidenceLookup): FeatureHandlers<RelatedChannels> {
  return {
    'related.row': ({ evidenceId, table, rowid }) => relatedOf(registry.get(evidenceId).db, table, rowid),
    'related.turn': ({ evidenceId, traceId, turnId }) => turnRows(registry.get(evidenceId).db, traceId, turnId),
    'related.call': ({ evidenceId, callId, traceId }) => callTarget(registry.get(evidenceId).db, callId, traceId ?? null),
  };
}
