/**
 * The SELECT list for event_body_blobs, built from the columns this ledger actually has (older generations lack
 * some; L0 has `body` instead of a location), and the mapping of one row to a BodyIndexRow.
 */
import type { Generation, BodyIndexRow } from '../../../shared/ledger-types.js';
import { quoteIdent, toNullableNumber, toNumber, toText } from '../evidence/sql-values.js';

/** BodyIndexRow field ← column; the fallback is used when the column is absent. */
const COLUMNS: readonly (readonly [string, string])[] = [
  ['event_id', 'NULL'],
  ['source_table', 'NULL'],
  ['direction', 'NULL'],
  ['event_type', 'NULL'],
  ['content_type', 'NULL'],
  ['original_bytes', 'NULL'],
  ['stored_bytes', 'NULL'],
  ['truncated', '0'],
  ['body_hash', 'NULL'],
  ['block_offset', 'NULL'],
  ['body_offset', 'NULL'],
  ['body_len', 'NULL'],
  ['trace_id', 'NULL'],
  ['turn_id', 'NULL'],
  ['created_at', 'NULL'],
];

export interface IndexQuery {
  /** SELECT list (no FROM), every column aliased to its canonical name, plus `id`. */
  readonly select: string;
  /** The expression that identifies a row (the id column, else rowid). */
  readonly idExpr: string;
}

export function buildIndexQuery(columns: readonly string[], generation: Generation): IndexQuery {
  const idExpr = columns.includes('id') ? quoteIdent('id') : 'rowid';
  const parts = [`${idExpr} AS id`];
  for (const [name, fallback] of COLUMNS) {
    if (columns.includes(name)) parts.push(`${quoteIdent(name)} AS ${name}`);
    else if (name === 'body_len' && generation === 'L0' && columns.includes('body'))
      parts.push(`octet_length(${quoteIdent('body')}) AS body_len`);
    else parts.push(`${fallback} AS ${name}`);
  }
  return { select: parts.join(', '), idExpr };
}

export function toBodyIndexRow(raw: Record<string, unknown>): BodyIndexRow {
  const bodyLen = toNumber(raw.body_len);
  const stored = raw.stored_bytes === null ? bodyLen : toNumber(raw.stored_bytes);
  return {
    id: toNumber(raw.id),
    eventId: toText(raw.event_id) ?? '',
    sourceTable: toText(raw.source_table) ?? '',
    direction: toText(raw.direction) ?? '',
    eventType: toText(raw.event_type),
    contentType: toText(raw.content_type),
    originalBytes: raw.original_bytes === null ? stored : toNumber(raw.original_bytes),
    storedBytes: stored,
    truncated: toNumber(raw.truncated) === 1,
    bodyHash: toText(raw.body_hash) ?? '',
    blockOffset: toNullableNumber(raw.block_offset),
    bodyOffset: toNullableNumber(raw.body_offset),
    bodyLen,
    traceId: toText(raw.trace_id),
    turnId: toText(raw.turn_id),
    createdAt: toText(raw.created_at),
  };
}
