/**
 * EXEC_OUTPUT_EXCERPT and STDERR_NOT_RECORDED. exec_events.stdout_bytes / stderr_bytes are the true totals; what is
 * kept is the lane's body (event_body_blobs) or, without one, the preview. A lane whose body was cut at capture is
 * BODY_CUT already (one gap, one kind); here are the lanes kept only as an excerpt. Ledgers from before capsem#230
 * kept 1 KiB of stdout and no stderr at all.
 */
import type Database from 'better-sqlite3';
import { hasColumn, hasTable } from '../queries/schema.js';
import { EXEC_OUTPUT_EXCERPT_WORDS, OLD_EXCERPT_BYTES, STDERR_NOT_RECORDED_WORDS } from './gap-words.js';
import type { Gap, GapPlace } from './types.js';
import { EXAMPLES } from './types.js';

interface LaneRow {
  readonly id: string;
  readonly produced: number;
  readonly kept: number;
}

export function execExcerptGap(db: Database.Database): Gap | null {
  const places: GapPlace[] = [];
  const examples: string[] = [];
  let oldRegime = 0;
  for (const lane of ['stdout', 'stderr'] as const) {
    const rows = laneRows(db, lane);
    if (rows.length === 0) continue;
    const missing = rows.reduce((n, r) => n + (r.produced - r.kept), 0);
    places.push({ place: `exec_events/${lane}`, rows: rows.length, bytesMissing: missing });
    for (const r of rows) if (examples.length < EXAMPLES && !examples.includes(r.id)) examples.push(r.id);
    oldRegime += rows.filter((r) => r.kept <= OLD_EXCERPT_BYTES).length;
  }
  if (places.length === 0) return null;
  const rows = places.reduce((n, p) => n + p.rows, 0);
  const bytesMissing = places.reduce((n, p) => n + (p.bytesMissing ?? 0), 0);
  return {
    kind: 'EXEC_OUTPUT_EXCERPT',
    rows,
    bytesMissing,
    places,
    examples,
    says: EXEC_OUTPUT_EXCERPT_WORDS.section(rows, bytesMissing, oldRegime === rows),
  };
}

/** Lanes whose total is larger than what is kept, where no cut body already says so. */
function laneRows(db: Database.Database, lane: 'stdout' | 'stderr'): LaneRow[] {
  const total = `${lane}_bytes`;
  const preview = `${lane}_preview`;
  if (!hasColumn(db, 'exec_events', total) || !hasColumn(db, 'exec_events', 'event_id')) return [];
  const previewLength = hasColumn(db, 'exec_events', preview) ? `length(CAST(e.${preview} AS BLOB))` : '0';
  const bodies = ['event_id', 'source_table', 'direction', 'stored_bytes', 'original_bytes'].every((c) =>
    hasColumn(db, 'event_body_blobs', c),
  );
  const kept = bodies ? `COALESCE(b.stored_bytes, ${previewLength}, 0)` : `COALESCE(${previewLength}, 0)`;
  const join = bodies
    ? `LEFT JOIN event_body_blobs b ON b.event_id = e.event_id AND b.source_table = 'exec_events' AND b.direction = '${lane}'`
    : '';
  // A body cut at capture is BODY_CUT's; a lane that kept all it produced is no gap.
  const notCut = bodies ? 'AND (b.id IS NULL OR b.stored_bytes >= b.original_bytes)' : '';
  return (
    db
      .prepare(
        `SELECT e.event_id AS id, e.${total} AS produced, ${kept} AS kept FROM exec_events e ${join}
         WHERE typeof(e.${total}) = 'integer' AND e.${total} > ${kept} ${notCut} ORDER BY e.id`,
      )
      .all() as { id: unknown; produced: number; kept: number }[]
  ).map((r) => ({ id: String(r.id), produced: Number(r.produced), kept: Number(r.kept) }));
}

export function stderrNotRecordedGap(db: Database.Database): Gap | null {
  if (!hasTable(db, 'exec_events') || hasColumn(db, 'exec_events', 'stderr_bytes')) return null;
  const rows = Number(db.prepare('SELECT COUNT(*) FROM exec_events').pluck().get());
  if (rows === 0) return null;
  const examples = hasColumn(db, 'exec_events', 'event_id')
    ? (db.prepare(`SELECT event_id FROM exec_events ORDER BY id LIMIT ${EXAMPLES}`).pluck().all() as unknown[]).map(String)
    : [];
  return {
    kind: 'STDERR_NOT_RECORDED',
    rows,
    bytesMissing: null,
    places: [{ place: 'exec_events/stderr', rows, bytesMissing: null }],
    examples,
    says: STDERR_NOT_RECORDED_WORDS.section(rows),
  };
}
