// What a chain shows of each table's rows: the columns that explain a decision, in the order a reader takes them.
// Security rows written as a reference to a shared run take their fields from the run (COALESCE(e.x, r.x)).

export interface ChainTable {
  readonly table: string;
  /** The run table its rows may point at through run_id, and the columns read from it when the row leaves them NULL. */
  readonly runs?: { readonly table: string; readonly columns: readonly string[] };
  readonly timeColumn: 'timestamp' | 'timestamp_unix_ms';
  readonly columns: readonly string[];
}

const POLICY = ['policy_mode', 'policy_action', 'policy_rule', 'policy_reason'];

/** In the order the Capsem pipeline writes them for one event: rule matches, decisions, asks, then the event row. */
export const CHAIN_TABLES: readonly ChainTable[] = [
  {
    table: 'security_rule_events',
    runs: { table: 'security_rule_runs', columns: ['event_type', 'rule_id', 'rule_action', 'detection_level', 'rule_json'] },
    timeColumn: 'timestamp_unix_ms',
    columns: ['event_type', 'rule_id', 'rule_action', 'detection_level', 'rule_json', 'run_id'],
  },
  {
    table: 'security_decision_events',
    runs: {
      table: 'security_decision_runs',
      columns: [
        'event_type',
        'stage',
        'actor',
        'rule_id',
        'plugin_id',
        'previous_decision',
        'requested_decision',
        'effective_decision',
        'reason',
      ],
    },
    timeColumn: 'timestamp_unix_ms',
    columns: [
      'event_type',
      'stage',
      'actor',
      'rule_id',
      'plugin_id',
      'previous_decision',
      'requested_decision',
      'effective_decision',
      'reason',
      'run_id',
    ],
  },
  {
    table: 'security_ask_events',
    timeColumn: 'timestamp_unix_ms',
    columns: ['ask_id', 'event_type', 'rule_id', 'rule_name', 'status', 'resolver', 'reason', 'rule_json'],
  },
  {
    table: 'net_events',
    timeColumn: 'timestamp',
    columns: ['method', 'domain', 'port', 'path', 'decision', 'status_code', 'matched_rule', 'process_name', ...POLICY],
  },
  {
    table: 'dns_events',
    timeColumn: 'timestamp',
    columns: ['qname', 'qtype', 'answer_ip', 'decision', 'matched_rule', 'process_name', ...POLICY],
  },
  {
    table: 'tool_calls',
    timeColumn: 'timestamp',
    columns: ['server_name', 'tool_name', 'origin', 'status', 'decision', 'process_name', ...POLICY],
  },
];
