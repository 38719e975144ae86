/**
 * The archive index rows of some rows' bodies, as a gap is told by them (row-gaps.ts): direction, bytes stored,
 * bytes the original had and the truncated flag, per event_id of one source table, in index order. Columns an older
 * ledger lacks read as "nothing cut" (0 / NULL), so no gap is invented.
 */
import type Database from 'better-sqlite3';
import { hasColumn } from '../queries/schema.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';
import type { IndexedBody } from './row-gaps.js';

export function indexedBodiesOf(db: Database.Database, table: string, eventIds: readonly string[]): Map<string, IndexedBody[]> {
  const out = new Map<string, IndexedBody[]>();
  if (eventIds.length === 0 || !['event_id', 'source_table', 'direction'].every((c) => hasColumn(db, 'event_body_blobs', c))) return out;
  const stored = hasColumn(db, 'event_body_blobs', 'stored_bytes') ? 'stored_bytes' : '0';
  const original = hasColumn(db, 'event_body_blobs', 'original_bytes') ? 'original_bytes' : 'NULL';
  const truncated = hasColumn(db, 'event_body_blobs', 'truncated') ? 'truncated' : '0';
  for (const ids of inChunks(eventIds)) {
    const q = `SELECT event_id AS e, direction AS d, ${stored} AS n, ${original} AS o, ${truncated} AS x FROM event_body_blobs
      WHERE source_table = ? AND event_id IN (${marks(ids.length)}) ORDER BY id`;
    for (const r of db.prepare(q).all(table, ...ids) as { e: string; d: unknown; n: number; o: number | null; x: unknown }[]) {
      const body = {
        direction: String(r.d),
        stored: Number(r.n),
        original: r.o === null ? null : Number(r.o),
        truncated: Number(r.x) === 1,
      };
      const list = out.get(r.e);
      if (list) list.push(body);
      else out.set(r.e, [body]);
    }
  }
  return out;
}
