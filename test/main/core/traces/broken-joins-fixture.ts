// Joins broken on purpose in a writer ledger, shared by the tests that must find them (the graph's findings, and
// the trace keys and transcript read both ways): MCP captures with and without a logical call, a call naming a
// model call that does not exist, an item of a missing model call, and optionally a call answered in another trace.
import type Database from 'better-sqlite3';

export interface PlantedJoins {
  readonly traceId: string;
  readonly turnId: string;
  /** Inserts a model_items row (id, event_id, model_call_id, kind, item_index, content, trace_id, turn_id). */
  readonly item: (
    id: number,
    eventId: string,
    modelCallId: number,
    kind: string,
    index: number,
    content: string,
    traceId: string,
    turnId: string | null,
  ) => void;
}

export function plantBrokenJoins(db: Database.Database, opts: { readonly crossTrace?: boolean } = {}): PlantedJoins {
  const mcp = db.prepare("SELECT call_id, trace_id, turn_id FROM tool_calls WHERE origin = 'mcp' AND model_call_id IS NOT NULL").get() as {
    call_id: string;
    trace_id: string;
    turn_id: string;
  };
  const ins =
    db.prepare(`INSERT INTO tool_calls (id, event_id, timestamp, model_call_id, call_index, call_id, tool_name, origin, transport, server_name, method, request_id, trace_id, turn_id)
    VALUES (?, ?, '2026-03-02T14:50:45.000000Z', ?, 0, ?, ?, ?, 'sse', 'github', 'tools/call', '77', ?, ?)`);
  ins.run(100, 'aaaaaaaaaa01', null, mcp.call_id, 'search_issues', 'mcp_proxy', mcp.trace_id, mcp.turn_id);
  ins.run(101, 'aaaaaaaaaa02', null, 'mcp_lost_call', 'get_file', 'mcp_proxy', mcp.trace_id, mcp.turn_id);
  ins.run(102, 'aaaaaaaaaa03', 999, 'call_dangling', 'bash', 'native', mcp.trace_id, mcp.turn_id);
  // A call_id answered in another trace only: an orphan on both sides, which narrowed lists must still see.
  if (opts.crossTrace) ins.run(103, 'aaaaaaaaaa05', null, mcp.call_id, 'bash', 'native', 'trace-elsewhere', null);
  const insItem =
    db.prepare(`INSERT INTO model_items (id, event_id, model_call_id, kind, item_index, call_id, content, content_hash, trace_id, turn_id)
    VALUES (?, ?, ?, ?, ?, '', ?, NULL, ?, ?)`);
  const item: PlantedJoins['item'] = (id, eventId, modelCallId, kind, index, content, traceId, turnId) =>
    void insItem.run(id, eventId, modelCallId, kind, index, content, traceId, turnId);
  // An item naming a model call that does not exist (a loose item).
  item(500, 'aaaaaaaaaa04', 998, 'request', 0, 'hello', mcp.trace_id, mcp.turn_id);
  return { traceId: mcp.trace_id, turnId: mcp.turn_id, item };
}
