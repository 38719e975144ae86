/**
 * Every index row in archive order `(block_offset, body_offset, id)`, fetched in keyset pages so no SQLite iterator
 * stays open between rows (better-sqlite3 refuses other statements on a busy connection, and callers read bodies
 * while they iterate). Rows with a NULL location sort first (SQLite orders NULL lowest) and are paged by id.
 */
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { Evidence } from '../evidence/types.js';
import { buildIndexQuery, toBodyIndexRow } from './index-query.js';

const PAGE = 512;

type Raw = Record<string, unknown>;

function* pages(fetch: (after: Raw | null) => Raw[]): Generator<Raw> {
  let after: Raw | null = null;
  for (;;) {
    const page = fetch(after);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!;
  }
}

export function* iterateBodyRows(evidence: Evidence): Generator<BodyIndexRow> {
  const columns = evidence.tables.get('event_body_blobs');
  if (!columns) return;
  const { select, idExpr } = buildIndexQuery(columns, evidence.generation);
  const from = `SELECT ${select} FROM event_body_blobs`;
  const located = columns.includes('block_offset') && columns.includes('body_offset');

  if (!located) {
    const stmt = evidence.db.prepare(`${from} WHERE ${idExpr} > ? ORDER BY ${idExpr} LIMIT ${PAGE}`).safeIntegers(true);
    const first = evidence.db.prepare(`${from} ORDER BY ${idExpr} LIMIT ${PAGE}`).safeIntegers(true);
    for (const raw of pages((after) => (after ? stmt.all(after.id) : first.all()) as Raw[])) yield toBodyIndexRow(raw);
    return;
  }

  const nullFirst = evidence.db
    .prepare(`${from} WHERE (block_offset IS NULL OR body_offset IS NULL) ORDER BY ${idExpr} LIMIT ${PAGE}`)
    .safeIntegers(true);
  const nullNext = evidence.db
    .prepare(`${from} WHERE (block_offset IS NULL OR body_offset IS NULL) AND ${idExpr} > ? ORDER BY ${idExpr} LIMIT ${PAGE}`)
    .safeIntegers(true);
  for (const raw of pages((after) => (after ? nullNext.all(after.id) : nullFirst.all()) as Raw[])) yield toBodyIndexRow(raw);

  // Keyset pages in two steps, each a seek on the (block_offset, body_offset, id) index: the rest of the last row's
  // location by id, then the locations after it. A single `(block_offset, body_offset, id) > (?, ?, ?)` lets SQLite
  // seek on the first two columns only (EXPLAIN QUERY PLAN), so every page re-read all rows sharing the last location:
  // with many rows at one location (deduplicated bodies, or hostile rows copying one) the export went quadratic.
  const locatedRows = `${from} WHERE block_offset IS NOT NULL AND body_offset IS NOT NULL`;
  const order = `ORDER BY block_offset, body_offset, ${idExpr}`;
  const first = evidence.db.prepare(`${locatedRows} ${order} LIMIT ${PAGE}`).safeIntegers(true);
  const sameLocation = evidence.db
    .prepare(`${from} WHERE block_offset = ? AND body_offset = ? AND ${idExpr} > ? ORDER BY ${idExpr} LIMIT ${PAGE}`)
    .safeIntegers(true);
  const laterLocation = evidence.db
    .prepare(`${locatedRows} AND (block_offset, body_offset) > (?, ?) ${order} LIMIT ${PAGE}`)
    .safeIntegers(true);
  const fetch = (after: Raw | null): Raw[] => {
    if (!after) return first.all() as Raw[];
    const ties = sameLocation.all(after.block_offset, after.body_offset, after.id) as Raw[];
    return ties.length > 0 ? ties : (laterLocation.all(after.block_offset, after.body_offset) as Raw[]);
  };
  for (const raw of locatedPages(fetch)) yield toBodyIndexRow(raw);
}

/** Like pages(), but a short page of ties is not the end: the next locations follow it. */
function* locatedPages(fetch: (after: Raw | null) => Raw[]): Generator<Raw> {
  let after: Raw | null = null;
  for (;;) {
    const page = fetch(after);
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1]!;
  }
}
