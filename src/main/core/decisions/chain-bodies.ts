// The bodies archived for a chain row, by their key (event_id, source_table, direction): named with their sizes,
// never read, so looking at a chain costs no archive read and prints no attacker-chosen bytes.
import type Database from 'better-sqlite3';
import { tableColumns } from './columns.js';
import { numberOf, textOf } from './row-values.js';
import type { ChainBody } from './types.js';

export type BodyLookup = (eventId: string, sourceTable: string) => ChainBody[] | null;

/** A lookup over event_body_blobs, or one answering null when the ledger keeps no archive index. */
export function bodyLookup(db: Database.Database): { lookup: BodyLookup; missing: readonly string[] } {
  const c = tableColumns(db, 'event_body_blobs', [
    'event_id',
    'source_table',
    'direction',
    'content_type',
    'original_bytes',
    'stored_bytes',
  ]);
  if (!c.exists || !c.has('event_id') || !c.has('source_table') || !c.has('direction'))
    return { lookup: () => null, missing: c.exists ? c.missing : ['event_body_blobs'] };
  const query = db.prepare(
    `SELECT direction, ${c.sql('content_type')} AS type, ${c.sql('original_bytes')} AS original, ${c.sql('stored_bytes')} AS stored
      FROM event_body_blobs WHERE event_id = ? AND source_table = ? ORDER BY direction, rowid`,
  );
  return {
    missing: c.missing,
    lookup: (eventId, sourceTable) =>
      (query.all(eventId, sourceTable) as Record<string, unknown>[]).map((r) => ({
        direction: textOf(r.direction) ?? '',
        contentType: textOf(r.type),
        originalBytes: r.original === null ? null : numberOf(r.original),
        storedBytes: r.stored === null ? null : numberOf(r.stored),
      })),
  };
}
