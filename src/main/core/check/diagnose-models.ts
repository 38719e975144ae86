// Evidence for the model_calls warnings (issue item 8): for a NULL model or tokens, was the matching
// response gzip-encoded and was the call streaming; for zero cost, which models lack pricing; for AI
// traffic without model calls, which requests they were. Matching a model call to its HTTP response:
// same method and path to a known provider host (same trace when both tables have trace_id), nearest in time.
import type Database from 'better-sqlite3';
import { AI_BARE_DOMAIN_WHERE, AI_DOMAIN_WHERE } from './providers.js';
import { columnsOf, hasTable } from './sql.js';

const SAMPLE = 5;

export function nullModelEvidence(db: Database.Database, where: string): string[] {
  if (!hasTable(db, 'model_calls')) return [];
  const mc = columnsOf(db, 'model_calls');
  const col = (c: string): string => (mc.has(c) ? c : `NULL AS ${c}`);
  const rows = db.prepare(
    `SELECT id, ${col('provider')}, ${col('method')}, ${col('path')}, ${col('stream')}, ${col('timestamp')}, ${col('trace_id')} ` +
      `FROM model_calls WHERE ${where} ORDER BY id LIMIT ${SAMPLE}`,
  ).all() as { id: number; provider: string | null; method: string | null; path: string | null; stream: number | null; timestamp: string | null; trace_id: string | null }[];
  const match = responseMatcher(db);
  return rows.map((r) => {
    const streaming = r.stream === null ? 'stream unknown' : r.stream ? 'streaming' : 'not streaming';
    const resp = match(r);
    const response = resp === null ? 'no matching net_events response found'
      : `matching response net_events ${resp.id}${resp.gzip ? ' was gzip-encoded (content-encoding: gzip)' : ' was not gzip-encoded'}`;
    return `model_calls ${r.id} (${r.provider ?? '?'} ${r.method ?? ''} ${r.path ?? ''}): ${streaming}; ${response}`;
  });
}

type Matcher = (r: { method: string | null; path: string | null; timestamp: string | null; trace_id: string | null }) => { id: number; gzip: boolean } | null;

function responseMatcher(db: Database.Database): Matcher {
  if (!hasTable(db, 'net_events')) return () => null;
  const ne = columnsOf(db, 'net_events');
  if (!ne.has('path') || !ne.has('method') || !ne.has('domain')) return () => null;
  const headers = ne.has('response_headers') ? "LOWER(COALESCE(response_headers, '')) LIKE '%content-encoding%gzip%'" : '0';
  const trace = ne.has('trace_id') && columnsOf(db, 'model_calls').has('trace_id');
  const when = ne.has('timestamp') ? 'ABS(julianday(timestamp) - julianday(?))' : '0 * LENGTH(?)';
  const sql = (withTrace: boolean): string =>
    `SELECT id, ${headers} AS gzip FROM net_events WHERE (${AI_DOMAIN_WHERE} OR ${AI_BARE_DOMAIN_WHERE}) AND method IS ? AND path IS ?` +
    `${withTrace ? ' AND trace_id IS ?' : ''} ORDER BY ${when}, id LIMIT 1`;
  const byTrace = trace ? db.prepare(sql(true)) : null;
  const any = db.prepare(sql(false));
  // Each lookup scans net_events; the NULL-model and NULL-token samples are often the same calls, so ask once.
  let memo = matches.get(db);
  if (!memo) matches.set(db, (memo = new Map()));
  const known = memo;
  return (r) => {
    const key = JSON.stringify([r.method, r.path, r.trace_id, r.timestamp]);
    if (known.has(key)) return known.get(key) ?? null;
    const match = lookUp(r);
    known.set(key, match);
    return match;
  };
  function lookUp(r: Parameters<Matcher>[0]): { id: number; gzip: boolean } | null {
    const found = (byTrace && r.trace_id !== null ? byTrace.get(r.method, r.path, r.trace_id, r.timestamp) : undefined)
      ?? any.get(r.method, r.path, r.timestamp);
    const row = found as { id: number; gzip: number } | undefined;
    return row ? { id: row.id, gzip: row.gzip === 1 } : null;
  }
}

/** Matches already looked up, per (read-only, unchanging) ledger connection. */
const matches = new WeakMap<Database.Database, Map<string, { id: number; gzip: boolean } | null>>();

export function aiRequestsNamed(db: Database.Database, limit: number): string[] {
  const ne = columnsOf(db, 'net_events');
  const col = (c: string): string => (ne.has(c) ? c : `NULL AS ${c}`);
  return (db.prepare(
    `SELECT id, domain, ${col('method')}, ${col('path')}, ${col('status_code')}, ${col('decision')} FROM net_events WHERE ${AI_DOMAIN_WHERE} ORDER BY id LIMIT ${limit}`,
  ).all() as { id: number; domain: string; method: string | null; path: string | null; status_code: number | null; decision: string | null }[])
    .map((r) => `net_events ${r.id}: ${r.method ?? '?'} ${r.domain}${r.path ?? ''} → ${r.status_code ?? 'no status'} (${r.decision ?? 'no decision'})`);
}

export interface ZeroCostModel {
  readonly model: string;
  readonly calls: number;
}

/** Models with tokens but zero (or NULL) estimated cost: missing from the pricing data. */
export function zeroCostModels(db: Database.Database): ZeroCostModel[] {
  if (!hasTable(db, 'model_calls')) return [];
  const mc = columnsOf(db, 'model_calls');
  if (!mc.has('estimated_cost_usd') || !mc.has('input_tokens') || !mc.has('output_tokens')) return [];
  const model = mc.has('model') ? "COALESCE(model, '(NULL model)')" : "'(no model column)'";
  return db.prepare(
    `SELECT ${model} AS model, COUNT(*) AS calls FROM model_calls WHERE COALESCE(estimated_cost_usd, 0) = 0 ` +
      'AND (COALESCE(input_tokens, 0) > 0 OR COALESCE(output_tokens, 0) > 0) GROUP BY 1 ORDER BY calls DESC, model',
  ).all() as ZeroCostModel[];
}
