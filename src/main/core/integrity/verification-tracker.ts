/**
 * The state of each evidence's latest body verification (the one its open started, or the last "Verify all bodies"),
 * kept from the job events the board emits, so the verdict can be answered at any time without asking the job.
 * Events of an older job of the same evidence (one the user restarted over) are ignored. It hears verification jobs
 * only: it subscribes to the job bus (service/job-bus.ts) for kind 'verify', so grep jobs never reach it. Every
 * change of state is said to `changed` after it is made (the verdict.changed event), so nobody polls for it.
 */
import type { BodiesState, InspectorEvent, JobKind } from '../../../shared/contract.js';

/** What the tracker needs of the job bus: a subscription filtered by job kind. */
export interface JobEvents {
  on(listener: (e: InspectorEvent) => void, kinds?: readonly JobKind[]): () => void;
}

export class VerificationTracker {
  private readonly states = new Map<string, BodiesState>();
  private readonly jobs = new Map<string, string>();

  constructor(private readonly changed: (evidenceId: string) => void = () => undefined) {}

  /** Hears the bus's verification jobs, and no other kind; returns the way to stop. */
  hear(bus: JobEvents): () => void {
    return bus.on((e) => this.observe(e), ['verify']);
  }

  /** The open's verification will start once the first view was answered. */
  waiting(evidenceId: string): void {
    if (this.jobs.has(evidenceId)) return;
    this.states.set(evidenceId, { state: 'waiting' });
    this.changed(evidenceId);
  }

  /** A verification of this evidence started: from now on its events are the ones that count. */
  begin(evidenceId: string, jobId: string): void {
    this.jobs.set(evidenceId, jobId);
    this.states.set(evidenceId, { state: 'running', jobId, itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0, failed: 0 });
    this.changed(evidenceId);
  }

  /** It could not even start (the ledger is refused, say): no claim about its bodies. */
  couldNotStart(evidenceId: string, error: { readonly code: string; readonly message: string }): void {
    this.jobs.delete(evidenceId);
    this.states.set(evidenceId, { state: 'failed', code: error.code, message: error.message });
    this.changed(evidenceId);
  }

  observe(e: InspectorEvent): void {
    if (e.name !== 'job.progress' && e.name !== 'job.done') return;
    const { evidenceId, jobId } = e.payload;
    if (this.jobs.get(evidenceId) !== jobId) return;
    this.record(evidenceId, jobId, e);
    this.changed(evidenceId);
  }

  private record(evidenceId: string, jobId: string, e: Extract<InspectorEvent, { name: 'job.progress' | 'job.done' }>): void {
    if (e.name === 'job.progress') {
      const p = e.payload;
      this.states.set(evidenceId, {
        state: 'running',
        jobId,
        itemsDone: p.itemsDone,
        itemsTotal: p.itemsTotal,
        bytesDone: p.bytesDone,
        bytesTotal: p.bytesTotal,
        failed: p.failed,
      });
      return;
    }
    const o = e.payload.outcome;
    if (o.ok)
      this.states.set(evidenceId, {
        state: 'done',
        total: o.value.total,
        verified: o.value.verified,
        failed: o.value.failed,
        unreadable: o.value.unreadable,
        jobId,
      });
    else if (o.error.code === 'CANCELLED') this.states.set(evidenceId, { state: 'cancelled', jobId });
    else this.states.set(evidenceId, { state: 'failed', code: o.error.code, message: o.error.message, jobId });
  }

  state(evidenceId: string): BodiesState {
    return this.states.get(evidenceId) ?? { state: 'waiting' };
  }

  forget(evidenceId: string): void {
    this.states.delete(evidenceId);
    this.jobs.delete(evidenceId);
  }
}
