// Where the report's events come from: one SELECT per table, each giving the same columns (see SOURCE_COLUMNS) so
// they can be counted and listed alike. A table or column the generation lacks reads NULL and is named; a table
// with nothing to decide by (no decision and no policy_action) is skipped and named.
import type Database from 'better-sqlite3';
import { tableColumns } from './columns.js';
import type { TableColumns } from './columns.js';

/** The columns every source's SELECT gives, in this order. */
export const SOURCE_COLUMNS = [
  'tbl',
  'id',
  'event_id',
  'time_text',
  'time_ms',
  'what',
  'rule',
  'action',
  'policy_mode',
  'policy_action',
  'policy_reason',
  'stage',
  'actor',
  'previous',
  'requested',
  'resolver',
  'reason',
] as const;

export interface DecisionSource {
  readonly table: string;
  /** A SELECT of SOURCE_COLUMNS over this table's denied, asked and redirected rows. */
  readonly sql: string;
  /** The column the rows are ordered by in time. */
  readonly timeColumn: 'time_text' | 'time_ms';
}

/** policy_action values that say the policy denied or asked; the ledger format does not list them, so both spellings. */
const DENY_OR_ASK = `('deny', 'denied', 'block', 'blocked', 'ask')`;
/** What a net, DNS or tool row is judged by; a table with neither is named as lacking both. */
const DECIDED_BY = ['decision', 'policy_action'];
const POLICY = ['policy_mode', 'policy_action', 'policy_rule', 'policy_reason'] as const;

export function decisionSources(db: Database.Database): { sources: DecisionSource[]; missing: string[] } {
  const sources: DecisionSource[] = [];
  const missing: string[] = [];
  const add = (s: DecisionSource | null, c: TableColumns, needs: readonly string[]): void => {
    if (!c.exists) missing.push(c.table);
    else if (s === null) missing.push(...needs.map((n) => `${c.table}.${n}`));
    else missing.push(...c.missing);
    if (s !== null) sources.push(s);
  };
  const net = tableColumns(db, 'net_events', [
    'event_id',
    'timestamp',
    'domain',
    'port',
    'method',
    'path',
    'decision',
    'matched_rule',
    ...POLICY,
  ]);
  const netWhat = `TRIM(COALESCE(${net.sql('method')} || ' ', '') || COALESCE(${net.sql('domain')}, '') ||
    CASE WHEN ${net.sql('port')} IS NULL OR ${net.sql('port')} = 443 THEN '' ELSE ':' || ${net.sql('port')} END ||
    COALESCE(${net.sql('path')}, ''))`;
  add(policed(net, netWhat, 'matched_rule', `IN ('denied', 'redirected')`), net, DECIDED_BY);
  const dns = tableColumns(db, 'dns_events', ['event_id', 'timestamp', 'qname', 'decision', 'matched_rule', ...POLICY]);
  add(policed(dns, dns.sql('qname'), 'matched_rule', `= 'denied'`), dns, DECIDED_BY);
  const tool = tableColumns(db, 'tool_calls', ['event_id', 'timestamp', 'server_name', 'tool_name', 'decision', ...POLICY]);
  const toolWhat = `COALESCE(${tool.sql('server_name')} || '/', '') || COALESCE(${tool.sql('tool_name')}, '')`;
  add(policed(tool, toolWhat, null, `<> 'allowed'`), tool, DECIDED_BY);
  const decisions = securityDecisions(db);
  add(decisions.source, decisions.columns, ['effective_decision']);
  const asks = tableColumns(db, 'security_ask_events', [
    'event_id',
    'timestamp_unix_ms',
    'event_type',
    'rule_id',
    'status',
    'resolver',
    'reason',
  ]);
  add(asks.has('status') ? askSource(asks) : null, asks, ['status']);
  return { sources, missing };
}

/**
 * A net, DNS or tool table: rows whose decision is `decided` or whose policy_action denied or asked. The action is
 * the decision; a row kept only for its policy_action shows both (`ask (allowed)`), since the ask was answered.
 */
function policed(c: TableColumns, what: string, fallbackRule: string | null, decided: string): DecisionSource | null {
  if (!c.exists || (!c.has('decision') && !c.has('policy_action'))) return null;
  const byDecision = `${c.sql('decision')} ${decided}`;
  const rule = `COALESCE(NULLIF(${c.sql('policy_rule')}, ''), NULLIF(${fallbackRule ? c.sql(fallbackRule) : 'NULL'}, ''))`;
  return {
    table: c.table,
    timeColumn: 'time_text',
    sql: `SELECT '${c.table}' AS tbl, rowid AS id, ${c.sql('event_id')} AS event_id, ${c.sql('timestamp')} AS time_text,
        NULL AS time_ms, ${what} AS what, ${rule} AS rule,
        CASE WHEN ${byDecision} THEN ${c.sql('decision')}
          ELSE ${c.sql('policy_action')} || ' (' || COALESCE(${c.sql('decision')}, 'no decision') || ')' END AS action,
        ${c.sql('policy_mode')} AS policy_mode, ${c.sql('policy_action')} AS policy_action,
        ${c.sql('policy_reason')} AS policy_reason, NULL AS stage, NULL AS actor, NULL AS previous, NULL AS requested,
        NULL AS resolver, NULL AS reason
      FROM ${c.table} WHERE ${byDecision} OR lower(${c.sql('policy_action')}) IN ${DENY_OR_ASK}`,
  };
}

const DECISION_FIELDS = [
  'event_type',
  'stage',
  'actor',
  'rule_id',
  'previous_decision',
  'requested_decision',
  'effective_decision',
  'reason',
];

/** security_decision_events that blocked or asked; a row written as a run reference takes its fields from the run. */
function securityDecisions(db: Database.Database): { source: DecisionSource | null; columns: TableColumns } {
  const e = tableColumns(db, 'security_decision_events', ['event_id', 'timestamp_unix_ms', 'run_id', ...DECISION_FIELDS]);
  const r = tableColumns(db, 'security_decision_runs', DECISION_FIELDS);
  const joined = e.has('run_id') && r.exists;
  const f = (col: string): string => (joined ? `COALESCE(${e.sql(col, 'e')}, ${r.sql(col, 'r')})` : e.sql(col, 'e'));
  if (!e.exists || (!e.has('effective_decision') && !(joined && r.has('effective_decision')))) return { source: null, columns: e };
  return {
    columns: e,
    source: {
      table: e.table,
      timeColumn: 'time_ms',
      sql: `SELECT 'security_decision_events' AS tbl, e.rowid AS id, ${e.sql('event_id', 'e')} AS event_id, NULL AS time_text,
          ${e.sql('timestamp_unix_ms', 'e')} AS time_ms, ${f('event_type')} AS what, NULLIF(${f('rule_id')}, '') AS rule,
          ${f('effective_decision')} AS action, NULL AS policy_mode, NULL AS policy_action, NULL AS policy_reason,
          ${f('stage')} AS stage, ${f('actor')} AS actor, ${f('previous_decision')} AS previous,
          ${f('requested_decision')} AS requested, NULL AS resolver, ${f('reason')} AS reason
        FROM security_decision_events e ${joined ? 'LEFT JOIN security_decision_runs r ON r.id = e.run_id' : ''}
        WHERE ${f('effective_decision')} IN ('block', 'ask')`,
    },
  };
}

/** Every ask, whatever its status: each was a decision put to someone. */
function askSource(c: TableColumns): DecisionSource {
  return {
    table: c.table,
    timeColumn: 'time_ms',
    sql: `SELECT 'security_ask_events' AS tbl, rowid AS id, ${c.sql('event_id')} AS event_id, NULL AS time_text,
        ${c.sql('timestamp_unix_ms')} AS time_ms, ${c.sql('event_type')} AS what, NULLIF(${c.sql('rule_id')}, '') AS rule,
        'ask ' || COALESCE(${c.sql('status')}, 'without status') AS action, NULL AS policy_mode, NULL AS policy_action,
        NULL AS policy_reason, NULL AS stage, NULL AS actor, NULL AS previous, NULL AS requested,
        ${c.sql('resolver')} AS resolver, ${c.sql('reason')} AS reason
      FROM security_ask_events`,
  };
}
