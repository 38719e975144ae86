// An entry of a transcript's order told as its line, from the rows its page loaded (page-rows.ts).
import type { TranscriptLine } from '../../../shared/contract/transcript.js';
import type { Evidence } from '../evidence/types.js';
import { eventLine } from './lines/line-events.js';
import { modelCallLine, traceLine, turnLine } from './lines/line-model.js';
import { toolCallLine, toolResponseLine } from './lines/line-tools.js';
import type { Entry } from '../traces/order.js';
import type { PageRows } from './page-rows.js';
import { loadPageRows } from './page-rows.js';
import { turnCoverage } from './turn-coverage.js';
import { spanEgress } from './span-egress.js';
import type { Spans } from './spans.js';
import { noSpans } from './spans.js';

export function toLine(seq: number, e: Entry, ctx: PageRows, spans: Spans = noSpans): TranscriptLine {
  switch (e.kind) {
    case 'trace':
      return traceLine(seq, e, ctx, spanEgress(ctx.db, spans.netRows(e)));
    case 'turn':
      return turnLine(
        seq,
        e,
        ctx,
        turnCoverage(ctx.db, e, () => spans.turnRows(e)),
        spanEgress(ctx.db, spans.netRows(e)),
      );
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

/**
 * These entries as lines numbered from `at`, their rows read in one go (`itemsOf`: see loadPageRows). `spans`
 * finds what each header heads in the orders it came from, for its coverage and egress (none: headers carry
 * neither).
 */
export function linesOf(
  evidence: Evidence,
  entries: readonly Entry[],
  itemsOf: ReadonlyMap<number, readonly number[]>,
  at: number,
  spans: Spans = noSpans,
): TranscriptLine[] {
  const ctx = loadPageRows(evidence, entries, itemsOf);
  return entries.map((e, i) => toLine(at + i, e, ctx, spans));
}
