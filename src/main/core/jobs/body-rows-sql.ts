// Reads event_body_blobs rows for the worker, which opens the scratch copy itself so that no row list has
// to cross the thread boundary. Columns that an older generation lacks read as NULL.
import type Database from 'better-sqlite3';
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { SqliteBodyRow } from './verify-sqlite-bodies.js';

const INDEX_COLUMNS = [
  'id', 'event_id', 'event_type', 'source_table', 'direction', 'content_type', 'original_bytes', 'stored_bytes',
  'truncated', 'body_hash', 'block_offset', 'body_offset', 'body_len', 'trace_id', 'turn_id', 'created_at',
] as const;

type RawRow = Record<(typeof INDEX_COLUMNS)[number], unknown>;

function selectList(db: Database.Database, wanted: readonly string[]): string {
  const present = new Set(
    (db.prepare('SELECT name FROM pragma_table_info(?)').all('event_body_blobs') as { name: string }[]).map((r) => r.name),
  );
  return wanted.map((c) => (present.has(c) ? `"${c}"` : `NULL AS "${c}"`)).join(', ');
}

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function toBodyIndexRow(r: RawRow): BodyIndexRow {
  const bodyLen = num(r.body_len);
  return {
    id: num(r.id),
    eventId: str(r.event_id),
    sourceTable: str(r.source_table),
    direction: str(r.direction),
    eventType: strOrNull(r.event_type),
    contentType: strOrNull(r.content_type),
    originalBytes: numOrNull(r.original_bytes) ?? bodyLen,
    storedBytes: numOrNull(r.stored_bytes) ?? bodyLen,
    truncated: num(r.truncated) !== 0,
    bodyHash: str(r.body_hash),
    blockOffset: numOrNull(r.block_offset),
    bodyOffset: numOrNull(r.body_offset),
    bodyLen,
    traceId: strOrNull(r.trace_id),
    turnId: strOrNull(r.turn_id),
    createdAt: strOrNull(r.created_at),
  };
}

/** Rows naming one block, in body_offset order (the index on (block_offset, body_offset, id) serves it). */
export function blockRowReader(db: Database.Database): (blockOffset: number) => Iterable<BodyIndexRow> {
  const stmt = db.prepare(
    `SELECT ${selectList(db, INDEX_COLUMNS)} FROM event_body_blobs WHERE block_offset = ? ORDER BY body_offset, id`,
  );
  return function* rows(blockOffset) {
    for (const r of stmt.iterate(blockOffset)) yield toBodyIndexRow(r as RawRow);
  };
}

/** L0 rows with their in-SQLite bodies, for an inclusive rowid range. */
export function* sqliteBodyRows(db: Database.Database, firstId: number, lastId: number): Iterable<SqliteBodyRow> {
  const stmt = db.prepare(
    `SELECT ${selectList(db, ['id', 'event_id', 'source_table', 'direction', 'body', 'body_hash'])} ` +
      'FROM event_body_blobs WHERE id BETWEEN ? AND ? ORDER BY id',
  );
  for (const raw of stmt.iterate(firstId, lastId)) {
    const r = raw as Record<string, unknown>;
    yield {
      id: num(r.id),
      eventId: str(r.event_id),
      sourceTable: str(r.source_table),
      direction: str(r.direction),
      body: asBytes(r.body),
      bodyHash: strOrNull(r.body_hash),
    };
  }
}

function asBytes(v: unknown): Uint8Array | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return v;
  return new TextEncoder().encode(String(v));
}
