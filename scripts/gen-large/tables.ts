// The columns the scale generator fills, per A2 table, in the order row arrays are written. Columns left out
// take their DDL default. The sink checks every name against the created schema before the first insert.
export const TABLE_COLUMNS = {
  net_events: ['id', 'event_id', 'timestamp', 'domain', 'port', 'decision', 'process_name', 'pid', 'method', 'path', 'status_code',
    'bytes_sent', 'bytes_received', 'duration_ms', 'matched_rule', 'request_headers', 'response_headers', 'headers_truncated',
    'request_body_preview', 'response_body_preview', 'conn_type', 'policy_mode', 'policy_action', 'policy_rule', 'policy_reason',
    'trace_id', 'turn_id', 'credential_ref'],
  model_calls: ['id', 'event_id', 'timestamp', 'provider', 'protocol', 'model', 'process_name', 'pid', 'method', 'path', 'stream',
    'system_prompt_preview', 'messages_count', 'tools_count', 'request_bytes', 'request_body_preview', 'message_id', 'status_code',
    'text_content', 'thinking_content', 'stop_reason', 'input_tokens', 'output_tokens', 'duration_ms', 'response_bytes',
    'estimated_cost_usd', 'trace_id', 'turn_id', 'usage_details', 'credential_ref'],
  model_items: ['id', 'event_id', 'model_call_id', 'timestamp', 'provider', 'model', 'path', 'trace_id', 'turn_id', 'kind', 'item_index',
    'call_id', 'tool_name', 'arguments', 'content', 'content_hash'],
  tool_calls: ['id', 'event_id', 'timestamp', 'model_call_id', 'provider', 'status', 'call_index', 'call_id', 'tool_name', 'arguments',
    'response_preview', 'origin', 'transport', 'server_name', 'method', 'request_id', 'decision', 'duration_ms', 'error_message',
    'process_name', 'bytes_sent', 'bytes_received', 'trace_id', 'turn_id'],
  tool_responses: ['id', 'event_id', 'model_call_id', 'call_id', 'content_preview', 'is_error', 'trace_id', 'turn_id'],
  fs_events: ['id', 'event_id', 'timestamp', 'action', 'path', 'directory', 'name', 'size', 'kind', 'trace_id', 'turn_id'],
  exec_events: ['id', 'event_id', 'timestamp', 'exec_id', 'command', 'exit_code', 'duration_ms', 'stdout_preview', 'stderr_preview',
    'stdout_bytes', 'stderr_bytes', 'source', 'trace_id', 'turn_id', 'process_name', 'pid'],
  dns_events: ['id', 'event_id', 'timestamp', 'qname', 'qtype', 'qclass', 'rcode', 'answer_ip', 'decision', 'matched_rule',
    'source_proto', 'process_name', 'upstream_resolver_ms', 'trace_id', 'turn_id', 'policy_mode', 'policy_action'],
  audit_events: ['id', 'event_id', 'timestamp', 'pid', 'ppid', 'uid', 'exe', 'comm', 'argv', 'cwd', 'exit_code', 'session_id', 'tty',
    'audit_id', 'exec_event_id', 'parent_exe', 'trace_id', 'turn_id'],
  substitution_events: ['id', 'event_id', 'timestamp', 'material_class', 'source', 'event_type', 'algorithm', 'substitution_ref',
    'outcome', 'provider', 'confidence', 'trace_id', 'turn_id', 'context_json'],
  security_rule_runs: ['id', 'event_type', 'rule_id', 'rule_action', 'detection_level', 'rule_json', 'count', 'first_timestamp_unix_ms',
    'last_timestamp_unix_ms'],
  security_rule_events: ['id', 'timestamp_unix_ms', 'event_id', 'event_type', 'rule_id', 'rule_action', 'detection_level', 'rule_json',
    'run_id', 'trace_id', 'turn_id'],
  security_decision_runs: ['id', 'event_type', 'stage', 'actor', 'rule_id', 'plugin_id', 'previous_decision', 'requested_decision',
    'effective_decision', 'reason', 'count', 'first_timestamp_unix_ms', 'last_timestamp_unix_ms'],
  security_decision_events: ['id', 'timestamp_unix_ms', 'event_id', 'event_type', 'stage', 'actor', 'rule_id', 'plugin_id',
    'previous_decision', 'requested_decision', 'effective_decision', 'reason', 'trace_id', 'turn_id', 'run_id'],
  security_ask_events: ['id', 'timestamp_unix_ms', 'ask_id', 'event_id', 'event_type', 'rule_id', 'rule_name', 'status', 'rule_json',
    'resolver', 'reason', 'trace_id', 'turn_id'],
  body_blocks: ['block_offset', 'raw_len', 'disk_len', 'sealed_at'],
  event_body_blobs: ['id', 'event_id', 'event_type', 'source_table', 'direction', 'content_type', 'original_bytes', 'stored_bytes',
    'truncated', 'body_hash', 'block_offset', 'body_offset', 'body_len', 'trace_id', 'turn_id', 'created_at'],
} as const;

export type TableName = keyof typeof TABLE_COLUMNS;
export type SqlCell = string | number | null | Uint8Array;

/** Telemetry tables: their rows are the "events" the generator counts (not the body index or block rows). */
export const EVENT_TABLES: readonly TableName[] = [
  'net_events', 'model_calls', 'model_items', 'tool_calls', 'tool_responses', 'fs_events', 'exec_events', 'dns_events',
  'audit_events', 'substitution_events', 'security_rule_events', 'security_decision_events', 'security_ask_events',
];
