/**
 * Reading one body through the evidence: L0 bodies come from event_body_blobs.body (hash-checked when a body_hash
 * exists); archive bodies go through the one archive the evidence opened (its cursors are reused across reads).
 * A failure names the row; a damaged body never returns bytes.
 */
import { blake3Tagged } from '../archive/blake3.js';
import type { BodyIndexRow, BodyKey } from '../../../shared/ledger-types.js';
import type { ErrorCode } from '../../../shared/errors.js';
import type { BodyReadResult } from '../archive/types.js';
import type { Evidence } from '../evidence/types.js';
import { buildIndexQuery, toBodyIndexRow } from './index-query.js';

function describe(key: BodyKey): string {
  return `event_id=${key.eventId} source_table=${key.sourceTable} direction=${key.direction}`;
}

function refuse(code: ErrorCode, message: string): BodyReadResult {
  return { ok: false, error: { code, message } };
}

/** The index row for a key (lowest id if a damaged index holds duplicates), or null. */
export function findBodyRow(evidence: Evidence, key: BodyKey): BodyIndexRow | null {
  const columns = evidence.tables.get('event_body_blobs');
  if (!columns || !['event_id', 'source_table', 'direction'].every((c) => columns.includes(c))) return null;
  const { select, idExpr } = buildIndexQuery(columns, evidence.generation);
  const raw = evidence.db
    .prepare(`SELECT ${select} FROM event_body_blobs WHERE event_id = ? AND source_table = ? AND direction = ? ORDER BY ${idExpr} LIMIT 1`)
    .safeIntegers(true)
    .get(key.eventId, key.sourceTable, key.direction) as Record<string, unknown> | undefined;
  return raw ? toBodyIndexRow(raw) : null;
}

export function readBody(evidence: Evidence, key: BodyKey): BodyReadResult {
  const row = findBodyRow(evidence, key);
  if (!row) return refuse('NO_SUCH_BODY', `no body is indexed for ${describe(key)} in ${evidence.input.dbPath}`);
  return readBodyRow(evidence, row);
}

/** Reads the body an index row names (as given by iterateBodyRows); no SQL for archive generations. */
export function readBodyRow(evidence: Evidence, row: BodyIndexRow): BodyReadResult {
  if (evidence.generation === 'L0') return readL0Body(evidence, row);
  const slot = evidence.archive;
  switch (slot.state) {
    case 'none':
      return refuse(
        'BLOCK_NOT_RECORDED',
        `body ${describe(row)} names block ${row.blockOffset} but the ledger records no blocks and has no archive`,
      );
    case 'failed':
      return refuse(slot.error.code, `body ${describe(row)} cannot be read: ${slot.error.message}`);
    case 'open': {
      for (const [field, value] of [
        ['block_offset', row.blockOffset],
        ['body_offset', row.bodyOffset],
        ['body_len', row.bodyLen],
      ] as const) {
        if (value === null || !Number.isSafeInteger(value) || value < 0) {
          return refuse('SPAN_OUT_OF_RANGE', `body ${describe(row)} has ${field} ${String(value)}, not a non-negative integer`);
        }
      }
      const block = evidence.blocks.get(row.blockOffset!);
      return slot.archive.readBody(row, block);
    }
  }
}

function readL0Body(evidence: Evidence, row: BodyIndexRow): BodyReadResult {
  const columns = evidence.tables.get('event_body_blobs') ?? [];
  if (!columns.includes('body')) return refuse('NO_SUCH_BODY', `body ${describe(row)}: this L0 ledger keeps no body bytes`);
  if (!Number.isSafeInteger(row.id)) return refuse('NO_SUCH_BODY', `body ${describe(row)}: the L0 row has no integer id`);
  const idExpr = columns.includes('id') ? '"id"' : 'rowid';
  const found = evidence.db.prepare(`SELECT body FROM event_body_blobs WHERE ${idExpr} = ?`).safeIntegers(true).get(BigInt(row.id)) as
    | { body: unknown }
    | undefined;
  const value = found?.body;
  if (value === null || value === undefined) return refuse('NO_SUCH_BODY', `body ${describe(row)}: the L0 row holds no body bytes`);
  const bytes =
    typeof value === 'string' ? new Uint8Array(Buffer.from(value, 'utf8')) : value instanceof Uint8Array ? new Uint8Array(value) : null;
  if (!bytes) return refuse('NO_SUCH_BODY', `body ${describe(row)}: the L0 body column holds a ${typeof value}, not bytes`);
  if (row.bodyHash !== '') {
    const actual = blake3Tagged(bytes);
    if (actual !== row.bodyHash.toLowerCase()) {
      return refuse(
        'BODY_HASH_MISMATCH',
        `body ${describe(row)} (row id ${row.id}) hashes to ${actual}, not the ${row.bodyHash} its row names`,
      );
    }
  }
  return { ok: true, bytes };
}
