// Evidence for the model_calls warnings (issue item 8): for a NULL model or tokens, was the matching
// response gzip-encoded and was the call streaming; for zero cost, which models lack pricing; for AI
// traffic without model calls, which requests they were. Matching a model call to its HTTP response is
// response-matcher.ts's: same method and path to a known provider host (same trace when both tables have
// trace_id), nearest in time.
import type Database from 'better-sqlite3';
import { AI_DOMAIN_WHERE } from './providers.js';
import { matchResponses } from './response-matcher.js';
import { hasTable } from '../queries/schema.js';
import { columnsOf } from '../queries/ledger-reads.js';

const SAMPLE = 5;

/**
 * For each WHERE clause over model_calls, up to SAMPLE of its calls, each with whether it streamed and whether its
 * matching response was gzip-encoded. The responses of every clause's samples are matched in one pass
 * (response-matcher.ts).
 */
export function nullModelEvidence(db: Database.Database, wheres: readonly string[]): string[][] {
  if (!hasTable(db, 'model_calls')) return wheres.map(() => []);
  const mc = columnsOf(db, 'model_calls');
  const col = (c: string): string => (mc.has(c) ? c : `NULL AS ${c}`);
  const julian = mc.has('timestamp') ? 'julianday(timestamp)' : 'NULL';
  type Sample = {
    id: number;
    event_id: string | null;
    provider: string | null;
    method: string | null;
    path: string | null;
    stream: number | null;
    trace_id: string | null;
    julian: number | null;
  };
  const lists = wheres.map(
    (where) =>
      db
        .prepare(
          `SELECT id, ${col('event_id')}, ${col('provider')}, ${col('method')}, ${col('path')}, ${col('stream')}, ${col('trace_id')}, ${julian} AS julian ` +
            `FROM model_calls WHERE ${where} ORDER BY id LIMIT ${SAMPLE}`,
        )
        .all() as Sample[],
  );
  const all = lists.flat();
  const found = matchResponses(
    db,
    all.map((r) => ({ method: r.method, path: r.path, traceId: r.trace_id, julian: r.julian })),
  );
  let at = 0;
  return lists.map((rows) =>
    rows.map((r) => {
      const resp = found[at++] ?? null;
      const streaming = r.stream === null ? 'stream unknown' : r.stream ? 'streaming' : 'not streaming';
      const response =
        resp === null
          ? 'no matching net_events response found'
          : `matching response net_events ${resp.id}${resp.gzip ? ' was gzip-encoded (content-encoding: gzip)' : ' was not gzip-encoded'}`;
      return `model_calls ${r.id}${r.event_id ? ` (event_id ${r.event_id})` : ''} (${r.provider ?? '?'} ${r.method ?? ''} ${r.path ?? ''}): ${streaming}; ${response}`;
    }),
  );
}

export function aiRequestsNamed(db: Database.Database, limit: number): string[] {
  const ne = columnsOf(db, 'net_events');
  const col = (c: string): string => (ne.has(c) ? c : `NULL AS ${c}`);
  return (
    db
      .prepare(
        `SELECT id, domain, ${col('method')}, ${col('path')}, ${col('status_code')}, ${col('decision')} FROM net_events WHERE ${AI_DOMAIN_WHERE} ORDER BY id LIMIT ${limit}`,
      )
      .all() as {
      id: number;
      domain: string;
      method: string | null;
      path: string | null;
      status_code: number | null;
      decision: string | null;
    }[]
  ).map(
    (r) =>
      `net_events ${r.id}: ${r.method ?? '?'} ${r.domain}${r.path ?? ''} → ${r.status_code ?? 'no status'} (${r.decision ?? 'no decision'})`,
  );
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
  return db
    .prepare(
      `SELECT ${model} AS model, COUNT(*) AS calls FROM model_calls WHERE COALESCE(estimated_cost_usd, 0) = 0 ` +
        'AND (COALESCE(input_tokens, 0) > 0 OR COALESCE(output_tokens, 0) > 0) GROUP BY 1 ORDER BY calls DESC, model',
    )
    .all() as ZeroCostModel[];
}
