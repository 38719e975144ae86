/**
 * The rows a case item can name, looked up on the evidence's read-only connection. Only tables the evidence opener
 * vouched for (`evidence.tables`: real tables, never views) are queried, their names quoted.
 */
import type { Evidence } from '../evidence/types.js';
import { quoteIdent } from '../evidence/sql-values.js';

/** The tables whose rows carry an event_id (the body index itself is not a row an item tags). */
export function eventTables(evidence: Evidence): string[] {
  return [...evidence.tables]
    .filter(([name, columns]) => name !== 'event_body_blobs' && columns.includes('event_id'))
    .map(([name]) => name);
}

/** The tables holding a row with this event_id, in name order. */
export function tablesHoldingEvent(evidence: Evidence, eventId: string): string[] {
  return eventTables(evidence)
    .filter((t) => rowExists(evidence, t, { eventId, rowid: null }))
    .sort();
}

/** Whether `table` holds the row: by event_id when there is one, else by rowid. False for a table the ledger lacks. */
export function rowExists(evidence: Evidence, table: string, row: { eventId: string | null; rowid: number | null }): boolean {
  const columns = evidence.tables.get(table);
  if (!columns) return false;
  if (row.eventId !== null) {
    if (!columns.includes('event_id')) return false;
    return evidence.db.prepare(`SELECT 1 FROM ${quoteIdent(table)} WHERE event_id = ? LIMIT 1`).get(row.eventId) !== undefined;
  }
  try {
    return evidence.db.prepare(`SELECT 1 FROM ${quoteIdent(table)} WHERE _rowid_ = ?`).get(row.rowid) !== undefined;
  } catch {
    // A WITHOUT ROWID table has no rowid to name a row by.
    return false;
  }
}
