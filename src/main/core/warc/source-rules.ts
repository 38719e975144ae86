/**
 * Which source-row fields make a body's target URI and date, per source table
 * (docs/formats/warc-export.md#resource-records), as SQL in two shapes with the same columns: `scan` reads the whole
 * table once in id order (it feeds the spool), `direct` reads the first row of one event_id (the exact fallback for
 * tables the spool cannot mirror). Each holds candidate forms, newest ledger shape first; a form that does not
 * prepare means the ledger lacks that table or column.
 */

export type DateFrom = 'text' | 'unix-ms' | 'created-at';

export interface TableRule {
  /** Column list of the source table selecting `part1`, `part2` (optional) and `time` (optional). */
  readonly scan: readonly string[];
  readonly direct: readonly string[];
  readonly uri: (part1: string, part2: string) => string;
  readonly dateFrom: DateFrom;
}

/** Every row with its key `k`, in the order the first row by id is the first met. */
const scanOf = (table: string, columns: string): string => `SELECT event_id AS k, ${columns} FROM ${table} ORDER BY id`;
const directOf = (table: string, columns: string): string => `SELECT ${columns} FROM ${table} WHERE event_id = ? ORDER BY id LIMIT 1`;

function simple(table: string, columns: string, uri: TableRule['uri'], dateFrom: DateFrom): TableRule {
  return { scan: [scanOf(table, columns)], direct: [directOf(table, columns)], uri, dateFrom };
}

// The event's actor, else its run's (rows folded into a run keep their shape in security_decision_runs).
const DECISION_JOIN =
  'SELECT COALESCE(e.actor, r.actor) AS part1, e.timestamp_unix_ms AS time FROM security_decision_events e LEFT JOIN security_decision_runs r ON r.id = e.run_id';
const DECISION_COLUMNS = 'actor AS part1, timestamp_unix_ms AS time';

export const RULES: Readonly<Record<string, TableRule>> = {
  net_events: simple('net_events', 'domain AS part1, path AS part2, timestamp AS time', (d, p) => `https://${d}${p}`, 'text'),
  model_calls: simple('model_calls', 'provider AS part1, path AS part2, timestamp AS time', (v, p) => `https://${v}${p}`, 'text'),
  tool_calls: simple('tool_calls', 'tool_name AS part1, timestamp AS time', (n) => `capsem://tool/${n}`, 'text'),
  tool_responses: simple('tool_responses', 'call_id AS part1', (c) => `capsem://tool-response/${c}`, 'created-at'),
  exec_events: simple('exec_events', 'exec_id AS part1, timestamp AS time', (x) => `capsem://exec/${x}`, 'text'),
  security_rule_events: simple(
    'security_rule_events',
    'rule_id AS part1, timestamp_unix_ms AS time',
    (r) => `capsem://security/${r}`,
    'unix-ms',
  ),
  security_decision_events: {
    scan: [
      DECISION_JOIN.replace('SELECT ', 'SELECT e.event_id AS k, ') + ' ORDER BY e.id',
      // Older ledgers without the runs table.
      scanOf('security_decision_events', DECISION_COLUMNS),
    ],
    direct: [`${DECISION_JOIN} WHERE e.event_id = ? ORDER BY e.id LIMIT 1`, directOf('security_decision_events', DECISION_COLUMNS)],
    uri: (a) => `capsem://security-decision/${a}`,
    dateFrom: 'unix-ms',
  },
  security_ask_events: simple(
    'security_ask_events',
    'ask_id AS part1, timestamp_unix_ms AS time',
    (a) => `capsem://security-ask/${a}`,
    'unix-ms',
  ),
};

export function ruleFor(sourceTable: string): TableRule | undefined {
  // Own properties only: `constructor` or `__proto__` from a hostile index row are not tables.
  return Object.hasOwn(RULES, sourceTable) ? RULES[sourceTable] : undefined;
}
