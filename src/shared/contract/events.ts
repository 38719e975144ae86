/**
 * The events of the contract (main → renderer): a job's progress, matches and end, and the "ask again" events
 * (an evidence's verdict, overview, background sort or SQL result moved). Each is said after its change, so the
 * answer to the ask it prompts holds the change and a view need not poll (docs/ARCHITECTURE.md, the job model).
 */
import type { Failure } from '../errors.js';
import type { VerifySummary } from './types.js';
import type { JobMatches } from './search.js';

export type JobKind = 'verify' | 'grep';

export interface JobProgress {
  readonly jobId: string;
  readonly kind: JobKind;
  readonly evidenceId: string;
  readonly itemsDone: number;
  readonly itemsTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
  /** Bodies found failing so far: a verdict turns DAMAGED at the first, not at the end. */
  readonly failed: number;
}

export type JobOutcome = { readonly ok: true; readonly value: VerifySummary } | { readonly ok: false; readonly error: Failure };

export interface JobDone {
  readonly jobId: string;
  readonly kind: JobKind;
  readonly evidenceId: string;
  readonly outcome: JobOutcome;
}

export interface Events {
  /** At most every 250 ms per job. */
  'job.progress': JobProgress;
  /** Exactly once per job: its summary, or CANCELLED / another failure. */
  'job.done': JobDone;
  /** A grep job's matches as they are found (before the job.done that ends it). */
  'job.matches': JobMatches;
  /**
   * Something integrity.verdict rests on moved (a check finished, the report arrived, a verification started,
   * progressed or ended): ask it again. Sent after the change, so the answer to that ask holds it; no view polls.
   */
  'verdict.changed': EvidenceChanged;
  /** A deferred open's follow-up part or whole-table scan arrived: the overview reads differently; ask it again. */
  'overview.changed': EvidenceChanged;
  /** A background sort of this evidence moved (progress, done, failed, ended): ask tables.sort.status again. */
  'sort.changed': EvidenceChanged;
  /** An item was added to the case kept for this evidence: ask case.list again (the Case view, the tag marks). */
  'case.changed': EvidenceChanged;
  /** The notable set's scan of this evidence started or ended: ask notable.status again. */
  'notable.changed': EvidenceChanged;
  /** A streamed SQL result read on, paused, ended or failed: ask its progress (sql.page, limit 0) again. */
  'sql.changed': SqlChanged;
  /** A library hunt moved (a session done, hits found, its end): ask library.hunt.results again. */
  'hunt.changed': HuntChanged;
}
export interface EvidenceChanged {
  readonly evidenceId: string;
}
export interface SqlChanged extends EvidenceChanged {
  readonly runId: string;
}
/** About a library's hunt, not one evidence: it goes to every window. */
export interface HuntChanged {
  readonly runId: string;
  readonly libraryId: string;
}
export type EventName = keyof Events;
export const EVENT_NAMES: readonly EventName[] = [
  'job.progress',
  'job.done',
  'job.matches',
  'verdict.changed',
  'overview.changed',
  'sort.changed',
  'case.changed',
  'notable.changed',
  'sql.changed',
  'hunt.changed',
];

/** A tagged event as both transports deliver it. */
export type InspectorEvent = { [E in EventName]: { readonly name: E; readonly payload: Events[E] } }[EventName];
/** An event about a job (its progress, matches or end), as against one about the verdict. */
export type JobEvent = Extract<InspectorEvent, { readonly name: 'job.progress' | 'job.done' | 'job.matches' }>;
export const isJobEvent = (e: InspectorEvent): e is JobEvent => e.name.startsWith('job.');
