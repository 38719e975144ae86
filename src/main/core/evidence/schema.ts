/**
 * Reads the schema of a ledger copy from sqlite_master and sorts it: real tables we may query, and everything that
 * could run SQL on read (views, triggers, virtual tables, generated columns) or does not belong, as notes. Tables
 * that are not plain tables are never handed out for querying (reliability-anchors SQL-3).
 */
import type Database from 'better-sqlite3';
import type { Failure } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';

/**
 * Every table name any ledger generation is known to have (docs/formats/ledger-format.md#generations,
 * #tables-of-the-newest-ledger; L0's mcp_calls/snapshot_events).
 */
export const KNOWN_LEDGER_TABLES: ReadonlySet<string> = new Set([
  'net_events',
  'model_calls',
  'tool_calls',
  'tool_responses',
  'model_items',
  'fs_events',
  'exec_events',
  'dns_events',
  'audit_events',
  'substitution_events',
  'security_rule_runs',
  'security_rule_events',
  'security_decision_runs',
  'security_decision_events',
  'security_ask_events',
  'policy_mutation_events',
  'profile_mutation_events',
  'host_events',
  'transport_events',
  'transport_schema',
  'archive_state',
  'ledger_counters',
  'ledger_commitments',
  'body_blocks',
  'event_body_blobs',
  'mcp_calls',
  'snapshot_events',
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

/**
 * Shadow-table suffixes of SQLite's built-in virtual table modules (each module's xShadowName): the real tables a
 * virtual table keeps its data in, named `<vtab>_<suffix>`. Unknown modules get none, so a virtual table named
 * `net` can never hide `net_events`.
 */
const SHADOW_SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  fts3: ['content', 'segments', 'segdir', 'docsize', 'stat'],
  fts4: ['content', 'segments', 'segdir', 'docsize', 'stat'],
  fts5: ['data', 'idx', 'content', 'docsize', 'config'],
  rtree: ['node', 'rowid', 'parent'],
  rtree_i32: ['node', 'rowid', 'parent'],
  geopoly: ['node', 'rowid', 'parent'],
};

const VIRTUAL_SQL = /^\s*create\s+virtual\s+table\s+.*?\busing\s+([a-z0-9_]+)/is;

/**
 * Which existing tables are shadow tables of which virtual table (lower-case name → virtual table name). A shadow
 * table belongs to its foreign object: not listed, not paged, noted once with the virtual table. Known ledger table
 * names are never taken as shadows.
 */
function shadowTables(objects: readonly SchemaObject[]): Map<string, string> {
  const tableNames = new Map(objects.filter((o) => o.type === 'table').map((o) => [o.name.toLowerCase(), o.name]));
  const shadows = new Map<string, string>();
  for (const o of objects) {
    const kind = o.type === 'table' ? VIRTUAL_SQL.exec(o.sql ?? '')?.[1]?.toLowerCase() : undefined;
    for (const suffix of (kind && SHADOW_SUFFIXES[kind]) || []) {
      const shadow = `${o.name}_${suffix}`.toLowerCase();
      const existing = tableNames.get(shadow);
      if (existing && !KNOWN_LEDGER_TABLES.has(existing)) shadows.set(shadow, o.name);
    }
  }
  return shadows;
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
  const shadows = shadowTables(objects);
  const shadowsOf = (vtab: string): string[] =>
    objects
      .filter((t) => t.type === 'table' && shadows.get(t.name.toLowerCase()) === vtab)
      .map((t) => t.name)
      .sort();

  for (const o of objects) {
    switch (o.type) {
      case 'table': {
        if (/^\s*create\s+virtual\s+table/i.test(o.sql ?? '')) {
          unsafe.set(o.name, 'a virtual table');
          const own = shadowsOf(o.name);
          note(`${o.name} is a virtual table${own.length > 0 ? ` with shadow tables ${own.join(', ')}` : ''}; it is never queried`);
          break;
        }
        const owner = shadows.get(o.name.toLowerCase());
        if (owner !== undefined) {
          // Part of the virtual table noted above (or below): no note of its own, never listed or paged.
          unsafe.set(o.name, `a shadow table of virtual table ${owner}`);
          break;
        }
        const columns = db.prepare(`SELECT name, hidden FROM pragma_table_xinfo(?)`).all(o.name) as ColumnInfo[];
        const generated = columns.filter((c) => c.hidden === 2 || c.hidden === 3).map((c) => c.name);
        if (generated.length > 0) {
          unsafe.set(o.name, `a table with generated columns (${generated.join(', ')})`);
          note(`table ${o.name} has generated columns (${generated.join(', ')}); it is never queried`);
          break;
        }
        tables.set(
          o.name,
          columns.filter((c) => c.hidden === 0).map((c) => String(c.name)),
        );
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
        if (!tables.has(o.tblName) && !objects.some((t) => t.type === 'table' && t.name === o.tblName))
          note(`index ${o.name} on unknown object ${o.tblName}`);
        break;
      default:
        note(`unexpected schema object ${o.type} ${o.name}`);
    }
  }
  return { tables, unsafeLedgerNames: unsafe, objects, notes };
}
