// Tool call and tool response lines: name, origin (native, MCP server, builtin, local), decision and policy, the
// arguments for reading; each response's content (from the verified body where the preview is cut), is_error,
// and the later model call that carried it back.
import type { TranscriptBlock, TranscriptFinding, TranscriptLine } from '../../../../shared/contract/transcript.js';
import type { Entry } from '../../traces/order.js';
import type { PageRows, Row } from '../page-rows.js';
import { block, bodyReadFailed, column, line, mayBeCut, ms, n, s } from './line-base.js';
import { argumentBlocks } from './tool-arguments.js';

/**
 * The row's text: its verified body when the ledger captured one (the preview column is only an excerpt of it, cut
 * where its cap fell, even mid-word), else the preview, marked cut when it may be. A failed read is a finding, and
 * the preview is shown in its place, marked as the excerpt it is.
 */
function bodyOr(
  ctx: PageRows,
  r: Row,
  table: string,
  directions: readonly string[],
  preview: string | null,
  label: string,
  findings: TranscriptFinding[],
): TranscriptBlock | null {
  const previewColumn = column(table === 'tool_calls' ? 'response_preview' : 'content_preview');
  let failed: string | null = null;
  for (const d of directions) {
    const b = ctx.bodyText(r.event_id, table, d);
    if (b === null) continue;
    if (b instanceof Error) {
      findings.push(bodyReadFailed(d, table, r.id, b.message));
      failed = d;
      break;
    }
    const shown = block(
      label,
      b.text,
      { from: 'body', name: `${table}/${d}`, bodyHash: b.hash },
      b.text.trimStart().startsWith('{') ? 'json' : 'text',
      b.cut,
    );
    return b.cut ? { ...shown, wholeBody: { sourceTable: table, direction: d } } : shown;
  }
  if (preview === null) return null;
  const cut = failed !== null || mayBeCut(preview);
  return block(label, preview, previewColumn, 'text', cut);
}

function origin(r: Row): string {
  const o = s(r.origin) ?? 'native';
  if (o !== 'mcp' && o !== 'mcp_proxy') return o;
  return [o, s(r.server_name) ? `server ${String(r.server_name)}` : null, s(r.method)].filter(Boolean).join(' · ');
}

export function toolCallLine(seq: number, e: Entry, ctx: PageRows): TranscriptLine {
  const r = ctx.row('tool_calls', e.id) ?? { id: e.id };
  const findings: TranscriptFinding[] = [];
  const args = s(r.arguments);
  const blocks = argumentBlocks(args, false);
  const err = s(r.error_message);
  if (err) blocks.push(block('error', err, column('error_message')));
  // A call with no tool_responses row (MCP traffic, a list call) may still carry what came back.
  const answered = !e.findings.some((f) => f.kind === 'call_without_response');
  if (!answered) {
    const back = bodyOr(ctx, r, 'tool_calls', ['response'], s(r.response_preview), 'returned (no tool_responses row)', findings);
    if (back) blocks.push(back);
  }
  const decision = s(r.decision);
  const policy = [s(r.policy_action), s(r.policy_rule) ? `rule ${String(r.policy_rule)}` : null, s(r.policy_reason)]
    .filter(Boolean)
    .join(' · ');
  return line(seq, e, r, ctx, {
    title: s(r.tool_name) ?? 'tool NULL',
    nodeId: `tc:${e.id}`,
    facts: [
      origin(r),
      s(r.call_id) ? `call_id ${String(r.call_id)}` : 'call_id NULL',
      s(r.status),
      decision ? `decision ${decision}` : null,
      policy ? `policy ${policy}` : null,
      ms(r.duration_ms),
      e.folded?.length ? `MCP proxy capture rows ${e.folded.join(', ')} folded in` : null,
    ],
    blocks,
    findings,
    alert: (decision !== null && decision !== 'allowed') || s(r.status) === 'error' || err !== null,
  });
}

export function toolResponseLine(seq: number, e: Entry, ctx: PageRows): TranscriptLine {
  const r = ctx.row('tool_responses', e.id) ?? { id: e.id };
  const findings: TranscriptFinding[] = [];
  const content = bodyOr(ctx, r, 'tool_responses', ['response', 'payload'], s(r.content_preview), 'content', findings);
  const isError = n(r.is_error) === 1;
  const by = n(r.model_call_id);
  const dangling = e.findings.some((f) => f.kind === 'dangling_model_call_id');
  return line(seq, e, r, ctx, {
    title: isError ? 'response (is_error)' : 'response',
    nodeId: `tr:${e.id}`,
    facts: [
      s(r.call_id) ? `call_id ${String(r.call_id)}` : 'call_id NULL',
      by === null ? 'carried back by no model call' : `carried back by model call #${by}${dangling ? ' (no such row)' : ''}`,
    ],
    blocks: content ? [content] : [],
    findings,
    alert: isError,
    carriedBy: by !== null && !dangling ? by : null,
  });
}
