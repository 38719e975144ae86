// One page of a transcript: a slice of the skeleton's entries turned into lines with their text.
import type { TranscriptFindingKind, TranscriptPage } from '../../../shared/contract/transcript.js';
import { TRANSCRIPT_PAGE_DEFAULT, TRANSCRIPT_PAGE_MAX } from '../../../shared/contract/transcript.js';
import type { Evidence } from '../evidence/types.js';
import type { Entry } from '../traces/order.js';
import { linesOf } from './page-lines.js';
import { spansIn } from './spans.js';
import { InspectorError } from '../../../shared/errors.js';
import { sessionIndex, sessionIndexIfReady, sessionIndexLater, sessionSlices, untracedSlice } from './session-index.js';
import { untracedEntries } from './untraced.js';
import type { UntracedRows } from './untraced.js';
import { joinNotes, withFailedBodies } from './failed-bodies.js';
import type { SessionIndex } from './session-index.js';
import { keptSkeleton, modelCallExists, skeletonAhead, transcriptSkeleton } from '../traces/skeleton.js';
import { listTraces } from '../traces/traces.js';

const countsOf = new WeakMap<readonly Entry[], Partial<Record<TranscriptFindingKind, number>>>();

/** Findings per kind over a trace's order (counted once per order). */
export function findingCounts(entries: readonly Entry[]): Partial<Record<TranscriptFindingKind, number>> {
  let c = countsOf.get(entries);
  if (!c) {
    c = {};
    for (const e of entries) for (const f of e.findings) c[f.kind] = (c[f.kind] ?? 0) + 1;
    countsOf.set(entries, c);
  }
  return c;
}

export interface TranscriptPageOptions {
  readonly traceId?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** How many lines the transcript of this trace (or of the session, null) has. */
export function transcriptTotal(evidence: Evidence, traceId: string | null): number {
  if (traceId !== null) return transcriptSkeleton(evidence.db, traceId).entries.length;
  return sessionIndex(evidence.db, modelCallExists(evidence.db)).total;
}

/**
 * The whole session's page: its lines come from the skeletons of the traces the page overlaps (each kept as its
 * trace view keeps it), its total and findings from the session index (session-index.ts), so the session's story
 * is never held in memory whole.
 */
function sessionSlice(
  evidence: Evidence,
  offset: number,
  limit: number,
): {
  entries: Entry[];
  items: Map<number, readonly number[]>;
  orders: (readonly Entry[])[];
  /** The untraced tail, when the page reaches into it (its header's egress is counted over it). */
  untraced: UntracedRows | null;
  total: number;
  findings: Partial<Record<TranscriptFindingKind, number>>;
  note: string | null;
} {
  const index = sessionIndex(evidence.db, modelCallExists(evidence.db));
  const entries: Entry[] = [];
  const items = new Map<number, readonly number[]>();
  const orders: (readonly Entry[])[] = [];
  for (const [i, from, n] of sessionSlices(index, offset, limit)) {
    const traceId = index.traceIds[i]!;
    const sk = transcriptSkeleton(evidence.db, traceId);
    orders.push(sk.entries);
    const expected = index.starts[i + 1]! - index.starts[i]!;
    if (sk.entries.length !== expected)
      throw new InspectorError('INTERNAL', `trace ${traceId} told ${sk.entries.length} lines where the session index counted ${expected}`);
    for (const e of sk.entries.slice(from, from + n)) {
      entries.push(e);
      // Each model call's items as its own trace tells them (another trace may file items under the same call).
      if (e.kind === 'model_call' || e.kind === 'turn') {
        const ids = sk.items.get(e.id);
        if (ids) items.set(e.id, ids);
      }
    }
  }
  const tail = untracedSlice(index, offset, limit);
  if (tail) for (const e of untracedEntries(index.untraced, tail[0], tail[1])) entries.push(e);
  return { entries, items, orders, untraced: tail ? index.untraced : null, total: index.total, findings: index.findings, note: index.note };
}

/** The session index, made behind the first page: a large trace the worker is ordering is waited for, not redone. */
export function countSession(evidence: Evidence): Promise<SessionIndex> {
  const db = evidence.db;
  return sessionIndexLater(db, modelCallExists(db), async (traceId) => {
    const coming = skeletonAhead(db, traceId);
    if (coming) await coming;
    return keptSkeleton(db, traceId);
  });
}

/** Traces a page of the session may walk before its index is in; further, the page waits for the index. */
const HEAD_TRACES = 8;

/**
 * A page of the whole session before its index is made (counting): the traces in the trace list's order, each's
 * skeleton (kept, as its trace view keeps it) until the page is covered. Its lines are those the counted session
 * gives at the same offset (the session is these skeletons one after the other); its total and findings cover only
 * the traces walked. null when the page lies beyond HEAD_TRACES traces.
 */
export function sessionHeadPage(evidence: Evidence, opts: TranscriptPageOptions = {}): TranscriptPage | null {
  const limit = Math.min(Math.max(1, opts.limit ?? TRANSCRIPT_PAGE_DEFAULT), TRANSCRIPT_PAGE_MAX);
  const offset = Math.max(0, opts.offset ?? 0);
  const list = listTraces(evidence.db);
  const entries: Entry[] = [];
  const items = new Map<number, readonly number[]>();
  const findings: Partial<Record<TranscriptFindingKind, number>> = {};
  const orders: (readonly Entry[])[] = [];
  let start = 0;
  let walked = 0;
  for (const t of list.traces) {
    if (start >= offset + limit) break;
    if (++walked > HEAD_TRACES) return null;
    const sk = transcriptSkeleton(evidence.db, t.traceId);
    orders.push(sk.entries);
    for (const [k, n] of Object.entries(findingCounts(sk.entries)))
      findings[k as TranscriptFindingKind] = (findings[k as TranscriptFindingKind] ?? 0) + (n ?? 0);
    const from = Math.max(offset, start) - start;
    const to = Math.min(offset + limit, start + sk.entries.length) - start;
    for (let i = from; i < to; i++) {
      const e = sk.entries[i]!;
      entries.push(e);
      if (e.kind === 'model_call' || e.kind === 'turn') {
        const ids = sk.items.get(e.id);
        if (ids) items.set(e.id, ids);
      }
    }
    start += sk.entries.length;
  }
  const at = Math.min(offset, start);
  const failed = withFailedBodies(evidence.db, null, findings);
  return {
    traceId: null,
    sessionId: evidence.sessionId,
    total: start,
    offset: at,
    lines: linesOf(evidence, entries, items, at, spansIn(orders)),
    findings: failed.findings,
    note: joinNotes(list.note, failed.note),
    counting: true,
  };
}

/** Whether the whole session's index is in (its pages then carry the whole total). */
export function sessionCounted(evidence: Evidence): boolean {
  return sessionIndexIfReady(evidence.db) !== null;
}

export function transcriptPage(evidence: Evidence, opts: TranscriptPageOptions = {}): TranscriptPage {
  const limit = Math.min(Math.max(1, opts.limit ?? TRANSCRIPT_PAGE_DEFAULT), TRANSCRIPT_PAGE_MAX);
  if (opts.traceId === undefined) {
    const total = transcriptTotal(evidence, null);
    const offset = Math.min(Math.max(0, opts.offset ?? 0), total);
    const s = sessionSlice(evidence, offset, limit);
    const failed = withFailedBodies(evidence.db, null, s.findings);
    return {
      traceId: null,
      sessionId: evidence.sessionId,
      total,
      offset,
      lines: linesOf(evidence, s.entries, s.items, offset, spansIn(s.orders, s.untraced)),
      findings: failed.findings,
      note: joinNotes(s.note, failed.note),
    };
  }
  const sk = transcriptSkeleton(evidence.db, opts.traceId);
  const total = sk.entries.length;
  const offset = Math.min(Math.max(0, opts.offset ?? 0), total);
  const slice = sk.entries.slice(offset, offset + limit);
  const failed = withFailedBodies(evidence.db, opts.traceId, findingCounts(sk.entries));
  return {
    traceId: opts.traceId,
    sessionId: evidence.sessionId,
    total,
    offset,
    lines: linesOf(evidence, slice, sk.items, offset, spansIn([sk.entries])),
    findings: failed.findings,
    note: joinNotes(sk.note, failed.note),
  };
}
