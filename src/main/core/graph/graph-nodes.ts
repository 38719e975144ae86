// Turning fetched rows into nodes and edges. Node ids name the table and rowid (mc:, item:, tc:, tr:);
// stubs for rows off the page or in another trace (mcx:, tcx:) and `missing:` nodes for joins that lead nowhere.
import type Database from 'better-sqlite3';
import type { McpEnrichment } from '../../../shared/contract/graph.js';
import type { GraphBuilder } from './graph-builder.js';
import type { ItemRow, McRow, TcRow, TrRow } from './page-rows.js';
import { traceOfModelCalls } from './page-rows.js';
import { numOrNull, preview, strOrNull } from '../traces/sql-columns.js';

type TurnNode = (turnId: string | null) => string;
const bodiesOf = (bodies: ReadonlyMap<string, number>, e: string | null): number => (e ? (bodies.get(e) ?? 0) : 0);

function tokens(m: McRow): string {
  if (m.input_tokens === null && m.output_tokens === null) return `status ${m.status_code ?? '?'}, no tokens`;
  return `${m.input_tokens ?? 0} in / ${m.output_tokens ?? 0} out`;
}

export function addModelCalls(
  g: GraphBuilder,
  page: readonly McRow[],
  items: readonly ItemRow[],
  bodies: ReadonlyMap<string, number>,
  turnNode: TurnNode,
): void {
  for (const m of page) {
    const id = g.node({
      id: `mc:${m.id}`,
      kind: 'model_call',
      label: `${m.provider ?? '?'} · ${m.model ?? 'model?'}`,
      detail: `#${m.id} · ${tokens(m)}${m.stop_reason ? ` · ${m.stop_reason}` : ''}`,
      row: { table: 'model_calls', rowid: Number(m.id) },
      eventId: strOrNull(m.event_id),
      turnId: strOrNull(m.turn_id),
      modelCallId: Number(m.id),
      timestamp: strOrNull(m.timestamp),
      durationMs: numOrNull(m.duration_ms),
      bodies: bodiesOf(bodies, m.event_id),
      traceId: strOrNull(m.trace_id),
    });
    g.edge(turnNode(m.turn_id), id, 'contains');
  }
  for (const it of items) {
    const what =
      it.kind === 'tool_call' || it.kind === 'tool_response'
        ? `${it.tool_name ?? ''} ${it.call_id ?? ''}`.trim()
        : (preview(it.content, 80) ?? '');
    const id = g.node({
      id: `item:${it.id}`,
      kind: 'model_item',
      label: `${it.item_index}. ${it.kind}`,
      detail: what,
      row: { table: 'model_items', rowid: Number(it.id) },
      eventId: strOrNull(it.event_id),
      turnId: strOrNull(it.turn_id),
      modelCallId: Number(it.model_call_id),
      callId: it.call_id || null,
      timestamp: strOrNull(it.timestamp),
      bodies: bodiesOf(bodies, it.event_id),
      broken: !g.has(`mc:${it.model_call_id}`),
    });
    if (g.has(`mc:${it.model_call_id}`)) g.edge(`mc:${it.model_call_id}`, id, 'item');
    else {
      const miss = g.node({
        id: `missing:mc:${it.model_call_id}`,
        kind: 'missing',
        label: `model call #${it.model_call_id}`,
        detail: 'no model_calls row has this id',
        modelCallId: Number(it.model_call_id),
        broken: true,
        turnId: strOrNull(it.turn_id),
      });
      g.edge(turnNode(it.turn_id), miss, 'contains', true);
      g.edge(miss, id, 'item', true);
    }
  }
}

function mcpOf(call: TcRow, proxies: readonly TcRow[]): McpEnrichment | null {
  if (call.origin !== 'mcp' && call.origin !== 'mcp_proxy' && proxies.length === 0) return null;
  const pick = (f: 'server_name' | 'method' | 'transport' | 'request_id'): string | null =>
    strOrNull(call[f]) ?? strOrNull(proxies.find((p) => p[f] !== null)?.[f]);
  return {
    serverName: pick('server_name'),
    method: pick('method'),
    transport: pick('transport'),
    requestId: pick('request_id'),
    proxyRows: proxies.map((p) => Number(p.id)),
  };
}

export function addToolCalls(
  g: GraphBuilder,
  calls: readonly TcRow[],
  proxies: readonly TcRow[],
  onPage: ReadonlySet<number>,
  bodies: ReadonlyMap<string, number>,
  turnNode: TurnNode,
): void {
  for (const c of calls) {
    const mine = proxies.filter((p) => p.call_id === c.call_id && p.trace_id === c.trace_id);
    const broken = c.orphan === 1 || c.mcp_broken === 1 || (c.model_call_id !== null && c.mc_exists !== 1);
    const id = g.node({
      id: `tc:${c.id}`,
      kind: 'tool_call',
      label: `${c.tool_name ?? '?'}${c.origin ? ` (${c.origin})` : ''}`,
      detail: `${c.call_id} · ${c.status ?? ''}${c.decision ? ` · ${c.decision}` : ''}`,
      row: { table: 'tool_calls', rowid: Number(c.id) },
      eventId: strOrNull(c.event_id),
      turnId: strOrNull(c.turn_id),
      modelCallId: numOrNull(c.model_call_id),
      callId: c.call_id,
      timestamp: strOrNull(c.timestamp) || null,
      durationMs: numOrNull(c.duration_ms),
      bodies: bodiesOf(bodies, c.event_id),
      mcp: mcpOf(c, mine),
      broken,
      traceId: strOrNull(c.trace_id),
    });
    if (c.model_call_id === null) {
      // No model call asked for it: it hangs off its turn; for MCP traffic that is a broken invariant.
      g.edge(turnNode(c.turn_id), id, 'contains', c.mcp_broken === 1);
    } else if (onPage.has(Number(c.model_call_id))) {
      g.edge(`mc:${c.model_call_id}`, id, 'emits');
    } else {
      const miss = g.node({
        id: `missing:mc:${c.model_call_id}`,
        kind: 'missing',
        label: `model call #${c.model_call_id}`,
        detail: 'no model_calls row has this id',
        modelCallId: Number(c.model_call_id),
        broken: true,
        turnId: strOrNull(c.turn_id),
      });
      g.edge(turnNode(c.turn_id), miss, 'contains', true);
      g.edge(miss, id, 'emits', true);
    }
    if (c.orphan === 1) {
      const miss = g.node({
        id: `missing:response:${c.id}`,
        kind: 'missing',
        label: 'no response',
        detail: `no tool_responses row answers ${c.call_id} in this trace`,
        callId: c.call_id,
        broken: true,
        turnId: strOrNull(c.turn_id),
      });
      g.edge(id, miss, 'response', true);
    }
  }
}

export function addResponses(
  db: Database.Database,
  g: GraphBuilder,
  traceId: string,
  responses: readonly TrRow[],
  calls: readonly TcRow[],
  onPage: ReadonlySet<number>,
  bodies: ReadonlyMap<string, number>,
  turnNode: TurnNode,
): void {
  const byCall = new Map<string, TcRow>();
  for (const c of calls) byCall.set(`${c.call_id}\0${c.trace_id ?? ''}`, c);
  const seen = new Map<number, TrRow>();
  for (const r of responses) seen.set(Number(r.id), r);
  const consumers = [
    ...new Set([...seen.values()].map((r) => r.model_call_id).filter((m): m is number => m !== null && !onPage.has(Number(m)))),
  ];
  const consumerTrace = traceOfModelCalls(db, consumers.map(Number));
  for (const r of seen.values()) {
    const call = byCall.get(`${r.call_id}\0${r.trace_id ?? ''}`);
    const consumedHere = r.model_call_id !== null && onPage.has(Number(r.model_call_id));
    // Keep responses that belong to a drawn call, to a model call on this page, or break an invariant of this trace.
    if (!call && !consumedHere && !(r.trace_id === traceId && (r.orphan === 1 || r.mc_exists !== 1))) continue;
    const foreign = r.trace_id !== traceId;
    const id = g.node({
      id: `tr:${r.id}`,
      kind: 'tool_response',
      label: `response${r.is_error ? ' (error)' : ''}`,
      detail: foreign ? `from ${r.trace_id ?? 'no trace'} · ${r.call_id}` : r.call_id,
      row: { table: 'tool_responses', rowid: Number(r.id) },
      eventId: strOrNull(r.event_id),
      turnId: strOrNull(r.turn_id),
      modelCallId: numOrNull(r.model_call_id),
      callId: r.call_id,
      bodies: bodiesOf(bodies, r.event_id),
      broken: r.orphan === 1 || r.mc_exists !== 1,
      traceId: strOrNull(r.trace_id),
    });
    if (call) g.edge(`tc:${call.id}`, id, 'response');
    else if (r.orphan === 1) {
      const miss = g.node({
        id: `missing:call:${r.call_id}`,
        kind: 'missing',
        label: 'no tool call',
        detail: `no tool_calls row carries ${r.call_id} in this trace`,
        callId: r.call_id,
        broken: true,
        turnId: strOrNull(r.turn_id),
      });
      // A foreign response's turn belongs to another trace: only this trace's turns are drawn.
      if (!foreign) g.edge(turnNode(r.turn_id), miss, 'contains', true);
      g.edge(miss, id, 'response', true);
    } else {
      // The call exists in the response's trace but is not drawn here (another trace, or another page).
      const stub = g.node({
        id: `tcx:${r.trace_id ?? ''}:${r.call_id}`,
        kind: 'external_tool_call',
        label: 'tool call',
        detail: foreign ? `in trace ${r.trace_id ?? 'none'}` : 'on another page',
        callId: r.call_id,
        traceId: strOrNull(r.trace_id),
      });
      g.edge(stub, id, 'response');
    }
    if (r.model_call_id === null) continue;
    const mc = Number(r.model_call_id);
    if (onPage.has(mc)) g.edge(id, `mc:${mc}`, 'consumed_by');
    else if (r.mc_exists !== 1) {
      const miss = g.node({
        id: `missing:mc:${mc}`,
        kind: 'missing',
        label: `model call #${mc}`,
        detail: 'no model_calls row has this id',
        modelCallId: mc,
        broken: true,
      });
      g.edge(id, miss, 'consumed_by', true);
    } else {
      const t = consumerTrace.get(mc) ?? null;
      const stub = g.node({
        id: `mcx:${mc}`,
        kind: 'external_model_call',
        label: `model call #${mc}`,
        detail: t === traceId ? 'later in this trace' : `in trace ${t ?? 'none'}`,
        modelCallId: mc,
        traceId: t,
        row: { table: 'model_calls', rowid: mc },
      });
      g.edge(id, stub, 'consumed_by');
    }
  }
}
