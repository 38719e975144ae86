/**
 * The integrity room of the service: the report, the verdict and "Verify all bodies", with the state they share.
 * Work here is started by events, never by a read: the report is built when the open's follow-up may run and again
 * when a verification ends, the open's verification starts then too, and every change the verdict rests on is said
 * as a verdict.changed event after it is made. integrity.verdict only reads, so a view asks it when told, not on a
 * clock (docs/ARCHITECTURE.md, the job model).
 */
import type { Channels, CheckState, IntegrityReportView, VerdictView } from '../../../shared/contract.js';
import { toFailure } from '../../../shared/errors.js';
import type { FeatureHandlers } from '../evidence/lookup.js';
import type { Evidence, FollowUp } from '../evidence/types.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import { combineVerdict } from './verdict.js';
import { partCheck, UNREADABLE_VERDICT, worst } from './verdict-parts.js';
import type { JobEvents } from './verification-tracker.js';
import { VerificationTracker } from './verification-tracker.js';

/** What the room needs of the registry of open evidence (it lives in the service hub, above the rooms). */
export interface IntegrityRegistry {
  get(id: string): Evidence;
  getEvenIfDamaged(id: string): Evidence;
  has(id: string): boolean;
  /** The report an open that SQLite could not read made (unreadable.ts), or null. */
  unreadableReport(id: string): IntegrityReportView | null;
  onOpened(listener: (id: string) => void): () => void;
  /** Settles once the open's first view was answered: its follow-up work may start. */
  followUpMayStart(id: string): Promise<void>;
}

export interface IntegrityPorts {
  readonly registry: IntegrityRegistry;
  /** Builds the report; `verification` is the last finished verification of this evidence, folded in. */
  readonly integrityReport: (
    evidence: Evidence,
    verification: VerifySummary | null,
    opts?: { readonly secrets?: boolean },
  ) => Promise<IntegrityReportView> | IntegrityReportView;
  /** The job board's verification: start one (its events come on `events`), or warm its workers. */
  readonly startVerify: (evidence: Evidence) => string;
  readonly prepareVerify: (evidence: Evidence) => void;
  /** The job bus: verification events are heard here, verdict.changed is said here. */
  readonly events: JobEvents;
  readonly emit: (evidenceId: string) => void;
}

type IntegrityChannel = 'integrity.report' | 'integrity.verdict' | 'jobs.verify.start' | 'jobs.verify.prepare';

export interface IntegrityRoom {
  readonly handlers: FeatureHandlers<Pick<Channels, IntegrityChannel>>;
  /** A verification finished (the job board's callback): its result is folded into a report built now. */
  verified(evidenceId: string, summary: VerifySummary): void;
  /** The evidence was closed: forget all of it. */
  forget(evidenceId: string): void;
  dispose(): void;
}

export function createIntegrityRoom(ports: IntegrityPorts): IntegrityRoom {
  const { registry } = ports;
  const changed = ports.emit;
  // Every verification's state is kept from its events, so the verdict is answered without asking the job.
  const tracker = new VerificationTracker(changed);
  const stopTracking = tracker.hear(ports.events);
  const reports = new Map<string, Promise<IntegrityReportView>>();
  // The last finished verification per evidence: the next report folds it in, so the Integrity view shows it.
  const verifications = new Map<string, VerifySummary>();
  // Reports that have arrived: the verdict reads them without waiting.
  const reportsDone = new Map<string, IntegrityReportView | 'failed'>();
  /** The report with its credentials section (a full body search, asked for by a click): kept apart, built once. */
  const secretReports = new Map<string, Promise<IntegrityReportView>>();
  const followUpStarted = new Set<string>();

  const reportFor = (evidenceId: string): Promise<IntegrityReportView> => {
    const unreadable = registry.unreadableReport(evidenceId);
    if (unreadable) return Promise.resolve(unreadable);
    // Not refused after a failed quick_check: the report is where the damage is shown.
    const e = registry.getEvenIfDamaged(evidenceId);
    let p = reports.get(evidenceId);
    if (!p) {
      const built = Promise.resolve().then(() => ports.integrityReport(e, verifications.get(evidenceId) ?? null));
      p = built;
      reports.set(evidenceId, built);
      // A report built before a verification finished is replaced by the next one; only the current one counts.
      const arrived = (v: IntegrityReportView | 'failed'): void => {
        if (reports.get(evidenceId) !== built) return;
        reportsDone.set(evidenceId, v);
        if (v === 'failed') reports.delete(evidenceId);
        changed(evidenceId);
      };
      built.then(arrived, () => arrived('failed'));
    }
    return p;
  };
  const secretsReportFor = (evidenceId: string): Promise<IntegrityReportView> => {
    const unreadable = registry.unreadableReport(evidenceId);
    if (unreadable) return Promise.resolve(unreadable);
    const e = registry.getEvenIfDamaged(evidenceId);
    let p = secretReports.get(evidenceId);
    if (!p) {
      const built = Promise.resolve().then(() => ports.integrityReport(e, verifications.get(evidenceId) ?? null, { secrets: true }));
      p = built;
      secretReports.set(evidenceId, built);
      built.catch(() => void (secretReports.get(evidenceId) === built && secretReports.delete(evidenceId)));
    }
    return p;
  };
  const startVerification = (evidenceId: string): string => {
    try {
      const jobId = ports.startVerify(registry.get(evidenceId));
      tracker.begin(evidenceId, jobId);
      return jobId;
    } catch (error) {
      tracker.couldNotStart(evidenceId, toFailure(error));
      throw error;
    }
  };
  const hearFollowUp = (evidenceId: string, f: FollowUp): void => {
    const said = (): void => void (registry.has(evidenceId) && changed(evidenceId));
    void f.quickCheckSettled.then(said);
    void f.copyProofSettled.then(said);
  };
  // Verification and the report are part of opening: both start once the first view was answered (as the open's
  // other follow-up), in the same workers as "Verify all bodies", unless the user started one first.
  const stopHearingOpens = registry.onOpened((id) => {
    tracker.waiting(id);
    const f = registry.unreadableReport(id) ? undefined : registry.getEvenIfDamaged(id).followUp;
    if (f) hearFollowUp(id, f);
    void registry.followUpMayStart(id).then(() => {
      if (!registry.has(id)) return;
      followUpStarted.add(id);
      void reportFor(id).catch(() => undefined);
      if (tracker.state(id).state !== 'waiting') return;
      try {
        startVerification(id);
      } catch {
        // Named in the verdict (couldNotStart); the views show the refusal themselves.
      }
    });
  });
  const verdictOf = (evidenceId: string): VerdictView => {
    if (registry.unreadableReport(evidenceId)) return UNREADABLE_VERDICT;
    const f = registry.getEvenIfDamaged(evidenceId).followUp;
    const done = reportsDone.get(evidenceId);
    const reportPages: CheckState = done === undefined ? 'pending' : done === 'failed' ? 'failed' : done.pages.ok ? 'ok' : 'failed';
    // Without a follow-up the open checked the pages and proved the copy before it returned.
    const pages = f ? worst(partCheck(f.quickCheck()), reportPages) : reportPages;
    const copyProof = f ? partCheck(f.copyProof()) : 'ok';
    const report: CheckState = done === undefined ? 'pending' : done === 'failed' || done.verdict === 'damaged' ? 'failed' : 'ok';
    const bodies = tracker.state(evidenceId);
    // Said beside the verdict, not folded into it: the bytes may be intact while Capsem would refuse the shape.
    const refusal = done === undefined || done === 'failed' ? undefined : done.findings.find((x) => x.code === 'OLDER_A4_BUILD');
    const completeness =
      done === undefined || done === 'failed'
        ? null
        : { verdict: done.completeness.verdict, kinds: done.completeness.gaps.map((g) => g.kind) };
    const verdict = combineVerdict({ pages, copyProof, report, bodies });
    return { verdict, pages, copyProof, report, bodies, capsemRefuses: refusal?.message ?? null, completeness };
  };

  return {
    handlers: {
      'integrity.report': ({ evidenceId, secrets }) => (secrets ? secretsReportFor(evidenceId) : reportFor(evidenceId)),
      'integrity.verdict': ({ evidenceId }) => verdictOf(evidenceId),
      'jobs.verify.start': ({ evidenceId }) => ({ jobId: startVerification(evidenceId) }),
      'jobs.verify.prepare': ({ evidenceId }) => {
        ports.prepareVerify(registry.get(evidenceId));
        return null;
      },
    },
    verified(evidenceId, summary) {
      verifications.set(evidenceId, summary);
      reports.delete(evidenceId);
      secretReports.delete(evidenceId);
      reportsDone.delete(evidenceId);
      // The report that folds the verification in is built now, not when someone next asks; said when it arrives.
      if (followUpStarted.has(evidenceId) && registry.has(evidenceId)) void reportFor(evidenceId).catch(() => undefined);
      changed(evidenceId);
    },
    forget(evidenceId) {
      reports.delete(evidenceId);
      reportsDone.delete(evidenceId);
      secretReports.delete(evidenceId);
      followUpStarted.delete(evidenceId);
      verifications.delete(evidenceId);
      tracker.forget(evidenceId);
    },
    dispose() {
      stopHearingOpens();
      stopTracking();
    },
  };
}
