/**
 * The bus the job board's events travel on: verification and grep jobs alike. A subscriber says which kinds of job it
 * hears (the verdict's tracker hears verifications only), so a grep's progress or matches never reach a listener
 * that counts bodies proven, whatever its job id.
 */
import type { InspectorEvent, JobKind } from '../../../shared/contract.js';
import { isJobEvent } from '../../../shared/contract.js';

/** The kind of job an event is about (matches carry no kind: only a grep job finds them); null for no job's. */
export function jobKindOf(e: InspectorEvent): JobKind | null {
  if (!isJobEvent(e)) return null;
  return e.name === 'job.matches' ? 'grep' : e.payload.kind;
}

interface Subscription {
  readonly listener: (e: InspectorEvent) => void;
  /** The kinds of job heard; null hears every event, of jobs and not (the transports forward all to the renderer). */
  readonly kinds: ReadonlySet<JobKind> | null;
}

export class JobBus {
  private readonly subscriptions = new Set<Subscription>();

  /** Hears the events of jobs of `kinds` (every kind when omitted); returns the way to stop hearing them. */
  on(listener: (e: InspectorEvent) => void, kinds?: readonly JobKind[]): () => void {
    const s: Subscription = { listener, kinds: kinds ? new Set(kinds) : null };
    this.subscriptions.add(s);
    return () => this.subscriptions.delete(s);
  }

  emit(e: InspectorEvent): void {
    const kind = jobKindOf(e);
    for (const s of this.subscriptions) if (!s.kinds || (kind !== null && s.kinds.has(kind))) s.listener(e);
  }
}
