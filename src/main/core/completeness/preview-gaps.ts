/**
 * BODY_PREVIEW_ONLY: a row that kept a preview of its content, whose body is not in the archive's index. The preview
 * (at most 2,048 bytes, docs/formats/ledger-format.md) shows that content existed; the body, the evidence, was never
 * indexed, so only the preview can be shown and nothing of it can be verified. Only the HTTP bodies the proxy
 * captures (net_events, model_calls) are held to it: whether every tool call's or tool response's content is archived
 * is not documented ([unknown]), and an absent body there must not read as a gap. Exec lanes are EXEC_OUTPUT_EXCERPT's
 * (one gap, one kind). Said only where the ledger has an archive index at all: a generation without one never kept
 * bodies, and its previews are all it ever meant to hold.
 */
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { BODY_PREVIEW_ONLY_WORDS } from './gap-words.js';
import type { Gap, GapPlace } from './types.js';
import { EXAMPLES } from './types.js';

/** Each preview column and the body direction it previews (a line's mark holds a row to the same, row-gaps.ts). */
export const PREVIEWS: readonly { table: string; column: string; direction: string }[] = [
  { table: 'net_events', column: 'request_body_preview', direction: 'request' },
  { table: 'net_events', column: 'response_body_preview', direction: 'response' },
  { table: 'model_calls', column: 'request_body_preview', direction: 'request' },
];

export const INDEX_COLUMNS = ['event_id', 'source_table', 'direction'];

export function previewOnlyGap(db: Database.Database): Gap | null {
  if (!INDEX_COLUMNS.every((c) => hasColumn(db, 'event_body_blobs', c))) return null;
  const places: GapPlace[] = [];
  const examples: string[] = [];
  for (const p of PREVIEWS) {
    if (!hasTable(db, p.table) || !hasColumn(db, p.table, p.column) || !hasColumn(db, p.table, 'event_id')) continue;
    const where = previewWithoutBody(p.column);
    const n = Number(
      db
        .prepare(`SELECT COUNT(*) FROM ${quoteIdent(p.table)} AS t WHERE ${where}`)
        .pluck()
        .get(p.table, p.direction),
    );
    if (n === 0) continue;
    places.push({ place: `${p.table}/${p.direction}`, rows: n, bytesMissing: null });
    const ids = db
      .prepare(`SELECT t.event_id FROM ${quoteIdent(p.table)} AS t WHERE ${where} ORDER BY t.rowid LIMIT ${EXAMPLES}`)
      .pluck()
      .all(p.table, p.direction) as unknown[];
    for (const id of ids) if (examples.length < EXAMPLES && !examples.includes(String(id))) examples.push(String(id));
  }
  if (places.length === 0) return null;
  const rows = places.reduce((n, p) => n + p.rows, 0);
  return {
    kind: 'BODY_PREVIEW_ONLY',
    rows,
    bytesMissing: null,
    places,
    examples,
    says: BODY_PREVIEW_ONLY_WORDS.section(rows),
  };
}

/** A non-empty preview, an event id to look the body up by, and no body of that row in that direction. */
function previewWithoutBody(column: string): string {
  const col = `t.${quoteIdent(column)}`;
  return `${col} IS NOT NULL AND ${col} <> '' AND t.event_id IS NOT NULL AND t.event_id <> ''
    AND NOT EXISTS (SELECT 1 FROM event_body_blobs AS b WHERE b.event_id = t.event_id AND b.source_table = ? AND b.direction = ?)`;
}
