/**
 * Target URI and WARC-Date of a body, from the first source row (ORDER BY id LIMIT 1) with the body's event_id
 * (spec/warc-export.md §3). A table or column an older ledger lacks makes its rows `missing-source-row`;
 * a failing read of an existing table is a hard failure (the ledger itself cannot be read).
 */
import type Database from 'better-sqlite3';
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import { warcDateFromLedgerText, warcDateFromUnixMs } from './warc-date.js';
import type { SkipReason } from './types.js';

export type TargetResult =
  | { readonly ok: true; readonly uri: string; readonly date: string }
  | { readonly ok: false; readonly reason: SkipReason; readonly detail: string };

type DateFrom = 'text' | 'unix-ms' | 'created-at';

interface TableRule {
  /** SQL returning columns `part1`, `part2` (optional) and `time` for one event_id, first row by id. */
  readonly sql: readonly string[];
  readonly uri: (part1: string, part2: string) => string;
  readonly dateFrom: DateFrom;
}

const first = (table: string, columns: string): string => `SELECT ${columns} FROM ${table} WHERE event_id = ? ORDER BY id LIMIT 1`;

const RULES: Readonly<Record<string, TableRule>> = {
  net_events: { sql: [first('net_events', 'domain AS part1, path AS part2, timestamp AS time')], uri: (d, p) => `https://${d}${p}`, dateFrom: 'text' },
  model_calls: { sql: [first('model_calls', 'provider AS part1, path AS part2, timestamp AS time')], uri: (v, p) => `https://${v}${p}`, dateFrom: 'text' },
  tool_calls: { sql: [first('tool_calls', 'tool_name AS part1, timestamp AS time')], uri: (n) => `capsem://tool/${n}`, dateFrom: 'text' },
  tool_responses: { sql: [first('tool_responses', 'call_id AS part1')], uri: (c) => `capsem://tool-response/${c}`, dateFrom: 'created-at' },
  exec_events: { sql: [first('exec_events', 'exec_id AS part1, timestamp AS time')], uri: (x) => `capsem://exec/${x}`, dateFrom: 'text' },
  security_rule_events: { sql: [first('security_rule_events', 'rule_id AS part1, timestamp_unix_ms AS time')], uri: (r) => `capsem://security/${r}`, dateFrom: 'unix-ms' },
  security_decision_events: {
    sql: [
      // The event's actor, else its run's (rows folded into a run keep their shape in security_decision_runs).
      'SELECT COALESCE(e.actor, r.actor) AS part1, e.timestamp_unix_ms AS time FROM security_decision_events e ' +
        'LEFT JOIN security_decision_runs r ON r.id = e.run_id WHERE e.event_id = ? ORDER BY e.id LIMIT 1',
      // Older ledgers without the runs table.
      first('security_decision_events', 'actor AS part1, timestamp_unix_ms AS time'),
    ],
    uri: (a) => `capsem://security-decision/${a}`,
    dateFrom: 'unix-ms',
  },
  security_ask_events: { sql: [first('security_ask_events', 'ask_id AS part1, timestamp_unix_ms AS time')], uri: (a) => `capsem://security-ask/${a}`, dateFrom: 'unix-ms' },
};

/** NULL parts are written as empty text (spec: a NULL path is empty); numbers as decimal; blobs as UTF-8. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

function describe(row: BodyIndexRow): string {
  return `event_body_blobs row ${row.id} (${row.sourceTable} ${row.eventId} ${row.direction})`;
}

interface SourceRow {
  readonly part1?: unknown;
  readonly part2?: unknown;
  readonly time?: unknown;
}

/** Resolves targets with one prepared statement per source table, prepared on first use. */
export class SourceTargetResolver {
  private readonly statements = new Map<string, Database.Statement | null>();

  constructor(private readonly db: Database.Database) {}

  private statementFor(table: string, rule: TableRule): Database.Statement | null {
    if (this.statements.has(table)) return this.statements.get(table) ?? null;
    let statement: Database.Statement | null = null;
    for (const sql of rule.sql) {
      try {
        // 64-bit milliseconds and exec ids must not lose precision on the way out of SQLite.
        statement = this.db.prepare(sql).safeIntegers(true);
        break;
      } catch {
        // No such table or column in this ledger's shape: try the older form, else the table has no usable rows.
      }
    }
    this.statements.set(table, statement);
    return statement;
  }

  resolve(row: BodyIndexRow): TargetResult {
    const rule = Object.hasOwn(RULES, row.sourceTable) ? RULES[row.sourceTable] : undefined;
    if (!rule) return { ok: false, reason: 'missing-source-row', detail: `${describe(row)}: source table ${row.sourceTable} is not one the export knows` };
    const statement = this.statementFor(row.sourceTable, rule);
    if (!statement) return { ok: false, reason: 'missing-source-row', detail: `${describe(row)}: table ${row.sourceTable} lacks the columns the export needs` };
    const source = statement.get(row.eventId) as SourceRow | undefined;
    if (!source) return { ok: false, reason: 'missing-source-row', detail: `${describe(row)}: no ${row.sourceTable} row has event_id ${row.eventId}` };

    let date: string | null;
    let timeText: unknown;
    switch (rule.dateFrom) {
      case 'text':
        timeText = source.time;
        date = warcDateFromLedgerText(source.time);
        break;
      case 'unix-ms':
        timeText = source.time;
        date = warcDateFromUnixMs(source.time);
        break;
      case 'created-at':
        timeText = row.createdAt;
        date = warcDateFromLedgerText(row.createdAt);
        break;
    }
    if (date === null) {
      return { ok: false, reason: 'unreadable-timestamp', detail: `${describe(row)}: time ${JSON.stringify(textOf(timeText))} is not a valid ledger ${rule.dateFrom === 'unix-ms' ? 'millisecond value' : 'timestamp'}` };
    }
    const uri = rule.uri(textOf(source.part1), textOf(source.part2));
    if (/[\r\n]/.test(uri)) return { ok: false, reason: 'unrepresentable-uri', detail: `${describe(row)}: target URI ${JSON.stringify(uri)} contains CR or LF` };
    return { ok: true, uri, date };
  }
}
