/** BODY_CUT: bodies the recorder cut at capture, by table and direction (event_body_blobs says how much). */
import type Database from 'better-sqlite3';
import { hasColumn } from '../queries/schema.js';
import type { Gap } from './types.js';
import { EXAMPLES } from './types.js';
import { BODY_CUT_WORDS } from './gap-words.js';

export function bodyCutGap(db: Database.Database): Gap | null {
  if (!['original_bytes', 'stored_bytes', 'source_table', 'direction'].every((c) => hasColumn(db, 'event_body_blobs', c))) return null;
  const cut = hasColumn(db, 'event_body_blobs', 'truncated')
    ? '(truncated = 1 OR stored_bytes < original_bytes)'
    : 'stored_bytes < original_bytes';
  // TOTAL, not SUM: sizes are ledger values, and a hostile one past 2^63 must not end the report.
  const places = db
    .prepare(
      `SELECT source_table AS t, direction AS d, COUNT(*) AS n, TOTAL(MAX(original_bytes - stored_bytes, 0)) AS missing
       FROM event_body_blobs WHERE ${cut} GROUP BY source_table, direction ORDER BY source_table, direction`,
    )
    .all() as { t: unknown; d: unknown; n: number; missing: number }[];
  if (places.length === 0) return null;
  const examples = hasColumn(db, 'event_body_blobs', 'event_id')
    ? (db.prepare(`SELECT event_id FROM event_body_blobs WHERE ${cut} ORDER BY id LIMIT ${EXAMPLES}`).pluck().all() as unknown[]).map(
        String,
      )
    : [];
  const rows = places.reduce((n, p) => n + p.n, 0);
  const bytesMissing = places.reduce((n, p) => n + p.missing, 0);
  return {
    kind: 'BODY_CUT',
    rows,
    bytesMissing,
    places: places.map((p) => ({ place: `${String(p.t)}/${String(p.d)}`, rows: p.n, bytesMissing: p.missing })),
    examples,
    says: BODY_CUT_WORDS.section(rows, bytesMissing),
  };
}
