/**
 * What a new item names, found in the evidence before anything is written: the table holding the event (the one
 * named, or the only one that holds it), and the body with its hash from the ledger's index. An event, table or body
 * the ledger does not hold is refused by name, so a case never starts out pointing at nothing.
 */
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { findBodyRow } from '../bodies/read-body.js';
import type { CaseBody } from './case-format.js';
import { rowExists, tablesHoldingEvent } from './case-rows.js';

export interface CaseTargetRequest {
  readonly eventId: string;
  /** The table holding the event; absent: the one table that holds it. */
  readonly table?: string;
  readonly body?: { readonly direction: string; readonly range: readonly [number, number] | null };
}

export interface CaseTarget {
  readonly table: string;
  readonly eventId: string;
  readonly body: CaseBody | null;
}

function tableOf(evidence: Evidence, req: CaseTargetRequest): string {
  const where = evidence.input.dbPath;
  if (req.table !== undefined) {
    if (!evidence.tables.has(req.table)) throw new InspectorError('NO_SUCH_EVENT', `${where} has no table ${req.table}`);
    if (!rowExists(evidence, req.table, { eventId: req.eventId, rowid: null }))
      throw new InspectorError('NO_SUCH_EVENT', `${req.table} in ${where} holds no row with event_id ${req.eventId}`);
    return req.table;
  }
  const tables = tablesHoldingEvent(evidence, req.eventId);
  if (tables.length === 0) throw new InspectorError('NO_SUCH_EVENT', `no table in ${where} holds a row with event_id ${req.eventId}`);
  if (tables.length > 1)
    throw new InspectorError('AMBIGUOUS_EVENT', `event_id ${req.eventId} is held by ${tables.join(', ')}; name one with --table`);
  return tables[0]!;
}

export function resolveTarget(evidence: Evidence, req: CaseTargetRequest): CaseTarget {
  const table = tableOf(evidence, req);
  if (!req.body) return { table, eventId: req.eventId, body: null };
  const key = { eventId: req.eventId, sourceTable: table, direction: req.body.direction };
  const row = findBodyRow(evidence, key);
  if (!row)
    throw new InspectorError(
      'NO_SUCH_BODY',
      `no ${key.direction} body is indexed for ${table} event_id ${key.eventId} in ${evidence.input.dbPath}`,
    );
  const range = req.body.range;
  if (range && range[1] > row.storedBytes)
    throw new InspectorError('BAD_REQUEST', `the range ${range[0]}-${range[1]} ends past the body's ${row.storedBytes} stored bytes`);
  return {
    table,
    eventId: req.eventId,
    body: { sourceTable: table, direction: key.direction, bodyHash: row.bodyHash === '' ? null : row.bodyHash, range },
  };
}
