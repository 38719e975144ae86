/**
 * What tables and columns the ledger has, read once per connection from SQLite's own catalogue.
 * Every identifier that reaches SQL text comes from here (never from a request), quoted.
 */
import type Database from 'better-sqlite3';
import type { ColumnInfo, TableInfo, TableSchemaInfo } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import { quoteIdent } from '../evidence/sql-values.js';

export interface TableSchema {
  readonly name: string;
  readonly columns: readonly ColumnInfo[];
  readonly hasEventId: boolean;
  /** True for ordinary rowid tables; WITHOUT ROWID tables cannot be keyset-paged by rowid. */
  readonly hasRowid: boolean;
}

const cache = new WeakMap<Database.Database, Map<string, TableSchema>>();
const allowed = new WeakMap<Database.Database, ReadonlySet<string>>();

/**
 * Limits what the queries will touch to the tables the evidence opener vouched for (real tables, never views or
 * unknown objects). Call before the first query on a connection.
 */
export function restrictTables(db: Database.Database, names: Iterable<string>): void {
  allowed.set(db, new Set(names));
  cache.delete(db);
}

function columnKind(name: string, type: string): ColumnInfo['kind'] {
  const t = type.toUpperCase();
  if (/_unix_ms$/.test(name)) return 'unix_ms';
  if (/^(timestamp|created_at|sealed_at)$/.test(name) || /_at$/.test(name)) return t.includes('INT') ? 'other' : 'timestamp';
  if (t.includes('INT')) return 'integer';
  if (t.includes('CHAR') || t.includes('TEXT') || t.includes('CLOB')) return 'text';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  if (t.includes('BLOB')) return 'blob';
  return 'other';
}

function readTable(db: Database.Database, name: string): TableSchema {
  const q = quoteIdent(name);
  const cols = db.prepare(`PRAGMA table_info(${q})`).all() as { name: string; type: string; pk: number }[];
  const indexed = new Set<string>();
  const indexes = db.prepare(`PRAGMA index_list(${q})`).all() as { name: string }[];
  for (const ix of indexes) {
    const first = db.prepare(`PRAGMA index_info(${quoteIdent(ix.name)})`).all() as { seqno: number; name: string | null }[];
    const lead = first.find((c) => c.seqno === 0);
    if (lead?.name) indexed.add(lead.name);
  }
  const pkCols = cols.filter((c) => c.pk > 0);
  const sql =
    (db.prepare(`SELECT sql FROM sqlite_schema WHERE type='table' AND name=?`).get(name) as { sql: string | null } | undefined)?.sql ?? '';
  const hasRowid = !/WITHOUT\s+ROWID/i.test(sql);
  // An INTEGER PRIMARY KEY is the rowid itself: the cheapest sort of all.
  const rowidAlias = hasRowid && pkCols.length === 1 && pkCols[0]!.type.toUpperCase() === 'INTEGER' ? pkCols[0]!.name : null;
  const columns: ColumnInfo[] = cols.map((c) => ({
    name: c.name,
    type: c.type,
    sortable: c.name === rowidAlias || indexed.has(c.name),
    primaryKey: c.pk > 0,
    kind: columnKind(c.name, c.type),
  }));
  return { name, columns, hasEventId: cols.some((c) => c.name === 'event_id'), hasRowid };
}

/** Every ordinary table (sqlite_* internals left out), in name order. */
export function tableSchemas(db: Database.Database): Map<string, TableSchema> {
  let map = cache.get(db);
  if (!map) {
    map = new Map();
    const names = db.prepare(`SELECT name FROM sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as {
      name: string;
    }[];
    const allow = allowed.get(db);
    for (const { name } of names) if (!allow || allow.has(name)) map.set(name, readTable(db, name));
    cache.set(db, map);
  }
  return map;
}

export function tableSchema(db: Database.Database, name: string): TableSchema {
  const t = tableSchemas(db).get(name);
  if (!t) throw new InspectorError('BAD_REQUEST', `the ledger has no table named ${name}`);
  return t;
}

/**
 * Whether the ledger has an ordinary table of that name that the queries may touch. Answered from the catalogue (or
 * the opener's list) without reading every table's columns, so the session check can ask it of a ledger whose
 * other tables would not bear a PRAGMA.
 */
export function hasTable(db: Database.Database, name: string): boolean {
  if (/^sqlite./i.test(name)) return false; // SQLite's internals, left out as tableSchemas leaves them out
  const known = cache.get(db);
  if (known) return known.has(name);
  const allow = allowed.get(db);
  if (allow) return allow.has(name);
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

export function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return (
    tableSchemas(db)
      .get(table)
      ?.columns.some((c) => c.name === column) ?? false
  );
}

export function countRows(db: Database.Database, table: string): number {
  const row = db.prepare(`SELECT COUNT(*) AS n FROM ${quoteIdent(tableSchema(db, table).name)}`).get() as { n: number | bigint };
  return Number(row.n);
}

/**
 * Per connection: a connection only ever sees a read-only scratch copy that nothing writes to, so its tables and
 * their row counts never change, and COUNT(*) of a million-row table (~0.5 s) is paid once, not on every Tables view.
 */
const tableLists = new WeakMap<Database.Database, readonly TableInfo[]>();

/** Every table as its schema gives it, no row read (what a table's grid needs before the counts are in). */
export function listTableSchemas(db: Database.Database): readonly TableSchemaInfo[] {
  return [...tableSchemas(db).values()].map((t) => ({ name: t.name, columns: t.columns, hasEventId: t.hasEventId }));
}

export function listTables(db: Database.Database): readonly TableInfo[] {
  let list = tableLists.get(db);
  if (!list) {
    list = listTableSchemas(db).map((t) => ({ ...t, rowCount: countRows(db, t.name) }));
    tableLists.set(db, list);
  }
  return list;
}

/**
 * Hands listTables counts made elsewhere (row-counts.ts counts them in a worker on its own connection to the same
 * read-only copy). Ignored unless it covers every table, or when listTables already has its answer.
 */
export function seedRowCounts(db: Database.Database, counts: ReadonlyMap<string, number>): void {
  if (tableLists.has(db)) return;
  const schemas = listTableSchemas(db);
  if (!schemas.every((t) => counts.has(t.name))) return;
  tableLists.set(
    db,
    schemas.map((t) => ({ ...t, rowCount: counts.get(t.name)! })),
  );
}
