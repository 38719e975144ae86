// Column expressions that degrade to NULL when an older ledger lacks the column, so one query text serves
// every generation. Names come from our own constants and the schema catalogue, never from a request.
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';

/** `alias."name" AS as` when the column exists, else `NULL AS as`. */
export function colOr(db: Database.Database, table: string, alias: string, name: string, as = name, fallback = 'NULL'): string {
  const expr = hasColumn(db, table, name) ? `${alias}.${quoteIdent(name)}` : fallback;
  return `${expr} AS ${quoteIdent(as)}`;
}

/** The bare expression (for WHERE / GROUP BY), or the fallback. */
export function colExpr(db: Database.Database, table: string, alias: string, name: string, fallback = 'NULL'): string {
  return hasColumn(db, table, name) ? `${alias}.${quoteIdent(name)}` : fallback;
}

export function haveAll(db: Database.Database, table: string, ...columns: string[]): boolean {
  return hasTable(db, table) && columns.every((c) => hasColumn(db, table, c));
}

/** better-sqlite3 returns numbers (or bigints under safeIntegers); the contract wants plain numbers or null. */
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Cut long text for previews that cross the contract (the Event view shows the whole value). */
export function preview(v: unknown, max = 240): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** RFC 3339 text → unix ms, or null when unreadable (keeps the stored text for display elsewhere). */
export function isoMs(v: unknown): number | null {
  if (typeof v !== 'string' || v === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(v);
  if (!m) return null;
  const base = Date.parse(`${m[1]}${m[4]}`);
  if (Number.isNaN(base)) return null;
  const frac = m[3] ? Number(`0.${m[3]}`) * 1000 : 0;
  return base + frac;
}
