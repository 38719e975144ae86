/** HEADERS_CUT: net_events whose request or response headers were cut at capture (headers_truncated). */
import type Database from 'better-sqlite3';
import { hasColumn } from '../queries/schema.js';
import type { Gap } from './types.js';
import { EXAMPLES } from './types.js';
import { HEADERS_CUT_WORDS } from './gap-words.js';

export function headersCutGap(db: Database.Database): Gap | null {
  if (!hasColumn(db, 'net_events', 'headers_truncated')) return null;
  const rows = Number(db.prepare('SELECT COUNT(*) FROM net_events WHERE headers_truncated = 1').pluck().get());
  if (rows === 0) return null;
  const id = hasColumn(db, 'net_events', 'event_id') ? 'event_id' : 'id';
  const examples = (
    db.prepare(`SELECT ${id} FROM net_events WHERE headers_truncated = 1 ORDER BY id LIMIT ${EXAMPLES}`).pluck().all() as unknown[]
  ).map(String);
  return {
    kind: 'HEADERS_CUT',
    rows,
    bytesMissing: null,
    places: [{ place: 'net_events/headers', rows, bytesMissing: null }],
    examples,
    says: HEADERS_CUT_WORDS.section(rows),
  };
}
