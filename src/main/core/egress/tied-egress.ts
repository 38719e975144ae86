/**
 * What left the sandbox during one trace, or one turn of it, found from the ledger's ties alone: every net_events
 * row carrying the trace's trace_id (and the turn's turn_id), whatever its time; the rows the transcript's headers
 * count. The trace's rows come from the trace keys when they are built (net_events has no index on trace_id), else
 * from one pass over the table. Kept per connection: a ledger's snapshot never changes.
 */
import type Database from 'better-sqlite3';
import type { SpanEgress } from '../../../shared/contract/egress.js';
import { hasColumn } from '../queries/schema.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';
import { traceKeysOf } from '../traces/trace-keys.js';
import { egressOfRows } from './rows-egress.js';

const KEEP = 256;
const kept = new WeakMap<Database.Database, Map<string, SpanEgress | null>>();

/** `turnId` null: the whole trace. */
export function egressTiedTo(db: Database.Database, traceId: string, turnId: string | null = null): SpanEgress | null {
  let m = kept.get(db);
  if (!m) kept.set(db, (m = new Map()));
  const key = `${traceId}\u0000${turnId ?? ''}`;
  if (m.has(key)) return m.get(key)!;
  const egress = egressOfRows(db, tiedNetIds(db, traceId, turnId));
  m.set(key, egress);
  if (m.size > KEEP) m.delete(m.keys().next().value!);
  return egress;
}

function tiedNetIds(db: Database.Database, traceId: string, turnId: string | null): number[] {
  if (!['id', 'trace_id', ...(turnId === null ? [] : ['turn_id'])].every((c) => hasColumn(db, 'net_events', c))) return [];
  const ofTrace = traceKeysOf(db)?.eventRowsOfTrace('net_events', traceId) ?? null;
  const pluckIds = (sql: string, ...args: unknown[]): number[] =>
    (
      db
        .prepare(sql)
        .pluck()
        .all(...args) as unknown[]
    ).map(Number);
  if (ofTrace === null)
    return turnId === null
      ? pluckIds('SELECT id FROM net_events WHERE trace_id = ?', traceId)
      : pluckIds('SELECT id FROM net_events WHERE trace_id = ? AND turn_id = ?', traceId, turnId);
  if (turnId === null) return ofTrace;
  const out: number[] = [];
  for (const part of inChunks(ofTrace))
    out.push(...pluckIds(`SELECT id FROM net_events WHERE id IN (${marks(part.length)}) AND turn_id = ?`, ...part, turnId));
  return out;
}
