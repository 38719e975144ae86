/** One row in full, with every body indexed under its event_id and the other rows sharing that id. */
import type Database from 'better-sqlite3';
import type { BodyMeta, EventDetail, RowRef } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import { rowidNumber, toCell } from '../tables/cells.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable, tableSchema, tableSchemas } from '../queries/schema.js';

/** Where an event_id is looked for first: the tables a reviewer means by "the event". */
const PREFERRED = [
  'net_events',
  'model_calls',
  'tool_calls',
  'tool_responses',
  'exec_events',
  'dns_events',
  'fs_events',
  'security_rule_events',
  'security_decision_events',
  'security_ask_events',
];
const RELATED_PER_TABLE = 5;

function eventTables(db: Database.Database): string[] {
  const withId = [...tableSchemas(db).values()]
    .filter((t) => t.hasEventId && t.hasRowid && t.name !== 'event_body_blobs')
    .map((t) => t.name);
  return [...PREFERRED.filter((t) => withId.includes(t)), ...withId.filter((t) => !PREFERRED.includes(t))];
}

export function bodiesOf(db: Database.Database, eventId: string): BodyMeta[] {
  if (!hasTable(db, 'event_body_blobs') || !hasColumn(db, 'event_body_blobs', 'event_id')) return [];
  const c = (name: string, fallback: string): string => (hasColumn(db, 'event_body_blobs', name) ? quoteIdent(name) : fallback);
  const rows = db
    .prepare(
      `SELECT ${c('source_table', "''")} AS sourceTable, ${c('direction', "''")} AS direction, ${c('event_type', 'NULL')} AS eventType,
              ${c('content_type', 'NULL')} AS contentType, ${c('original_bytes', '0')} AS originalBytes, ${c('stored_bytes', '0')} AS storedBytes,
              ${c('truncated', '0')} AS truncated, ${c('body_hash', "''")} AS bodyHash
         FROM event_body_blobs WHERE event_id = ? ORDER BY source_table, direction, id`,
    )
    .all(eventId) as {
    sourceTable: string;
    direction: string;
    eventType: string | null;
    contentType: string | null;
    originalBytes: number;
    storedBytes: number;
    truncated: number;
    bodyHash: string;
  }[];
  return rows.map((r) => ({
    eventId,
    sourceTable: String(r.sourceTable),
    direction: String(r.direction),
    eventType: r.eventType === null ? null : String(r.eventType),
    contentType: r.contentType === null ? null : String(r.contentType),
    originalBytes: Number(r.originalBytes),
    storedBytes: Number(r.storedBytes),
    truncated: Number(r.truncated) !== 0,
    bodyHash: String(r.bodyHash),
  }));
}

function relatedRows(db: Database.Database, eventId: string, self: RowRef | null): RowRef[] {
  const out: RowRef[] = [];
  for (const t of eventTables(db)) {
    const ids = db
      .prepare(`SELECT _rowid_ AS r FROM ${quoteIdent(t)} WHERE event_id = ? ORDER BY _rowid_ LIMIT ?`)
      .all(eventId, RELATED_PER_TABLE) as { r: number }[];
    for (const { r } of ids) if (!(self && self.table === t && self.rowid === r)) out.push({ table: t, rowid: r });
  }
  return out;
}

export function eventByRow(db: Database.Database, table: string, rowid: number): EventDetail {
  const schema = tableSchema(db, table);
  const cols = schema.columns.map((c) => quoteIdent(c.name)).join(', ');
  const row = db
    .prepare(`SELECT ${cols} FROM ${quoteIdent(table)} WHERE _rowid_ = ?`)
    .raw(true)
    .safeIntegers(true)
    .get(rowid) as unknown[] | undefined;
  if (!row) throw new InspectorError('BAD_REQUEST', `${table} has no row with rowid ${rowid}`);
  const cells = row.map(toCell);
  const idIndex = schema.columns.findIndex((c) => c.name === 'event_id');
  const eventId = idIndex >= 0 && typeof cells[idIndex] === 'string' && cells[idIndex] !== '' ? (cells[idIndex] as string) : null;
  return {
    table,
    rowid,
    columns: schema.columns.map((c) => c.name),
    cells,
    eventId,
    bodies: eventId ? bodiesOf(db, eventId) : [],
    related: eventId ? relatedRows(db, eventId, { table, rowid }) : [],
  };
}

export function eventById(db: Database.Database, eventId: string): EventDetail {
  for (const t of eventTables(db)) {
    const hit = db
      .prepare(`SELECT _rowid_ AS r FROM ${quoteIdent(t)} WHERE event_id = ? ORDER BY _rowid_ LIMIT 1`)
      .safeIntegers(true)
      .get(eventId) as { r: bigint } | undefined;
    if (hit) return eventByRow(db, t, rowidNumber(hit.r));
  }
  // Bodies can outlive their rows (or name rows of tables this ledger lacks): still show them.
  const bodies = bodiesOf(db, eventId);
  if (bodies.length) return { table: 'event_body_blobs', rowid: 0, columns: [], cells: [], eventId, bodies, related: [] };
  throw new InspectorError('BAD_REQUEST', `no row carries event_id ${eventId}`);
}
