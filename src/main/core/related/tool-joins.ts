// The tool-call joins of docs/formats/identity-graph.md#invariants: a call's responses carry its call_id in the same
// trace; a response found only in another trace, a call with none, or a response with no call is a finding, never a
// silent link. tool_calls and tool_responses have no index on call_id: they are the small tables (one row per tool
// use) and are read by call_id whole, as the graph and the integrity report do; model_call_id lookups use its index.
import type Database from 'better-sqlite3';
import type { BodyMeta } from '../../../shared/contract.js';
import type { RelatedFinding, RelatedGroup } from '../../../shared/contract/related.js';
import { bodiesOf } from '../event/event-detail.js';
import type { Rec } from './rows.js';
import { group, has, oneRow, relatedRow, selectRows, str } from './rows.js';

export interface Joined {
  readonly groups: RelatedGroup[];
  readonly findings: RelatedFinding[];
  readonly bodies: BodyMeta[];
}

/**
 * The model call `id` names, as a group. `crossIsFinding`: an emitter in another trace breaks the identity graph; a
 * consumer in another trace is shown as crossing (RelatedRow.crossTrace) but the ledger allows it.
 */
function modelCallGroup(
  db: Database.Database,
  id: number | null,
  title: string,
  selfTrace: string | null,
  findings: RelatedFinding[],
  what: string,
  crossIsFinding: boolean,
): RelatedGroup | null {
  if (id === null) return null;
  const mc = oneRow(db, 'model_calls', id);
  if (!mc) {
    findings.push({ kind: 'dangling_model_call_id', message: `${what} names model call #${id}, and no model_calls row has that id` });
    return null;
  }
  const g = group('model_call', title, 'model_calls', { rows: [mc], total: 1 }, selfTrace);
  if (crossIsFinding && g.rows[0]!.crossTrace)
    findings.push({
      kind: 'cross_trace_call',
      message: `${what} names model call #${id} of trace ${g.rows[0]!.traceId}, not of this trace`,
    });
  return g;
}

/** A tool call: the model call that emitted it, its responses, the model calls that consumed them, MCP captures. */
export function toolCallJoins(db: Database.Database, tc: Rec): Joined {
  const groups: RelatedGroup[] = [];
  const findings: RelatedFinding[] = [];
  const trace = str(tc.trace_id);
  const callId = String(tc.call_id ?? '');
  const emitter = modelCallGroup(
    db,
    tc.model_call_id === null || tc.model_call_id === undefined ? null : Number(tc.model_call_id),
    'Emitted by',
    trace,
    findings,
    'this tool call',
    true,
  );
  if (emitter) groups.push(emitter);
  if (has(db, 'tool_responses', 'call_id') && callId) {
    const found = selectRows(db, 'tool_responses', 'call_id = ?', [callId], 'id');
    const g = group('tool_responses', 'Responses (same call_id)', 'tool_responses', found, trace);
    groups.push(g);
    const here = g.rows.filter((r) => !r.crossTrace);
    for (const r of g.rows.filter((x) => x.crossTrace))
      findings.push({
        kind: 'cross_trace_response',
        message: `response #${r.rowid} carries this call_id in trace ${r.traceId}, not in this call's trace`,
      });
    if (here.length === 0 && String(tc.origin ?? '') !== 'mcp_proxy')
      findings.push({ kind: 'call_without_response', message: `no tool_responses row answers ${callId} in this trace` });
    const consumers = [
      ...new Set(
        found.rows
          .map((r) => r.model_call_id)
          .filter((m) => m !== null && m !== undefined)
          .map(Number),
      ),
    ];
    const mcs = consumers.map((m) => oneRow(db, 'model_calls', m)).filter((m): m is Rec => m !== null);
    if (mcs.length) groups.push(group('consumers', 'Consumed by', 'model_calls', { rows: mcs, total: mcs.length }, trace));
  }
  if (has(db, 'tool_calls', 'call_id', 'trace_id') && callId) {
    const mcp = selectRows(db, 'tool_calls', 'call_id = ? AND trace_id IS ? AND _rowid_ <> ?', [callId, trace, tc.__rowid]);
    if (mcp.total) groups.push(group('mcp', 'MCP transport evidence (same call_id)', 'tool_calls', mcp, trace));
  }
  return { groups, findings, bodies: [] };
}

/** A tool response: its call (same call_id, same trace) and the model call that consumed it; the call's response body. */
export function toolResponseJoins(db: Database.Database, tr: Rec): Joined {
  const groups: RelatedGroup[] = [];
  const findings: RelatedFinding[] = [];
  const bodies: BodyMeta[] = [];
  const trace = str(tr.trace_id);
  const callId = String(tr.call_id ?? '');
  if (has(db, 'tool_calls', 'call_id') && callId) {
    const origin = has(db, 'tool_calls', 'origin') ? " AND (origin IS NULL OR origin <> 'mcp_proxy')" : '';
    const found = selectRows(db, 'tool_calls', `call_id = ?${origin}`, [callId], 'id');
    const g = group('tool_calls', 'Its call (same call_id)', 'tool_calls', found, trace);
    if (g.rows.length) groups.push(g);
    const here = found.rows.filter((r) => !relatedRow('tool_calls', r, trace).crossTrace);
    if (found.rows.length && here.length === 0)
      findings.push({
        kind: 'cross_trace_call',
        message: `the call ${callId} is only in trace ${g.rows[0]!.traceId}, not in this response's trace`,
      });
    if (found.rows.length === 0) findings.push({ kind: 'response_without_call', message: `no tool_calls row carries ${callId}` });
    // The result's bytes are archived under the call's event (direction response): show them with the response.
    const call = here[0] ?? found.rows[0];
    const ev = call ? str(call.event_id) : null;
    if (ev) bodies.push(...bodiesOf(db, ev).filter((b) => b.sourceTable === 'tool_calls' && b.direction === 'response'));
  }
  const consumer = modelCallGroup(
    db,
    tr.model_call_id === null || tr.model_call_id === undefined ? null : Number(tr.model_call_id),
    'Consumed by',
    trace,
    findings,
    'this response',
    false,
  );
  if (consumer) groups.push(consumer);
  return { groups, findings, bodies };
}
