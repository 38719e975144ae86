// The transcript's contract handlers, registered in service/service.ts beside the others.
import type { TranscriptChannels } from '../../../shared/contract/transcript.js';
import type { EvidenceLookup } from '../evidence/lookup.js';
import { exportTranscript } from './export/export-transcript.js';
import { skeletonAhead } from './skeleton.js';
import { transcriptPage } from './transcript-page.js';

type Handlers<Ch> = { readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never };

export function transcriptHandlers(registry: EvidenceLookup): Handlers<TranscriptChannels> {
  return {
    'transcript.page': async ({ evidenceId, ...opts }) => {
      const evidence = registry.get(evidenceId);
      // A large trace being ordered in the trace-keys worker: wait for it rather than order it a second time here.
      const coming = skeletonAhead(evidence.db, opts.traceId ?? null);
      if (coming) await coming;
      return transcriptPage(registry.get(evidenceId), opts);
    },
    'transcript.export': ({ evidenceId, traceId, format }) => exportTranscript(registry.get(evidenceId), { traceId, format }),
  };
}
