// The related-rows contract handlers, registered in service/service.ts beside the others.
import type { RelatedChannels } from '../../../shared/contract/related.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { relatedOf } from './related-row.js';
import { callTarget, turnRows } from './turn-rows.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function relatedHandlers(registry: EvidenceLookup): Handlers<RelatedChannels> {
  return {
    'related.row': ({ evidenceId, table, rowid }) => relatedOf(registry.get(evidenceId).db, table, rowid),
    'related.turn': ({ evidenceId, traceId, turnId }) => turnRows(registry.get(evidenceId).db, traceId, turnId),
    'related.call': ({ evidenceId, callId, traceId }) => callTarget(registry.get(evidenceId).db, callId, traceId ?? null),
  };
}
