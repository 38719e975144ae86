// What an exported transcript tells, without holding it: its census for the head (lines, findings, note), then its
// lines a page at a time in story order. The session is walked trace by trace, each trace's order made, written
// and dropped (never kept beside the views' orders), then the untraced tail; so an export holds one trace's order
// and one page of rows at a time, whatever the session's length. The lines are those transcriptPage gives.
import type { TranscriptFindingKind, TranscriptLine } from '../../../../shared/contract/transcript.js';
import { TRANSCRIPT_PAGE_MAX } from '../../../../shared/contract/transcript.js';
import { InspectorError } from '../../../../shared/errors.js';
import type { Evidence } from '../../evidence/types.js';
import { joinNotes, withFailedBodies } from '../failed-bodies.js';
import type { Entry } from '../../traces/order.js';
import { linesOf } from '../page-lines.js';
import { spansIn } from '../spans.js';
import { sessionIndex } from '../session-index.js';
import { buildTraceSkeleton, keptSkeleton, modelCallExists, transcriptSkeleton } from '../../traces/skeleton.js';
import { findingCounts } from '../transcript-page.js';
import { untracedEntries, untracedLines } from '../untraced.js';

export interface ExportCensus {
  readonly total: number;
  readonly findings: Partial<Record<TranscriptFindingKind, number>>;
  readonly note: string | null;
}

/** The head's figures, as the transcript's first page carries them. */
export function exportCensus(evidence: Evidence, traceId: string | null): ExportCensus {
  const db = evidence.db;
  if (traceId !== null) {
    const sk = transcriptSkeleton(db, traceId);
    const failed = withFailedBodies(db, traceId, findingCounts(sk.entries));
    return { total: sk.entries.length, findings: failed.findings, note: joinNotes(sk.note, failed.note) };
  }
  const index = sessionIndex(db, modelCallExists(db));
  const failed = withFailedBodies(db, null, index.findings);
  return { total: index.total, findings: failed.findings, note: joinNotes(index.note, failed.note) };
}

function* pagesOf(
  evidence: Evidence,
  entries: readonly Entry[],
  itemsOf: ReadonlyMap<number, readonly number[]>,
  at: number,
): Generator<TranscriptLine[]> {
  const spans = spansIn([entries]);
  for (let from = 0; from < entries.length; from += TRANSCRIPT_PAGE_MAX)
    yield linesOf(evidence, entries.slice(from, from + TRANSCRIPT_PAGE_MAX), itemsOf, at + from, spans);
}

/** The lines of one trace (kept, as its view keeps it) or of the whole session (null), a page at a time. */
export function* exportPages(evidence: Evidence, traceId: string | null): Generator<TranscriptLine[]> {
  const db = evidence.db;
  if (traceId !== null) {
    const sk = transcriptSkeleton(db, traceId);
    yield* pagesOf(evidence, sk.entries, sk.items, 0);
    return;
  }
  const index = sessionIndex(db, modelCallExists(db));
  const none = new Map<number, readonly number[]>();
  for (let i = 0; i < index.traceIds.length; i++) {
    const id = index.traceIds[i]!;
    const sk = keptSkeleton(db, id) ?? buildTraceSkeleton(db, id);
    const expected = index.starts[i + 1]! - index.starts[i]!;
    if (sk.entries.length !== expected)
      throw new InspectorError('INTERNAL', `trace ${id} told ${sk.entries.length} lines where the session index counted ${expected}`);
    yield* pagesOf(evidence, sk.entries, sk.items, index.starts[i]!);
  }
  const tailStart = index.starts[index.traceIds.length]!;
  for (let from = 0; from < untracedLines(index.untraced); from += TRANSCRIPT_PAGE_MAX)
    yield linesOf(
      evidence,
      untracedEntries(index.untraced, from, TRANSCRIPT_PAGE_MAX),
      none,
      tailStart + from,
      spansIn([], index.untraced),
    );
}
