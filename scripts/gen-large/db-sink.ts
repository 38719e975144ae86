// The SQLite side of the scale ledger: A2 tables without their secondary indexes, rows through one prepared
// statement per table inside large transactions, then the indexes, then journal_mode DELETE (no -wal left).
import Database from 'better-sqlite3';
import { createSchema, schemaFor } from '../../test/fixtures/writer/schema-generations.js';
import { TABLE_COLUMNS } from './tables.js';
import type { SqlCell, TableName } from './tables.js';

const ROWS_PER_TRANSACTION = 100_000;

export class DbSink {
  private readonly db: Database.Database;
  private readonly statements = new Map<TableName, Database.Statement>();
  private readonly counts = new Map<TableName, number>();
  private readonly indexes: readonly string[];
  private pending = 0;

  constructor(path: string) {
    this.db = new Database(path);
    // Bulk load: no rollback journal and no fsync; the file is only handed over after finish().
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // Index rows are written as bodies are placed; their block's row follows when the block is sealed.
    this.db.pragma('foreign_keys = OFF');
    this.db.pragma('page_size = 4096');
    this.db.pragma('cache_size = -65536');
    const schema = schemaFor('A2');
    this.indexes = schema.indexes;
    createSchema(this.db, { tables: schema.tables, indexes: [] });
    for (const [table, columns] of Object.entries(TABLE_COLUMNS) as [TableName, readonly string[]][]) {
      const have = new Set((this.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
      const missing = columns.filter((c) => !have.has(c));
      if (have.size === 0 || missing.length > 0) throw new Error(`gen-large: A2 table ${table} lacks ${missing.join(', ') || 'itself'}`);
      this.statements.set(
        table,
        this.db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`),
      );
      this.counts.set(table, 0);
    }
    this.db.exec('BEGIN');
  }

  insert(table: TableName, values: readonly SqlCell[]): void {
    this.statements.get(table)!.run(values);
    this.counts.set(table, this.counts.get(table)! + 1);
    if (++this.pending >= ROWS_PER_TRANSACTION) {
      this.db.exec('COMMIT; BEGIN');
      this.pending = 0;
    }
  }

  count(table: TableName): number {
    return this.counts.get(table)!;
  }

  /** Commits, builds the secondary indexes over the loaded rows, and leaves a plain rollback-journal file. */
  finish(): Record<string, number> {
    this.db.exec('COMMIT');
    this.db.transaction(() => {
      for (const sql of this.indexes) this.db.exec(sql);
    })();
    this.db.pragma('journal_mode = DELETE');
    this.db.close();
    return Object.fromEntries(this.counts);
  }
}
