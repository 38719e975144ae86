// One page of a transcript: a slice of the skeleton's entries turned into lines with their text.
import type { TranscriptFindingKind, TranscriptLine, TranscriptPage } from '../../../shared/contract/transcript.js';
import { TRANSCRIPT_PAGE_DEFAULT, TRANSCRIPT_PAGE_MAX } from '../../../shared/contract/transcript.js';
import type { Evidence } from '../evidence/types.js';
import { eventLine } from './lines/line-events.js';
import { modelCallLine, traceLine, turnLine } from './lines/line-model.js';
import { toolCallLine, toolResponseLine } from './lines/line-tools.js';
import type { Entry } from './order.js';
import type { PageRows } from './page-rows.js';
import { loadPageRows } from './page-rows.js';
import { InspectorError } from '../../../shared/errors.js';
import { sessionIndex, sessionSlices } from './session-index.js';
import { modelCallExists, transcriptSkeleton } from './skeleton.js';

function toLine(seq: number, e: Entry, ctx: PageRows): TranscriptLine {
  switch (e.kind) {
    case 'trace':
      return traceLine(seq, e, ctx);
    case 'turn':
      return turnLine(seq, e, ctx);
    case 'model_call':
      return modelCallLine(seq, e, ctx);
    case 'tool_call':
      return toolCallLine(seq, e, ctx);
    case 'tool_response':
      return toolResponseLine(seq, e, ctx);
    default:
      return eventLine(seq, e, ctx);
  }
}

const countsOf = new WeakMap<readonly Entry[], Partial<Record<TranscriptFindingKind, number>>>();

function findingCounts(entries: readonly Entry[]): Partial<Record<TranscriptFindingKind, number>> {
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
  const index = sessionIndex(evidence.db, modelCallExists(evidence.db));
  return index.starts[index.starts.length - 1]!;
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
  total: number;
  findings: Partial<Record<TranscriptFindingKind, number>>;
  note: string | null;
} {
  const index = sessionIndex(evidence.db, modelCallExists(evidence.db));
  const entries: Entry[] = [];
  const items = new Map<number, readonly number[]>();
  for (const [i, from, n] of sessionSlices(index, offset, limit)) {
    const traceId = index.traceIds[i]!;
    const sk = transcriptSkeleton(evidence.db, traceId);
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
  return { entries, items, total: index.starts[index.starts.length - 1]!, findings: index.findings, note: index.note };
}

export function transcriptPage(evidence: Evidence, opts: TranscriptPageOptions = {}): TranscriptPage {
  const limit = Math.min(Math.max(1, opts.limit ?? TRANSCRIPT_PAGE_DEFAULT), TRANSCRIPT_PAGE_MAX);
  if (opts.traceId === undefined) {
    const total = transcriptTotal(evidence, null);
    const offset = Math.min(Math.max(0, opts.offset ?? 0), total);
    const s = sessionSlice(evidence, offset, limit);
    const ctx = loadPageRows(evidence, s.entries, s.items);
    return {
      traceId: null,
      sessionId: evidence.sessionId,
      total,
      offset,
      lines: s.entries.map((e, i) => toLine(offset + i, e, ctx)),
      findings: s.findings,
      note: s.note,
    };
  }
  const sk = transcriptSkeleton(evidence.db, opts.traceId);
  const total = sk.entries.length;
  const offset = Math.min(Math.max(0, opts.offset ?? 0), total);
  const slice = sk.entries.slice(offset, offset + limit);
  const ctx = loadPageRows(evidence, slice, sk.items);
  return {
    traceId: opts.traceId,
    sessionId: evidence.sessionId,
    total,
    offset,
    lines: slice.map((e, i) => toLine(offset + i, e, ctx)),
    findings: findingCounts(sk.entries),
    note: sk.note,
  };
}
