/**
 * The one function that builds the inspector behind both faces: the registry of open evidence and the contract's
 * service over it, with the integrity report built off the calling thread. Serve mode and the desktop app differ
 * only in what they pass: how a body is saved, where verification and the off-thread workers run, how the SQL
 * console starts its child, and how evidence is opened (scratch folder, the sample).
 */
import type { SpawnWorker } from '../workers/worker-like.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import type { OpenEvidenceOptions } from '../evidence/types.js';
import { hostStopOfEvidence } from '../check/host-at-hand.js';
import { checkEvidenceOffThread } from '../check/report-off-thread.js';
import { toIntegrityView, withSecretsView } from '../integrity/integrity-view.js';
import { scanSecrets } from '../check/secrets-section.js';
import type { EvidenceOpener } from './registry.js';
import { EvidenceRegistry } from './registry.js';
import type { InspectorService, InspectorServiceOptions } from './service.js';
import { createInspectorService } from './service.js';
import type { SqlChildSpawner } from '../sql/sql-child-spawner.js';

export interface InspectorOptions {
  /** How a body is saved: serve mode hands back a download URL; the desktop app shows a save dialog. */
  readonly saveBody: InspectorServiceOptions['saveBody'];
  /** Options of every open (scratch folder, background workers of the open's follow-up, …). */
  readonly openOptions?: OpenEvidenceOptions;
  /** Replaces openEvidence (tests). */
  readonly open?: EvidenceOpener;
  /** Where the sample is (default: found under resources/sample/); null: none. */
  readonly sampleDir?: string | null;
  /** Where "Verify all bodies" runs its workers (default: threads of this process). */
  readonly verifyRunner?: VerifyRunner;
  /** Where the integrity report's builder runs (default: a thread of this process). */
  readonly reportWorkers?: SpawnWorker;
  /** How the SQL console starts its child (default child_process.fork). */
  readonly sqlChildSpawner?: SqlChildSpawner;
  /**
   * The case file the app's tags and notes go to (docs/case-file.md): serve's --case, the desktop app's file in its
   * data folder. Absent or null: none is kept, and case.list / case.add refuse (CASE_NOT_KEPT) rather than write.
   */
  readonly casePath?: string | null;
  /**
   * The notable set run over each session as it opens (docs/notable-set.md): serve's --notable, the desktop app's
   * file in its data folder. Absent or null: none, and notable.status says not-kept.
   */
  readonly notablePath?: string | null;
}

export function buildInspector(opts: InspectorOptions): InspectorService {
  const registry = new EvidenceRegistry({ open: opts.open, openOptions: opts.openOptions, sampleDir: opts.sampleDir });
  const reportDeps = opts.reportWorkers ? { spawn: opts.reportWorkers } : {};

  return createInspectorService({
    registry,
    saveBody: opts.saveBody,
    verifyRunner: opts.verifyRunner,
    sqlChildSpawner: opts.sqlChildSpawner,
    casePath: opts.casePath ?? null,
    notablePath: opts.notablePath ?? null,
    // Off the calling thread: on a 1 GiB ledger the report's SQL holds a thread for seconds, and that thread answers
    // the page (serve) or the windows (the desktop app).
    integrityReport: async (evidence, verification, asked) => {
      // A session kept in a Capsem home is compared with the host's final counters, as `check` compares it.
      const hostStop = await hostStopOfEvidence(evidence, opts.openOptions?.scratchRoot);
      const view = toIntegrityView(await checkEvidenceOffThread(evidence, { verification, hostStop }, reportDeps));
      return asked?.secrets ? withSecretsView(view, await scanSecrets(evidence)) : view;
    },
  });
}
