/**
 * The tables and columns of the newest A4 build (spec/ledger-format.md §2.3, ddl.rs at a9272e97): the shape Capsem's
 * current readiness check (§2.2 step 6) requires. `archive_state.format_version = 4` does not pin the shape (tables
 * were added while the marker stayed at 4, §2.1), so an earlier A4 build's ledger opens here (required-shape.ts asks
 * only what every A4 build shares) but is reported as such: every table and column of this list it lacks is named,
 * and the report says that Capsem's current build would refuse it. test/fixtures/writer/schema-a4.ts writes the same
 * shape; a test holds the two in step.
 */
import type { Generation } from '../../../shared/ledger-types.js';

export const NEWEST_A4_SHAPE: Readonly<Record<string, readonly string[]>> = {
  net_events: ['id', 'event_id', 'timestamp', 'domain', 'port', 'decision', 'process_name', 'pid', 'method', 'path', 'query', 'status_code', 'bytes_sent', 'bytes_received', 'duration_ms', 'matched_rule', 'request_headers', 'response_headers', 'headers_truncated', 'request_body_preview', 'response_body_preview', 'conn_type', 'policy_mode', 'policy_action', 'policy_rule', 'policy_reason', 'trace_id', 'turn_id', 'credential_ref'],
  model_calls: ['id', 'event_id', 'timestamp', 'provider', 'protocol', 'model', 'process_name', 'pid', 'method', 'path', 'stream', 'system_prompt_preview', 'messages_count', 'tools_count', 'request_bytes', 'request_body_preview', 'message_id', 'status_code', 'text_content', 'thinking_content', 'stop_reason', 'input_tokens', 'output_tokens', 'duration_ms', 'response_bytes', 'estimated_cost_usd', 'trace_id', 'turn_id', 'usage_details', 'credential_ref'],
  model_items: ['id', 'event_id', 'model_call_id', 'timestamp', 'provider', 'model', 'path', 'trace_id', 'turn_id', 'kind', 'item_index', 'call_id', 'tool_name', 'arguments', 'content', 'content_hash', 'credential_ref'],
  tool_calls: ['id', 'event_id', 'timestamp', 'model_call_id', 'provider', 'status', 'call_index', 'call_id', 'tool_name', 'arguments', 'response_preview', 'origin', 'transport', 'server_name', 'method', 'request_id', 'decision', 'duration_ms', 'error_message', 'process_name', 'bytes_sent', 'bytes_received', 'policy_mode', 'policy_action', 'policy_rule', 'policy_reason', 'trace_id', 'turn_id', 'credential_ref'],
  tool_responses: ['id', 'event_id', 'model_call_id', 'call_id', 'content_preview', 'is_error', 'trace_id', 'turn_id', 'credential_ref'],
  fs_events: ['id', 'event_id', 'timestamp', 'action', 'path', 'directory', 'name', 'size', 'kind', 'trace_id', 'turn_id', 'credential_ref'],
  exec_events: ['id', 'event_id', 'timestamp', 'exec_id', 'command', 'exit_code', 'duration_ms', 'stdout_preview', 'stderr_preview', 'stdout_bytes', 'stderr_bytes', 'source', 'target', 'trace_id', 'turn_id', 'process_name', 'pid', 'credential_ref'],
  dns_events: ['id', 'event_id', 'timestamp', 'qname', 'qtype', 'qclass', 'rcode', 'answer_ip', 'decision', 'matched_rule', 'source_proto', 'process_name', 'upstream_resolver_ms', 'trace_id', 'turn_id', 'policy_mode', 'policy_action', 'policy_rule', 'policy_reason', 'credential_ref'],
  audit_events: ['id', 'event_id', 'timestamp', 'pid', 'ppid', 'uid', 'exe', 'comm', 'argv', 'cwd', 'exit_code', 'session_id', 'tty', 'audit_id', 'exec_event_id', 'parent_exe', 'trace_id', 'turn_id', 'credential_ref'],
  substitution_events: ['id', 'event_id', 'timestamp', 'material_class', 'source', 'event_type', 'algorithm', 'substitution_ref', 'outcome', 'provider', 'confidence', 'trace_id', 'turn_id', 'context_json'],
  security_rule_runs: ['id', 'event_type', 'rule_id', 'rule_action', 'detection_level', 'rule_json', 'count', 'first_timestamp_unix_ms', 'last_timestamp_unix_ms'],
  security_rule_events: ['id', 'timestamp_unix_ms', 'event_id', 'event_type', 'rule_id', 'rule_action', 'detection_level', 'rule_json', 'run_id', 'trace_id', 'turn_id', 'credential_ref'],
  security_decision_runs: ['id', 'event_type', 'stage', 'actor', 'rule_id', 'plugin_id', 'previous_decision', 'requested_decision', 'effective_decision', 'reason', 'count', 'first_timestamp_unix_ms', 'last_timestamp_unix_ms'],
  security_decision_events: ['id', 'timestamp_unix_ms', 'event_id', 'event_type', 'stage', 'actor', 'rule_id', 'plugin_id', 'previous_decision', 'requested_decision', 'effective_decision', 'reason', 'trace_id', 'turn_id', 'credential_ref', 'run_id'],
  security_ask_events: ['id', 'timestamp_unix_ms', 'ask_id', 'event_id', 'event_type', 'rule_id', 'rule_name', 'status', 'rule_json', 'resolver', 'reason', 'trace_id', 'turn_id'],
  policy_mutation_events: ['id', 'timestamp_unix_ms', 'mutation_id', 'actor', 'category', 'filename', 'affected_path', 'target_kind', 'target_key', 'operation', 'rule_id', 'old_hash', 'new_hash', 'old_size', 'new_size', 'status', 'error', 'trace_id'],
  host_events: ['id', 'timestamp_unix_ms', 'kind', 'session_id', 'actor', 'detail', 'trace_id', 'prev_hash', 'hash'],
  transport_events: ['id', 'event_id', 'timestamp_unix_ms', 'event_type', 'network_id', 'connection_id', 'event_json'],
  transport_schema: ['id', 'version'],
  body_blocks: ['block_offset', 'raw_len', 'disk_len', 'sealed_at'],
  event_body_blobs: ['id', 'event_id', 'event_type', 'source_table', 'direction', 'content_type', 'original_bytes', 'stored_bytes', 'truncated', 'body_hash', 'block_offset', 'body_offset', 'body_len', 'trace_id', 'turn_id', 'created_at'],
  archive_state: ['singleton', 'archive_id', 'generation_id', 'format_version', 'committed_end', 'revision'],
  ledger_counters: ['singleton', 'counters'],
  ledger_commitments: ['global_sequence', 'generation', 'client_id', 'producer_role', 'producer_sequence', 'event_kind', 'event_hash', 'previous_hash', 'commitment_hash'],
};

export interface ShapeGaps {
  /** Tables of the newest build the ledger lacks, sorted. */
  readonly missingTables: readonly string[];
  /** `table.column` of tables it has, sorted. */
  readonly missingColumns: readonly string[];
}

/** null unless an A4 ledger lacks part of the newest shape; `columnsOf` gives a table's columns, or null if absent. */
export function newestShapeGaps(generation: Generation | null, columnsOf: (table: string) => ReadonlySet<string> | null): ShapeGaps | null {
  if (generation !== 'A4') return null;
  const missingTables: string[] = [];
  const missingColumns: string[] = [];
  for (const [table, columns] of Object.entries(NEWEST_A4_SHAPE)) {
    const have = columnsOf(table);
    if (!have) missingTables.push(table);
    else for (const c of columns) if (!have.has(c)) missingColumns.push(`${table}.${c}`);
  }
  if (missingTables.length === 0 && missingColumns.length === 0) return null;
  return { missingTables: missingTables.sort(), missingColumns: missingColumns.sort() };
}

/** One sentence naming every gap, and what Capsem's current build would make of it. */
export function shapeGapSentence(g: ShapeGaps): string {
  const parts = [
    g.missingTables.length > 0 ? `missing table${g.missingTables.length === 1 ? '' : 's'} ${g.missingTables.join(', ')}` : null,
    g.missingColumns.length > 0 ? `missing column${g.missingColumns.length === 1 ? '' : 's'} ${g.missingColumns.join(', ')}` : null,
  ].filter((p): p is string => p !== null);
  return `archive_state says format 4, but the tables are an earlier A4 build's (${parts.join('; ')}): Capsem's current build would refuse this ledger`;
}
