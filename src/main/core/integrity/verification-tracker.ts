/**
 * The state of each evidence's latest body verification (the one its open started, or the last "Verify all bodies"),
 * kept from the job events the board emits, so the verdict can be answered at any time without asking the job.
 * Events of an older job of the same evidence (one the user restarted over) are ignored. It hears verification jobs
 * only: it subscribes to the job bus (service/job-bus.ts) for kind 'verify', so grep jobs never reach it.
 */
import type { BodiesState, InspectorEvent, JobKind } from '../../../shared/contract.js';

/** What the tracker needs of the job bus: a subscription filtered by job kind. */
export interface JobEvents {
  on(listener: (e: InspectorEvent) => void, kinds?: readonly JobKind[]): () => void;
}

export class VerificationTracker {
  private readonly states = new Map<string, BodiesState>();
  private readonly jobs = new Map<string, string>();

  /** Hears the bus's verification jobs, and no other kind; returns the way to stop. */
  hear(bus: JobEvents): () => void {
    return bus.on((e) => this.observe(e), ['verify']);
  }

  /** The open's verification will start once the first view was answered. */
  waiting(evidenceId: string): void {
    if (!this.jobs.has(evidenceId)) this.states.set(evidenceId, { state: 'waiting' });
  }

  /** A verification of this evidence started: from now on its events are the ones that count. */
  begin(evidenceId: string, jobId: string): void {
    this.jobs.set(evidenceId, jobId);
    this.states.set(evidenceId, { state: 'running', jobId, itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0, failed: 0 });
  }

  /** It could not even start (the ledger is refused, say): no claim about its bodies. */
  couldNotStart(evidenceId: string, error: { readonly code: string; readonly message: string }): void {
    this.jobs.delete(evidenceId);
    this.states.set(evidenceId, { state: 'failed', code: error.code, message: error.message });
  }

  observe(e: InspectorEvent): void {
    const { evidenceId, jobId } = e.payload;
    if (this.jobs.get(evidenceId) !== jobId) return;
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
    if (e.name !== 'job.done') return;
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
