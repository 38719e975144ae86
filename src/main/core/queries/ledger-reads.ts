// Small read helpers over the evidence connection. Table and column names come from sqlite_master or from
// our own constants, never from user input, and are quoted all the same.
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';

export function tableNames(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

export function columnsOf(db: Database.Database, table: string): Set<string> {
  return new Set((db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((r) => r.name));
}

export function scalar(db: Database.Database, sql: string, ...params: unknown[]): number {
  const row = db
    .prepare(sql)
    .raw()
    .get(...params) as unknown[] | undefined;
  const v = row?.[0];
  if (v === null || v === undefined) return 0;
  return typeof v === 'bigint' ? Number(v) : Number(v);
}

export function scalarOrNull(db: Database.Database, sql: string, ...params: unknown[]): number | null {
  const row = db
    .prepare(sql)
    .raw()
    .get(...params) as unknown[] | undefined;
  const v = row?.[0];
  if (v === null || v === undefined) return null;
  return Number(v);
}

export function countRows(db: Database.Database, table: string): number {
  return scalar(db, `SELECT COUNT(*) FROM ${quoteIdent(table)}`);
}
