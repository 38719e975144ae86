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
import { transcriptSkeleton } from './skeleton.js';

function toLine(seq: number, e: Entry, ctx: PageRows): TranscriptLine {
  switch (e.kind) {
    case 'trace': return traceLine(seq, e, ctx);
    case 'turn': return turnLine(seq, e, ctx);
    case 'model_call': return modelCallLine(seq, e, ctx);
    case 'tool_call': return toolCallLine(seq, e, ctx);
    case 'tool_response': return toolResponseLine(seq, e, ctx);
    default: return eventLine(seq, e, ctx);
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

export function transcriptPage(evidence: Evidence, opts: TranscriptPageOptions = {}): TranscriptPage {
  const sk = transcriptSkeleton(evidence.db, opts.traceId ?? null);
  const total = sk.entries.length;
  const offset = Math.min(Math.max(0, opts.offset ?? 0), total);
  const limit = Math.min(Math.max(1, opts.limit ?? TRANSCRIPT_PAGE_DEFAULT), TRANSCRIPT_PAGE_MAX);
  const slice = sk.entries.slice(offset, offset + limit);
  const ctx = loadPageRows(evidence, slice, sk.items);
  return {
    traceId: opts.traceId ?? null,
    sessionId: evidence.sessionId,
    total,
    offset,
    lines: slice.map((e, i) => toLine(offset + i, e, ctx)),
    findings: findingCounts(sk.entries),
    note: sk.note,
  };
}
