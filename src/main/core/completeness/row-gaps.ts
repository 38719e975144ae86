/**
 * The gaps on one row, as a transcript line marks them: the same predicates the completeness section counts in SQL
 * (body-gaps, preview-gaps, exec-gaps, header-gaps, the overflow windows), held here to one row's own columns and its
 * bodies in the archive index, and said in the same words (gap-words.ts). A ledger's marks, summed over every line of
 * its session transcript, are the section's rows kind by kind.
 */
import type Database from 'better-sqlite3';
import type { GapMark } from './types.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import {
  BODY_CUT_WORDS,
  BODY_PREVIEW_ONLY_WORDS,
  EXEC_OUTPUT_EXCERPT_WORDS,
  FILE_EVENTS_OVERFLOW_WORDS,
  HEADERS_CUT_WORDS,
  STDERR_NOT_RECORDED_WORDS,
} from './gap-words.js';
import { INDEX_COLUMNS, PREVIEWS } from './preview-gaps.js';

/** One archive index row of the row's bodies: what a cut or a missing body is told by. */
export interface IndexedBody {
  readonly direction: string;
  readonly stored: number;
  /** null where the index has no original_bytes column (then no cut can be told). */
  readonly original: number | null;
  readonly truncated: boolean;
}

type Row = Readonly<Record<string, unknown>>;

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const byteLength = (v: unknown): number =>
  v === null || v === undefined ? 0 : v instanceof Uint8Array ? v.byteLength : Buffer.byteLength(String(v), 'utf8');

/** Cut at capture: flagged truncated, or fewer bytes stored than the original had (body-gaps.ts). */
export function bodyIsCut(db: Database.Database, b: IndexedBody): boolean {
  if (!['original_bytes', 'stored_bytes', 'source_table', 'direction'].every((c) => hasColumn(db, 'event_body_blobs', c))) return false;
  return (b.truncated && hasColumn(db, 'event_body_blobs', 'truncated')) || (b.original !== null && b.stored < b.original);
}

/**
 * The directions of a captured HTTP body this row kept a preview of whose body the archive index lacks
 * (preview-gaps.ts): said only where the ledger has an archive index at all.
 */
export function previewOnlyDirections(db: Database.Database, table: string, row: Row, bodies: readonly IndexedBody[]): string[] {
  if (!INDEX_COLUMNS.every((c) => hasColumn(db, 'event_body_blobs', c)) || text(row.event_id) === null) return [];
  return PREVIEWS.filter(
    (p) =>
      p.table === table &&
      hasColumn(db, table, p.column) &&
      hasColumn(db, table, 'event_id') &&
      text(row[p.column]) !== null &&
      !bodies.some((b) => b.direction === p.direction),
  ).map((p) => p.direction);
}

/**
 * One exec output lane: bytes the command produced (`<lane>_bytes`, the true total) and bytes kept (its body's stored
 * bytes, else its preview), as exec-gaps.ts reads them; null where the ledger does not say what was produced.
 */
export function laneOutput(
  db: Database.Database,
  row: Row,
  lane: 'stdout' | 'stderr',
  bodies: readonly IndexedBody[],
): { produced: number; kept: number; body: IndexedBody | null } | null {
  if (!hasColumn(db, 'exec_events', `${lane}_bytes`) || !hasColumn(db, 'exec_events', 'event_id')) return null;
  const produced = row[`${lane}_bytes`];
  if (typeof produced !== 'number' || !Number.isInteger(produced)) return null;
  const indexed = ['event_id', 'source_table', 'direction', 'stored_bytes', 'original_bytes'].every((c) =>
    hasColumn(db, 'event_body_blobs', c),
  );
  const body = indexed ? (bodies.find((b) => b.direction === lane) ?? null) : null;
  const preview = hasColumn(db, 'exec_events', `${lane}_preview`) ? byteLength(row[`${lane}_preview`]) : 0;
  return { produced, kept: body ? body.stored : preview, body };
}

/** A lane kept only as an excerpt: less kept than produced, where no cut body already says so (one gap, one kind). */
function excerptMark(db: Database.Database, row: Row, lane: 'stdout' | 'stderr', bodies: readonly IndexedBody[]): GapMark | null {
  const out = laneOutput(db, row, lane, bodies);
  if (!out || out.produced <= out.kept) return null;
  if (out.body && out.body.original !== null && out.body.stored < out.body.original) return null;
  return { kind: 'EXEC_OUTPUT_EXCERPT', says: EXEC_OUTPUT_EXCERPT_WORDS.mark(lane, out.kept, out.produced) };
}

/** Every gap on this row of `table`, given its bodies in the archive index (in index order). */
export function rowGapMarks(db: Database.Database, table: string, row: Row, bodies: readonly IndexedBody[]): GapMark[] {
  const marks: GapMark[] = [];
  for (const b of bodies)
    if (bodyIsCut(db, b)) marks.push({ kind: 'BODY_CUT', says: BODY_CUT_WORDS.mark(b.direction, b.stored, b.original ?? b.stored) });
  for (const d of previewOnlyDirections(db, table, row, bodies))
    marks.push({ kind: 'BODY_PREVIEW_ONLY', says: BODY_PREVIEW_ONLY_WORDS.mark(d) });
  if (table === 'exec_events') {
    for (const lane of ['stdout', 'stderr'] as const) {
      const m = excerptMark(db, row, lane, bodies);
      if (m) marks.push(m);
    }
    if (hasTable(db, 'exec_events') && !hasColumn(db, 'exec_events', 'stderr_bytes'))
      marks.push({ kind: 'STDERR_NOT_RECORDED', says: STDERR_NOT_RECORDED_WORDS.mark });
  }
  if (table === 'net_events' && hasColumn(db, 'net_events', 'headers_truncated') && Number(row.headers_truncated) === 1)
    marks.push({ kind: 'HEADERS_CUT', says: HEADERS_CUT_WORDS.mark });
  if (table === 'fs_events' && row.action === 'overflow') {
    const held = typeof row.size === 'number' ? row.size : 0;
    marks.push({ kind: 'FILE_EVENTS_OVERFLOW', says: FILE_EVENTS_OVERFLOW_WORDS.mark(held) });
  }
  return marks;
}
