/**
 * Booby-trapped ledgers (SQL-3): valid A4 ledgers edited so that ledger names are views that never end or call
 * functions, tables carry triggers and generated columns, and foreign objects sit beside them. Any code path that
 * queries a trapped object hangs (the recursive views) or fails, so a clean, prompt session proves it was not queried.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';

/** A view over an endless recursive CTE, with `columns` so the shape looks like the table it replaces. */
function endlessView(name: string, columns: readonly string[]): string {
  const cols = columns.map((c) => `n AS "${c}"`).join(', ');
  return `CREATE VIEW "${name}" AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT ${cols} FROM r`;
}

function columnsOf(db: Database.Database, table: string): string[] {
  return (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((r) => r.name);
}

/** Objects that are not part of any ledger and must be noted, never queried. */
export const TRAP_NOTES = [
  'audit_events',
  'substitution_events',
  'model_items',
  'net_events_trap',
  'evil_table',
  'evil_view',
  'evil_fts',
] as const;

export interface TrapLedger {
  readonly ledger: WrittenLedger;
  /** Ledger tables that are now views or carry generated columns: never in the table list. */
  readonly trappedTables: readonly string[];
}

/** Traps on tables a ledger can live without: the session must open, note each trap, and never touch them. */
export async function writeTrappedLedger(dir: string): Promise<TrapLedger> {
  const ledger = await writeLedger(join(dir, 'trapped'), { generation: 'A4', journalMode: 'delete', seed: 11 });
  const db = new Database(ledger.dbPath);
  try {
    const audit = columnsOf(db, 'audit_events');
    const subst = columnsOf(db, 'substitution_events');
    db.exec(`
      DROP TABLE audit_events;
      ${endlessView('audit_events', audit)};
      DROP TABLE substitution_events;
      CREATE VIEW substitution_events AS SELECT load_extension('/nonexistent/evil.so') AS ${subst.map((c) => `"${c}"`).join(", load_extension('x') AS ")};
      ALTER TABLE model_items ADD COLUMN boom BLOB GENERATED ALWAYS AS (zeroblob(2000000000)) VIRTUAL;
      CREATE TRIGGER net_events_trap AFTER INSERT ON net_events BEGIN SELECT load_extension('/nonexistent/evil.so'); END;
      CREATE TABLE evil_table (x);
      INSERT INTO evil_table VALUES ('not a ledger table');
      ${endlessView('evil_view', ['x'])};
      CREATE VIRTUAL TABLE evil_fts USING fts5(body);
    `);
  } finally {
    db.close();
  }
  return { ledger, trappedTables: ['audit_events', 'substitution_events', 'model_items', 'evil_view', 'evil_fts'] };
}

/** A required ledger table (net_events) replaced by an endless view: refused by name, promptly. */
export async function writeRequiredTableView(dir: string): Promise<WrittenLedger> {
  const ledger = await writeLedger(join(dir, 'required'), { generation: 'A4', journalMode: 'delete', seed: 12 });
  const db = new Database(ledger.dbPath);
  try {
    const cols = columnsOf(db, 'net_events');
    db.pragma('foreign_keys = OFF');
    db.exec(`DROP TABLE net_events; ${endlessView('net_events', cols)};`);
  } finally {
    db.close();
  }
  return ledger;
}
