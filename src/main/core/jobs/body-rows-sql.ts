// Reads event_body_blobs rows for the worker, which opens the scratch copy itself so that no row list has
// to cross the thread boundary. Columns that an older generation lacks read as NULL.
import type Database from 'better-sqlite3';
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { SqliteBodyRow } from './verify-sqlite-bodies.js';

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

/** What verification reads of a row: where its bytes are and what they must hash to. */
const VERIFY_COLUMNS = ['id', 'body_hash', 'block_offset', 'body_offset', 'body_len'] as const;
/** What a failure sentence names besides: read only for the rare failing row. */
const NAMING_COLUMNS = ['id', 'event_id', 'source_table', 'direction', 'body_hash', 'block_offset', 'body_offset', 'body_len'] as const;

const leanRow = (r: unknown[], named: { eventId: string; sourceTable: string; direction: string }): BodyIndexRow => {
  const bodyLen = num(r[4]);
  // One literal with every field in one order (no spread): 325k of these per GiB, and one shape keeps them cheap.
  return {
    id: num(r[0]),
    eventId: named.eventId,
    sourceTable: named.sourceTable,
    direction: named.direction,
    bodyHash: str(r[1]),
    blockOffset: numOrNull(r[2]),
    bodyOffset: numOrNull(r[3]),
    bodyLen,
    eventType: null,
    contentType: null,
    originalBytes: bodyLen,
    storedBytes: bodyLen,
    truncated: false,
    traceId: null,
    turnId: null,
    createdAt: null,
  };
};
const UNNAMED = { eventId: '', sourceTable: '', direction: '' };
/**
 * Rows fetched per statement step: `.all()` over a keyset page costs ~12% less of a verification than `.iterate()`
 * row by row, and the page keeps memory bounded however many rows name one block (zero-length bodies could be
 * any number).
 */
const ROWS_PER_READ = 1024;

/**
 * Rows naming one block, with only the columns verification reads. At 325k rows, reading all sixteen columns into
 * objects cost three times the SQL itself, and the three naming texts were still 1.4 s of a 6 s verification; they
 * are read again, by id, only for a row that fails (`namedBodyRow`). The other fields are neutral: NULL, not
 * truncated, and original/stored bytes equal to body_len. Verification never looks at them.
 *
 * Two ways to the rows, the cheaper one when it applies. Capsem writes a block's rows as it writes the block, so
 * their ids are nearly contiguous: then the rows come from a rowid range of the table itself, read in id order
 * (a sequential walk of the table's pages). Reached through the index on (block_offset, body_offset, id) instead,
 * every row costs a seek into the table (~1 µs each; a third of the SQL's time). Where a block's ids are spread out
 * (more than twice as many ids in its range as rows), or the ledger has no such index, the rows come through the
 * index as before, in (body_offset, id) order. Either way pages of 1,024 rows keep memory bounded however many rows
 * name one block. Verification accepts rows of a block in any order (each is checked on its own span).
 */
export interface BlockRowReader {
  (blockOffset: number): Iterable<BodyIndexRow>;
  /**
   * Finds the id spans of these blocks (the next ones asked for) in one walk of the index: ~0.07 ms a block
   * otherwise, 80 ms per worker at 1,087 blocks. Holds one entry per block given, until the next call.
   */
  prepare(blockOffsets: readonly number[]): void;
}

export function blockRowReader(db: Database.Database, blockOffsets?: readonly number[]): BlockRowReader {
  const cols = selectList(db, VERIFY_COLUMNS);
  const first = db
    .prepare(`SELECT ${cols} FROM event_body_blobs WHERE block_offset = ? ORDER BY body_offset, id LIMIT ${ROWS_PER_READ}`)
    .raw(true);
  const next = db
    .prepare(
      `SELECT ${cols} FROM event_body_blobs WHERE block_offset = ? AND (body_offset, id) > (?, ?) ORDER BY body_offset, id LIMIT ${ROWS_PER_READ}`,
    )
    .raw(true);
  const indexed = hasBlockIndex(db);
  const idSpan = indexed ? db.prepare('SELECT MIN(id), MAX(id), COUNT(*) FROM event_body_blobs WHERE block_offset = ?').raw(true) : null;
  const byRowid = indexed
    ? db
        .prepare(
          `SELECT ${cols} FROM event_body_blobs NOT INDEXED WHERE id >= ? AND id <= ? AND block_offset = ? ORDER BY id LIMIT ${ROWS_PER_READ}`,
        )
        .raw(true)
    : null;
  function* throughIndex(blockOffset: number): Iterable<BodyIndexRow> {
    let page = first.all(blockOffset) as unknown[][];
    while (page.length > 0) {
      for (const r of page) yield leanRow(r, UNNAMED);
      if (page.length < ROWS_PER_READ) return;
      const last = page[page.length - 1]!;
      page = next.all(blockOffset, last[3], last[0]) as unknown[][];
    }
  }
  function* throughRowids(blockOffset: number, lo: number, hi: number): Iterable<BodyIndexRow> {
    let from = lo;
    for (;;) {
      const page = byRowid!.all(from, hi, blockOffset) as unknown[][];
      for (const r of page) yield leanRow(r, UNNAMED);
      if (page.length < ROWS_PER_READ) return;
      from = num(page[page.length - 1]![0]) + 1;
    }
  }
  // The id spans of the blocks the caller will ask for, in one walk of the index (one query per block cost ~0.1 ms
  // each); one entry per block, so bounded like the caller's own block list.
  let spans = indexed && blockOffsets && blockOffsets.length > 0 ? idSpansOf(db, blockOffsets) : null;
  const read = (blockOffset: number): Iterable<BodyIndexRow> => {
    const known = spans?.get(blockOffset);
    const span = known ?? (idSpan?.get(blockOffset) as [unknown, unknown, unknown] | undefined);
    if (span) {
      const [lo, hi, count] = [num(span[0]), num(span[1]), num(span[2])];
      if (count === 0) return [];
      if (hi - lo + 1 <= 2 * count) return throughRowids(blockOffset, lo, hi);
    }
    return throughIndex(blockOffset);
  };
  return Object.assign(read, {
    prepare(offsets: readonly number[]): void {
      if (indexed && offsets.length > 0) spans = idSpansOf(db, offsets);
    },
  });
}

function idSpansOf(db: Database.Database, blockOffsets: readonly number[]): Map<number, [number, number, number]> {
  const lo = Math.min(...blockOffsets);
  const hi = Math.max(...blockOffsets);
  const wanted = new Set(blockOffsets);
  const out = new Map<number, [number, number, number]>();
  const rows = db
    .prepare(
      'SELECT block_offset, MIN(id), MAX(id), COUNT(*) FROM event_body_blobs WHERE block_offset BETWEEN ? AND ? GROUP BY block_offset',
    )
    .raw(true)
    .iterate(lo, hi);
  for (const r of rows as Iterable<unknown[]>) {
    const offset = num(r[0]);
    if (wanted.has(offset)) out.set(offset, [num(r[1]), num(r[2]), num(r[3])]);
  }
  return out;
}

/** Whether some index of event_body_blobs starts with block_offset (so a block's rows and id span are cheap to find). */
function hasBlockIndex(db: Database.Database): boolean {
  const indexes = db.prepare("SELECT name FROM pragma_index_list('event_body_blobs')").pluck().all() as string[];
  return indexes.some(
    (name) => (db.prepare('SELECT name FROM pragma_index_info(?) WHERE seqno = 0').pluck().get(name) ?? null) === 'block_offset',
  );
}

/** The row with `id`, with the event_id, source_table and direction that a failure sentence names. */
export function namedBodyRow(db: Database.Database): (id: number) => BodyIndexRow | null {
  const stmt = db.prepare(`SELECT ${selectList(db, NAMING_COLUMNS)} FROM event_body_blobs WHERE id = ?`).raw(true);
  return (id) => {
    const r = stmt.get(id) as unknown[] | undefined;
    if (!r) return null;
    return leanRow([r[0], r[4], r[5], r[6], r[7]], { eventId: str(r[1]), sourceTable: str(r[2]), direction: str(r[3]) });
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
