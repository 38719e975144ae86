/** The seed doc's everyday questions, ready to run in the SQL console (named parameters as `:name`). */
import type { CannedQuery } from '../../../shared/contract.js';

export const CANNED_QUERIES: readonly CannedQuery[] = [
  {
    id: 'decisions',
    title: 'Decision breakdown',
    description: 'Network requests and tool calls by policy decision.',
    sql: `SELECT 'net_events' AS source, decision, COUNT(*) AS n FROM net_events GROUP BY decision
UNION ALL
SELECT 'tool_calls', decision, COUNT(*) FROM tool_calls GROUP BY decision
ORDER BY source, n DESC`,
    params: [],
  },
  {
    id: 'tokens-by-provider',
    title: 'Token totals by provider',
    description: 'Model calls, input and output tokens and estimated cost per provider and model.',
    sql: `SELECT provider, model, COUNT(*) AS calls, TOTAL(input_tokens) AS input_tokens,
       TOTAL(output_tokens) AS output_tokens, ROUND(TOTAL(estimated_cost_usd), 6) AS cost_usd
FROM model_calls GROUP BY provider, model ORDER BY cost_usd DESC, calls DESC`,
    params: [],
  },
  {
    id: 'orphan-tool-calls',
    title: 'Orphaned tool calls',
    description: 'Tool calls with no response carrying the same call_id in the same trace.',
    sql: `SELECT tc.id, tc.timestamp, tc.trace_id, tc.call_id, tc.tool_name, tc.origin, tc.status
FROM tool_calls tc
WHERE NOT EXISTS (SELECT 1 FROM tool_responses tr WHERE tr.call_id = tc.call_id AND tr.trace_id IS tc.trace_id)
ORDER BY tc.id`,
    params: [],
  },
  {
    id: 'mcp-tool-usage',
    title: 'MCP tool usage',
    description: 'MCP-origin tool calls by server and tool: count, average duration, errors and denials.',
    sql: `SELECT server_name, tool_name, COUNT(*) AS calls, ROUND(AVG(duration_ms), 1) AS avg_ms,
       SUM(status = 'error') AS errors, SUM(decision <> 'allowed') AS not_allowed
FROM tool_calls WHERE origin = 'mcp' GROUP BY server_name, tool_name ORDER BY calls DESC`,
    params: [],
  },
  {
    id: 'fs-actions',
    title: 'File-system actions',
    description: 'fs_events by action and kind; overflow rows count changes held back for a later scan.',
    sql: `SELECT action, kind, COUNT(*) AS events, TOTAL(size) AS total_size
FROM fs_events GROUP BY action, kind ORDER BY events DESC`,
    params: [],
  },
  {
    id: 'trace-model-calls',
    title: "A trace's model calls",
    description: 'Every model call of one trace, in order.',
    sql: `SELECT id, timestamp, turn_id, provider, model, stream, input_tokens, output_tokens, stop_reason, duration_ms, estimated_cost_usd
FROM model_calls WHERE trace_id = :trace_id ORDER BY id`,
    params: ['trace_id'],
  },
  {
    id: 'event-bodies',
    title: "An event's bodies",
    description: 'The archived bodies indexed under one event_id.',
    sql: `SELECT source_table, direction, event_type, content_type, original_bytes, stored_bytes, truncated, body_hash, block_offset, body_offset
FROM event_body_blobs WHERE event_id = :event_id ORDER BY source_table, direction`,
    params: ['event_id'],
  },
  {
    id: 'archive-health',
    title: 'Archive health',
    description: 'Index rows, blocks, the recorded end of the archive, and index rows that name bytes no block holds.',
    sql: `SELECT (SELECT COUNT(*) FROM event_body_blobs) AS bodies,
       (SELECT COUNT(*) FROM body_blocks) AS blocks,
       (SELECT MAX(block_offset + disk_len) FROM body_blocks) AS blocks_end,
       (SELECT COUNT(*) FROM event_body_blobs b LEFT JOIN body_blocks k ON k.block_offset = b.block_offset WHERE k.block_offset IS NULL) AS unrecorded_block,
       (SELECT COUNT(*) FROM event_body_blobs b JOIN body_blocks k ON k.block_offset = b.block_offset WHERE b.body_offset + b.body_len > k.raw_len) AS past_raw_len,
       (SELECT TOTAL(truncated) FROM event_body_blobs) AS truncated_bodies`,
    params: [],
  },
];
