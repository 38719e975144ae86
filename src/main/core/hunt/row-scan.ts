// The row indicators' one walk: the rows of a few known tables, streamed in rowid order (never a whole table in
// memory), each tested column by column in JavaScript. SQLite has no inet type nor glob semantics of ours, so the
// comparison happens here; only columns the ledger really has are read (older shapes lack many of them).
import type Database from 'better-sqlite3';
import { rowTimeMs, timeColumnOf } from '../search/row-time.js';

/** Where a row indicator looks: a table and its columns, tried in this order. */
export interface RowColumns {
  readonly table: string;
  readonly columns: readonly string[];
}

/** One row that matched, named by the first of its columns that did. */
export interface RowHit {
  readonly table: string;
  readonly column: string;
  readonly rowid: number;
  /** '' when the table keeps no event_id. */
  readonly eventId: string;
  /** The column's value as stored. */
  readonly value: string;
  /** When the row happened (row-time.ts), null when it keeps no readable time. */
  readonly timeMs: number | null;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Visits each row of `targets` whose text in one of the columns satisfies `matches`, once per row, table by table
 * in rowid order; `visit` returns false to stop.
 */
export function scanRows(
  db: Database.Database,
  tables: ReadonlyMap<string, readonly string[]>,
  targets: readonly RowColumns[],
  matches: (value: string, column: string) => boolean,
  visit: (hit: RowHit) => boolean,
): void {
  for (const { table, columns } of targets) {
    const have = tables.get(table);
    if (!have) continue;
    const wanted = columns.filter((c) => have.includes(c));
    if (wanted.length === 0) continue;
    const time = timeColumnOf(have);
    const rows = db
      .prepare(
        `SELECT rowid, ${have.includes('event_id') ? 'event_id' : "''"}, ${time ? quote(time) : 'NULL'}, ${wanted.map(quote).join(', ')}
         FROM ${quote(table)} ORDER BY rowid`,
      )
      .raw(true)
      .iterate() as Iterable<unknown[]>;
    for (const [rowid, eventId, when, ...values] of rows) {
      const at = values.findIndex((v, i) => typeof v === 'string' && matches(v, wanted[i]!));
      if (at < 0) continue;
      const hit: RowHit = {
        table,
        column: wanted[at]!,
        rowid: Number(rowid),
        eventId: typeof eventId === 'string' ? eventId : '',
        value: values[at] as string,
        timeMs: rowTimeMs(when),
      };
      if (!visit(hit)) return;
    }
  }
}
