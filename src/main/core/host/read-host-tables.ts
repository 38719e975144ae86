/**
 * Reading host_events and policy_mutation_events from an already-opened (hardened, scratch-copy)
 * connection. Values are taken as stored, with 64-bit integers as bigint, so the chain can be
 * recomputed byte for byte.
 */
import type Database from 'better-sqlite3';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { HostEventRow, PolicyMutation } from './types.js';

const HOST_EVENT_COLUMNS = ['id', 'timestamp_unix_ms', 'kind', 'session_id', 'actor', 'detail', 'trace_id', 'prev_hash', 'hash'] as const;

function columnsOf(db: Database.Database, table: string): Set<string> | null {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  if (!exists) return null;
  const rows = db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('utf8');
  return String(v);
}

function bytes(v: unknown): Uint8Array | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return new TextEncoder().encode(String(v));
}

function int64(v: unknown): bigint | null {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  return null;
}

/** A safe number for display (ids, sizes, timestamps); null when absent or beyond 2^53. */
export function smallInt(v: unknown): number | null {
  const big = int64(v);
  if (big === null || big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(big);
}

/** All host_events rows in id order. SCHEMA_UNEXPECTED when the table or a column is missing. */
export function readHostEventRows(db: Database.Database, source: string): Result<HostEventRow[]> {
  const columns = columnsOf(db, 'host_events');
  if (columns === null) return { ok: false, error: fail('SCHEMA_UNEXPECTED', `${source} has no host_events table: not a host ledger`) };
  const missing = HOST_EVENT_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0)
    return { ok: false, error: fail('SCHEMA_UNEXPECTED', `${source}: host_events is missing column(s) ${missing.join(', ')}`) };
  const stmt = db.prepare(`SELECT ${HOST_EVENT_COLUMNS.join(', ')} FROM host_events ORDER BY id`).safeIntegers(true);
  const rows: HostEventRow[] = [];
  for (const raw of stmt.iterate() as Iterable<Record<string, unknown>>) {
    rows.push({
      id: Number(raw.id),
      timestampUnixMs: int64(raw.timestamp_unix_ms),
      kind: text(raw.kind),
      sessionId: text(raw.session_id),
      actor: text(raw.actor),
      detail: bytes(raw.detail),
      traceId: text(raw.trace_id),
      prevHash: bytes(raw.prev_hash),
      hash: bytes(raw.hash),
    });
  }
  return { ok: true, value: rows };
}

const POLICY_COLUMNS: Record<string, keyof PolicyMutation> = {
  id: 'id',
  timestamp_unix_ms: 'timestampUnixMs',
  mutation_id: 'mutationId',
  actor: 'actor',
  category: 'category',
  filename: 'filename',
  affected_path: 'affectedPath',
  target_kind: 'targetKind',
  target_key: 'targetKey',
  operation: 'operation',
  rule_id: 'ruleId',
  old_hash: 'oldHash',
  old_size: 'oldSize',
  new_hash: 'newHash',
  new_size: 'newSize',
  status: 'status',
  error: 'error',
  trace_id: 'traceId',
};
const NUMERIC = new Set(['id', 'timestamp_unix_ms', 'old_size', 'new_size']);

/** policy_mutation_events in id order; null when the table is absent. Missing columns read as NULL. */
export function readPolicyMutations(db: Database.Database): PolicyMutation[] | null {
  const columns = columnsOf(db, 'policy_mutation_events');
  if (columns === null) return null;
  const present = Object.keys(POLICY_COLUMNS).filter((c) => columns.has(c));
  const orderBy = columns.has('id') ? 'id' : 'rowid';
  const stmt = db.prepare(`SELECT ${present.join(', ')} FROM policy_mutation_events ORDER BY ${orderBy}`).safeIntegers(true);
  const out: PolicyMutation[] = [];
  for (const raw of stmt.iterate() as Iterable<Record<string, unknown>>) {
    const row: Record<string, unknown> = {};
    for (const [column, key] of Object.entries(POLICY_COLUMNS)) {
      const v = raw[column];
      row[key] = NUMERIC.has(column) ? smallInt(v) : text(v);
    }
    out.push({ ...(row as unknown as PolicyMutation), id: (row.id as number | null) ?? out.length });
  }
  return out;
}
