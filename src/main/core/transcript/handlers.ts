// The transcript's contract handlers, registered in service/service.ts beside the others.
import type { TranscriptChannels } from '../../../shared/contract/transcript.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { exportTranscript } from './export/export-transcript.js';
import { skeletonAhead } from '../traces/skeleton.js';
import { countSession, sessionCounted, sessionHeadPage, transcriptPage } from './transcript-page.js';
import { dbWithTraceKeys, traceKeysSettled } from '../traces/trace-keys.js';

export function transcriptHandlers(registry: EvidenceLookup): FeatureHandlers<TranscriptChannels> {
  return {
    'transcript.page': async ({ evidenceId, untilCounted, ...opts }) => {
      const evidence = registry.get(evidenceId);
      // Every trace is read by its keys: started here too (a transcript may be the first view to read traces), and
      // waited for, since a trace read without them scans whole tables.
      await traceKeysSettled(dbWithTraceKeys(evidence));
      // A large trace being ordered in the trace-keys worker: wait for it rather than order it a second time here.
      const coming = skeletonAhead(evidence.db, opts.traceId ?? null);
      if (coming) await coming;
      if (opts.traceId === undefined && !sessionCounted(registry.get(evidenceId))) {
        // The whole session: its first pages answer from its first traces while the rest is counted behind them.
        const counted = countSession(evidence);
        const head = untilCounted ? null : sessionHeadPage(evidence, opts);
        if (head) {
          counted.catch(() => undefined); // its failure is met by the page that waits for it
          return head;
        }
        await counted;
      }
      return transcriptPage(registry.get(evidenceId), opts);
    },
    'transcript.export': ({ evidenceId, traceId, format }) => exportTranscript(registry.get(evidenceId), { traceId, format }),
  };
}
