/**
 * The archived bodies filed under one event id: where bytes the ledger kept can be read (`capsem-inspect body`), named
 * by the index's unique key (event id, source table, direction) and never read here.
 */
import type Database from 'better-sqlite3';
import type { BodyPointer } from '../../../shared/contract/files.js';
import { hasColumn } from '../queries/schema.js';

export type BodyLookup = (eventId: unknown, sourceTable?: string) => BodyPointer[];

/** A lookup over event_body_blobs (its UNIQUE(event_id, source_table, direction) index serves it), or none. */
export function bodyLookup(db: Database.Database, hasBodies: boolean): BodyLookup {
  if (!hasBodies) return () => [];
  const size = hasColumn(db, 'event_body_blobs', 'original_bytes') ? 'original_bytes' : 'NULL';
  const stmt = db.prepare(
    `SELECT event_id AS eventId, source_table AS sourceTable, direction, ${size} AS originalBytes
     FROM event_body_blobs WHERE event_id = ? ORDER BY source_table, direction`,
  );
  // One call is joined to every change of its trace: its bodies are looked up once.
  const known = new Map<string, BodyPointer[]>();
  return (eventId, sourceTable) => {
    if (typeof eventId !== 'string' || eventId === '') return [];
    let all = known.get(eventId);
    if (!all) known.set(eventId, (all = read(eventId)));
    return all.filter((b) => sourceTable === undefined || b.sourceTable === sourceTable);
  };
  function read(eventId: string): BodyPointer[] {
    const rows = stmt.all(eventId) as { eventId: unknown; sourceTable: unknown; direction: unknown; originalBytes: unknown }[];
    return rows.map((r) => ({
      eventId: String(r.eventId),
      sourceTable: String(r.sourceTable),
      direction: String(r.direction),
      originalBytes: r.originalBytes === null || r.originalBytes === undefined ? null : Number(r.originalBytes),
    }));
  }
}
