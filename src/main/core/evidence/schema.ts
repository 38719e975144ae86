/**
 * Reads the schema of a ledger copy from sqlite_master and sorts it: real tables we may query, and everything that
 * could run SQL on read (views, triggers, virtual tables, generated columns) or does not belong, as notes. Tables
 * that are not plain tables are never handed out for querying (reliability-anchors SQL-3).
 */
import type Database from 'better-sqlite3';
import type { Failure } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';

/** Every table name any ledger generation is known to have (spec §2.1, §2.3; L0's mcp_calls/snapshot_events). */
export const KNOWN_LEDGER_TABLES: ReadonlySet<string> = new Set([
  'net_events', 'model_calls', 'tool_calls', 'tool_responses', 'model_items', 'fs_events', 'exec_events', 'dns_events',
  'audit_events', 'substitution_events', 'security_rule_runs', 'security_rule_events', 'security_decision_runs',
  'security_decision_events', 'security_ask_events', 'policy_mutation_events', 'profile_mutation_events', 'host_events',
  'transport_events', 'transport_schema', 'archive_state', 'ledger_counters', 'ledger_commitments', 'body_blocks',
  'event_body_blobs', 'mcp_calls', 'snapshot_events',
]);

export interface SchemaObject {
  readonly type: string;
  readonly name: string;
  readonly tblName: string;
  readonly sql: string | null;
}

export interface LedgerSchema {
  /** Plain tables, safe to query, with their column names. */
  readonly tables: ReadonlyMap<string, readonly string[]>;
  /** Known ledger names that exist but are not plain tables (view, virtual table, generated columns): never queried. */
  readonly unsafeLedgerNames: ReadonlyMap<string, string>;
  readonly objects: readonly SchemaObject[];
  readonly notes: readonly Failure[];
}

interface ColumnInfo {
  name: string;
  hidden: number;
}

export function readSchema(db: Database.Database, fileLabel: string): LedgerSchema {
  const objects = (db.prepare('SELECT type, name, tbl_name AS tblName, sql FROM sqlite_master').all() as SchemaObject[]).map((o) => ({
    type: String(o.type),
    name: String(o.name),
    tblName: String(o.tblName),
    sql: o.sql === null ? null : String(o.sql),
  }));
  const tables = new Map<string, readonly string[]>();
  const unsafe = new Map<string, string>();
  const notes: Failure[] = [];
  const note = (message: string) => notes.push(fail('SCHEMA_UNEXPECTED', `${fileLabel}: ${message}`));

  for (const o of objects) {
    switch (o.type) {
      case 'table': {
        if (/^\s*create\s+virtual\s+table/i.test(o.sql ?? '')) {
          unsafe.set(o.name, 'a virtual table');
          note(`${o.name} is a virtual table; it is never queried`);
          break;
        }
        const columns = db.prepare(`SELECT name, hidden FROM pragma_table_xinfo(?)`).all(o.name) as ColumnInfo[];
        const generated = columns.filter((c) => c.hidden === 2 || c.hidden === 3).map((c) => c.name);
        if (generated.length > 0) {
          unsafe.set(o.name, `a table with generated columns (${generated.join(', ')})`);
          note(`table ${o.name} has generated columns (${generated.join(', ')}); it is never queried`);
          break;
        }
        tables.set(o.name, columns.filter((c) => c.hidden === 0).map((c) => String(c.name)));
        if (!KNOWN_LEDGER_TABLES.has(o.name) && !o.name.startsWith('sqlite_')) note(`table ${o.name} is not a known ledger table`);
        break;
      }
      case 'view':
        unsafe.set(o.name, 'a view');
        note(`${KNOWN_LEDGER_TABLES.has(o.name) ? `ledger table name ${o.name} is a VIEW` : `view ${o.name}`}; views are never queried`);
        break;
      case 'trigger':
        note(`trigger ${o.name} on ${o.tblName}; ledgers have no triggers (never run: the copy is read-only)`);
        break;
      case 'index':
        if (!tables.has(o.tblName) && !objects.some((t) => t.type === 'table' && t.name === o.tblName)) note(`index ${o.name} on unknown object ${o.tblName}`);
        break;
      default:
        note(`unexpected schema object ${o.type} ${o.name}`);
    }
  }
  return { tables, unsafeLedgerNames: unsafe, objects, notes };
}
