// What one page of lines needs from the ledger: the whole rows it tells (by rowid, per table), the index rows of
// their bodies (by event_id), the model_items of its model calls, and verified body text on demand.
import type Database from 'better-sqlite3';
import type { TranscriptBody } from '../../../shared/contract/transcript.js';
import { readBody } from '../bodies/read-body.js';
import type { Evidence } from '../evidence/types.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import type { Entry } from '../traces/order.js';
import { verifiedBodiesOf } from '../jobs/verified-bodies.js';
import type { BodyFailure } from '../jobs/verify-types.js';
import type { IndexedBody } from '../completeness/row-gaps.js';

export type Row = Readonly<Record<string, unknown>>;

/** Body text longer than this is shown cut (the body view has the rest). */
export const BODY_TEXT_CAP = 256 * 1024;

export interface BodyText {
  readonly text: string;
  readonly hash: string | null;
  readonly cut: boolean;
}

export interface PageRows {
  readonly db: Database.Database;
  row(table: string, id: number): Row | null;
  bodies(eventId: unknown, table: string): readonly TranscriptBody[];
  /** The same bodies as the archive index tells a cut (original_bytes, truncated), for the line's gap marks. */
  indexed(eventId: unknown, table: string): readonly IndexedBody[];
  /** model_items of a model call of the page, in item order. */
  items(modelCallId: number): readonly Row[];
  /** A body's text, read through every hash; an Error names why it could not be. */
  bodyText(eventId: unknown, table: string, direction: string): BodyText | Error | null;
  /** How the last finished verification failed this body, if it did (jobs/verified-bodies.ts). */
  failure(eventId: unknown, table: string, direction: string): BodyFailure | undefined;
}

/** `itemsOf`: model_items rowids per model call, in item order (from the skeleton). */
export function loadPageRows(evidence: Evidence, entries: readonly Entry[], itemsOf: ReadonlyMap<number, readonly number[]>): PageRows {
  const db = evidence.db;
  const byTable = new Map<string, Map<number, Row>>();
  const want = new Map<string, Set<number>>();
  for (const e of entries) {
    if (e.table) want.set(e.table, (want.get(e.table) ?? new Set()).add(e.id));
    // A turn header tells its first model call's input; fetch that model call's items below.
    if (e.kind === 'turn' && e.id > 0) want.set('model_calls', (want.get('model_calls') ?? new Set()).add(e.id));
  }
  for (const [table, ids] of want) {
    const m = new Map<number, Row>();
    for (const part of inChunks([...ids])) {
      for (const r of db.prepare(`SELECT * FROM ${table} WHERE id IN (${marks(part.length)})`).all(...part) as Row[])
        m.set(Number(r.id), r);
    }
    byTable.set(table, m);
  }
  const eventIds = [...byTable.values()]
    .flatMap((m) => [...m.values()].map((r) => r.event_id))
    .filter((v): v is string => typeof v === 'string' && v !== '');
  const bodies = new Map<string, TranscriptBody[]>();
  const indexed = new Map<string, IndexedBody[]>();
  if (eventIds.length && hasTable(db, 'event_body_blobs') && hasColumn(db, 'event_body_blobs', 'event_id')) {
    const hash = hasColumn(db, 'event_body_blobs', 'body_hash') ? 'body_hash' : 'NULL';
    const stored = hasColumn(db, 'event_body_blobs', 'stored_bytes') ? 'stored_bytes' : '0';
    const original = hasColumn(db, 'event_body_blobs', 'original_bytes') ? 'original_bytes' : 'NULL';
    const truncated = hasColumn(db, 'event_body_blobs', 'truncated') ? 'truncated' : '0';
    for (const part of inChunks([...new Set(eventIds)])) {
      const q = `SELECT event_id AS e, source_table AS t, direction AS d, ${hash} AS h, ${stored} AS n, ${original} AS o, ${truncated} AS x FROM event_body_blobs WHERE event_id IN (${marks(part.length)}) ORDER BY id`;
      type IndexRow = { e: string; t: string; d: string; h: string | null; n: number; o: number | null; x: unknown };
      for (const r of db.prepare(q).all(...part) as IndexRow[]) {
        const k = `${r.e}\0${r.t}`;
        indexed.set(k, [
          ...(indexed.get(k) ?? []),
          { direction: String(r.d), stored: Number(r.n), original: r.o === null ? null : Number(r.o), truncated: Number(r.x) === 1 },
        ]);
        bodies.set(k, [
          ...(bodies.get(k) ?? []),
          { sourceTable: String(r.t), direction: String(r.d), bodyHash: r.h === null ? null : String(r.h), storedBytes: Number(r.n) },
        ]);
      }
    }
  }
  const mcIds = [...(byTable.get('model_calls')?.keys() ?? [])];
  const items = new Map<number, Row[]>();
  const itemIds = mcIds.flatMap((id) => itemsOf.get(id) ?? []);
  if (itemIds.length) {
    const got = new Map<number, Row>();
    for (const part of inChunks(itemIds))
      for (const r of db.prepare(`SELECT * FROM model_items WHERE id IN (${marks(part.length)})`).all(...part) as Row[])
        got.set(Number(r.id), r);
    for (const id of mcIds)
      items.set(
        id,
        (itemsOf.get(id) ?? []).map((i) => got.get(i)).filter((r): r is Row => r !== undefined),
      );
  }
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const verified = verifiedBodiesOf(db);
  return {
    db,
    failure: (eventId, table, direction) => verified?.failureOf(eventId, table, direction),
    row: (table, id) => byTable.get(table)?.get(id) ?? null,
    bodies: (eventId, table) => (typeof eventId === 'string' ? (bodies.get(`${eventId}\0${table}`) ?? []) : []),
    indexed: (eventId, table) => (typeof eventId === 'string' ? (indexed.get(`${eventId}\0${table}`) ?? []) : []),
    items: (id) => items.get(id) ?? [],
    bodyText(eventId, table, direction) {
      if (typeof eventId !== 'string') return null;
      const meta = (bodies.get(`${eventId}\0${table}`) ?? []).find((b) => b.direction === direction);
      if (!meta) return null;
      const r = readBody(evidence, { eventId, sourceTable: table, direction });
      if (!r.ok) return new Error(`${r.error.code}: ${r.error.message}`);
      const cut = r.bytes.byteLength > BODY_TEXT_CAP;
      return { text: decoder.decode(cut ? r.bytes.subarray(0, BODY_TEXT_CAP) : r.bytes), hash: meta.bodyHash, cut };
    },
  };
}
