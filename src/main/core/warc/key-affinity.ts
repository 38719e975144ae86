/**
 * Whether a source table's `event_id = ?` can be answered by the spool, and with which column affinity.
 *
 * The spool stores each key exactly as the source holds it, in a column of the same affinity and the default BINARY
 * collation, so `event_id = ?` (the bound text converted, or not, the same way) and the spool's index agree with the
 * source row for row. That holds for an ordinary table whose event_id column declares no collation. Anything else
 * (a view, a virtual table, a COLLATE clause, a STRICT `ANY` column, no event_id column) returns null: the caller
 * then keeps the exact per-row query, which is slow on a large table but never answers differently.
 */
import type Database from 'better-sqlite3';

export type KeyAffinity = 'TEXT' | 'NUMERIC' | 'INTEGER' | 'REAL' | 'BLOB';

/** SQLite's rules for the affinity of a declared column type (datatype3.html §3.1), in their order. */
export function affinityOfDeclaredType(declared: string): KeyAffinity {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'INTEGER';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'TEXT';
  if (t.includes('BLOB') || t.trim() === '') return 'BLOB';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'REAL';
  return 'NUMERIC';
}

interface SchemaRow {
  readonly type: unknown;
  readonly sql: unknown;
}

interface ColumnRow {
  readonly name: unknown;
  readonly type: unknown;
}

/** The affinity the spool must give `event_id` of `table`, or null when only the per-row query is exact. */
export function spoolKeyAffinity(db: Database.Database, table: string): KeyAffinity | null {
  // Table names resolve case-insensitively in SQL, so the schema row is found the same way.
  const schema = db
    .prepare("SELECT type, sql FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')")
    .all(table) as SchemaRow[];
  if (schema.length !== 1) return null;
  const { type, sql } = schema[0]!;
  if (type !== 'table' || typeof sql !== 'string') return null;
  if (/^\s*CREATE\s+VIRTUAL\b/i.test(sql) || /\bCOLLATE\b/i.test(sql)) return null;
  // The ledger's own pragma function on its own table: read-only, no schema objects involved.
  const columns = db.prepare('SELECT name, type FROM pragma_table_xinfo(?)').all(table) as ColumnRow[];
  const key = columns.filter((c) => typeof c.name === 'string' && c.name.toLowerCase() === 'event_id');
  if (key.length !== 1) return null;
  const declared = typeof key[0]!.type === 'string' ? key[0]!.type : '';
  // In a STRICT table `ANY` means no affinity at all; elsewhere it means NUMERIC. Do not guess which.
  if (declared.trim().toUpperCase() === 'ANY' && /\bSTRICT\b/i.test(sql)) return null;
  return affinityOfDeclaredType(declared);
}
