// Trace and turn headers and model call lines: provider · model, tokens, cost, duration, stop reason, and the
// reasoning and response text in full: from model_calls, else model_items, else (or where the column looks cut)
// from the verified response body, a stream reassembled.
import type { TranscriptBlock, TranscriptCoverage, TranscriptFinding, TranscriptLine } from '../../../../shared/contract/transcript.js';
import type { SpanEgress } from '../../../../shared/contract/egress.js';
import { turnNodeId } from '../../traces/turns.js';
import type { Entry } from '../../traces/order.js';
import type { PageRows, Row } from '../page-rows.js';
import { responseText } from '../response-text.js';
import { block, bodyReadFailed, bytesOf, column, line, mayBeCut, ms, n, s } from './line-base.js';
import { messageText } from './message-text.js';

/** `egress`: what left the sandbox during the trace, or among the untraced rows (span-egress.ts), when known. */
export function traceLine(seq: number, e: Entry, ctx: PageRows, egress: SpanEgress | null = null): TranscriptLine {
  // The untraced tail's header (untraced.ts) counts its rows in its id.
  if (e.placedBy === 'untraced')
    return line(seq, e, null, ctx, { title: `untraced rows (${e.id.toLocaleString('en-US')})`, timestamp: null, egress });
  // A trace id most often begins with "trace" already: the kind label says the rest, never "trace trace-…".
  return line(seq, e, null, ctx, { title: /^trace\b/i.test(e.traceId) ? e.traceId : `trace ${e.traceId}`, timestamp: null, egress });
}

/** `coverage`: what the turn's rows hold against what they say they should (turn-coverage.ts), when known. */
export function turnLine(
  seq: number,
  e: Entry,
  ctx: PageRows,
  coverage: TranscriptCoverage | null = null,
  egress: SpanEgress | null = null,
): TranscriptLine {
  const first = e.id > 0 ? ctx.row('model_calls', e.id) : null;
  const input = e.id > 0 ? ctx.items(e.id).find((i) => i.kind === 'request') : undefined;
  const raw = s(input?.content);
  // The message a person typed, not its JSON envelope; cut when the item's cap or the envelope says so.
  const msg = raw === null ? null : messageText(raw);
  const blocks: TranscriptBlock[] = msg
    ? [
        block(
          'input',
          msg.text,
          { from: 'item', name: `model_items:${String(input!.id)}`, bodyHash: null },
          'text',
          msg.cut || mayBeCut(raw),
        ),
      ]
    : [];
  return line(seq, e, null, ctx, {
    title: e.turn === null ? 'turn (no turn_id)' : /^turn\b/i.test(e.turn) ? e.turn : `turn ${e.turn}`,
    timestamp: s(first?.timestamp),
    blocks,
    nodeId: turnNodeId(e.turn),
    coverage,
    egress,
    facts: [raw === null ? 'no user input recorded' : msg?.fromEnvelope ? 'input: the message content of its JSON envelope' : null],
  });
}

function itemText(ctx: PageRows, mc: number, kind: string): { text: string; id: unknown } | null {
  const found = ctx.items(mc).filter((i) => i.kind === kind && s(i.content) !== null);
  return found.length ? { text: found.map((i) => String(i.content)).join('\n'), id: found[0]!.id } : null;
}

/** The response body's text when the columns are empty or may be cut; a failed read is a finding. */
function fromBody(
  ctx: PageRows,
  r: Row,
  need: boolean,
  findings: TranscriptFinding[],
): { text: string; thinking: string; hash: string | null; cut: boolean } | null {
  if (!need) return null;
  const b = ctx.bodyText(r.event_id, 'model_calls', 'response');
  if (b === null) return null;
  if (b instanceof Error) {
    findings.push(bodyReadFailed('response', 'model_calls', r.id, b.message));
    return null;
  }
  return { ...responseText(b.text), hash: b.hash, cut: b.cut };
}

export function modelCallLine(seq: number, e: Entry, ctx: PageRows): TranscriptLine {
  const r = ctx.row('model_calls', e.id) ?? { id: e.id };
  const findings: TranscriptFinding[] = [];
  const colText = s(r.text_content);
  const colThinking = s(r.thinking_content);
  const item = colText === null ? itemText(ctx, e.id, 'response') : null;
  const reasoningItem = colThinking === null ? itemText(ctx, e.id, 'reasoning') : null;
  const text = colText ?? item?.text ?? null;
  const body = fromBody(ctx, r, text === null || mayBeCut(text) || (colThinking !== null && mayBeCut(colThinking)), findings);
  const src = body ? { from: 'body' as const, name: 'model_calls/response', bodyHash: body.hash } : null;
  const blocks: TranscriptBlock[] = [];
  const thinking = colThinking ?? reasoningItem?.text ?? null;
  if (body && body.thinking && (thinking === null || bytesOf(body.thinking) > bytesOf(thinking)))
    blocks.push(block('reasoning', body.thinking, src!, 'text', body.cut));
  else if (thinking !== null)
    blocks.push(
      block(
        'reasoning',
        thinking,
        colThinking !== null
          ? column('thinking_content')
          : { from: 'item', name: `model_items:${String(reasoningItem!.id)}`, bodyHash: null },
      ),
    );
  if (body && body.text && (text === null || bytesOf(body.text) > bytesOf(text)))
    blocks.push(block('response', body.text, src!, 'text', body.cut));
  else if (text !== null)
    blocks.push(
      block(
        'response',
        text,
        colText !== null ? column('text_content') : { from: 'item', name: `model_items:${String(item!.id)}`, bodyHash: null },
        'text',
        mayBeCut(text) && !body,
      ),
    );
  const tokensIn = n(r.input_tokens);
  const tokensOut = n(r.output_tokens);
  const status = n(r.status_code);
  const cost = n(r.estimated_cost_usd);
  return line(seq, e, r, ctx, {
    title: `${s(r.provider) ?? '?'} · ${s(r.model) ?? 'model NULL'}`,
    nodeId: `mc:${e.id}`,
    facts: [
      `#${e.id}`,
      tokensIn === null && tokensOut === null ? 'tokens NULL' : `${tokensIn ?? 'NULL'} in / ${tokensOut ?? 'NULL'} out`,
      cost !== null ? `$${cost.toFixed(4)}` : null,
      ms(r.duration_ms),
      s(r.stop_reason) ? `stop ${String(r.stop_reason)}` : 'no stop reason',
      status !== null && status !== 200 ? `HTTP ${status}` : null,
    ],
    blocks,
    findings,
    alert: status !== null && status >= 400,
  });
}
