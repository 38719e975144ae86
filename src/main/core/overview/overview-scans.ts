/**
 * The Overview's two aggregates that must read whole tables (model usage, allow/deny decisions): SQL built from
 * the schema, rows mapped to the contract. On a 1M-event ledger they cost seconds (model_calls' token columns sit
 * behind its long text columns, so every overflow page is read), so a deferred open runs them on its follow-up
 * connection after quick_check, and the Overview shows them as pending until they are in.
 */
import type Database from 'better-sqlite3';
import type { DecisionCount, FollowUpStatus, ModelUsage } from '../../../shared/contract.js';
import type { Failure } from '../../../shared/errors.js';
import { toFailure } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** SELECT provider, model, calls, inputTokens, outputTokens, costUsd; null without a model_calls table. */
export function modelUsageSql(db: Database.Database): string | null {
  if (!hasTable(db, 'model_calls')) return null;
  const col = (c: string, fallback: string): string => (hasColumn(db, 'model_calls', c) ? quoteIdent(c) : fallback);
  return `SELECT ${col('provider', "''")} AS provider, ${col('model', 'NULL')} AS model, COUNT(*) AS calls,
              TOTAL(${col('input_tokens', '0')}) AS inputTokens, TOTAL(${col('output_tokens', '0')}) AS outputTokens,
              TOTAL(${col('estimated_cost_usd', '0')}) AS costUsd, MAX(rowid) AS lastRowid
         FROM model_calls GROUP BY 1, 2 ORDER BY calls DESC, provider, model`;
}

export function modelUsageFromRows(rows: readonly unknown[][]): ModelUsage[] {
  return rows.map(([provider, model, calls, inputTokens, outputTokens, costUsd, lastRowid]) => ({
    provider: provider === null || provider === undefined ? '' : String(provider),
    model: model === null || model === undefined ? null : String(model),
    calls: num(calls),
    inputTokens: num(inputTokens),
    outputTokens: num(outputTokens),
    costUsd: num(costUsd),
    lastRowid: num(lastRowid),
  }));
}

/** One `SELECT decision, n` per table that records decisions. */
export function decisionSql(db: Database.Database): { source: string; sql: string }[] {
  return ['net_events', 'dns_events', 'tool_calls']
    .filter((source) => hasColumn(db, source, 'decision'))
    .map((source) => ({
      source,
      sql: `SELECT COALESCE(decision, '(none)') AS decision, COUNT(*) AS n FROM ${quoteIdent(source)} GROUP BY 1 ORDER BY n DESC`,
    }));
}

export function decisionsFromRows(source: string, rows: readonly unknown[][]): DecisionCount[] {
  return rows.map(([decision, n]) => ({ source, decision: String(decision), count: num(n) }));
}

export interface OverviewScans {
  readonly models: readonly ModelUsage[];
  readonly decisions: readonly DecisionCount[];
}

type ScanState =
  | { readonly status: 'pending' }
  | { readonly status: 'done'; readonly value: OverviewScans }
  | { readonly status: 'failed'; readonly error: Failure };

const states = new WeakMap<Evidence, ScanState>();
const settled = new WeakMap<Evidence, Promise<void>>();

/** Runs the scans' statements (all at once) and maps the raw rows. */
function plan(db: Database.Database): { statements: string[]; map(results: unknown[][][]): OverviewScans } {
  const models = modelUsageSql(db);
  const decisions = decisionSql(db);
  const statements = [...(models ? [models] : []), ...decisions.map((d) => d.sql)];
  return {
    statements,
    map(results) {
      const offset = models ? 1 : 0;
      return {
        models: models ? modelUsageFromRows(results[0]!) : [],
        decisions: decisions.flatMap((d, i) => decisionsFromRows(d.source, results[offset + i]!)),
      };
    },
  };
}

/**
 * The scans for this evidence: computed here and now when the open was not deferred (as before), otherwise
 * started on the follow-up connection at the first call and reported as pending until they are in.
 */
export function overviewScans(evidence: Evidence): ScanState {
  const known = states.get(evidence);
  if (known) return known;
  const p = plan(evidence.db);
  const followUp = evidence.followUp;
  if (!followUp) {
    const done: ScanState = {
      status: 'done',
      value: p.map(p.statements.map((sql) => evidence.db.prepare(sql).raw().all() as unknown[][])),
    };
    states.set(evidence, done);
    return done;
  }
  const pending: ScanState = { status: 'pending' };
  states.set(evidence, pending);
  const done = followUp.scan(p.statements).then(
    (results) => void states.set(evidence, { status: 'done', value: p.map(results) }),
    (error: unknown) => void states.set(evidence, { status: 'failed', error: toFailure(error) }),
  );
  settled.set(evidence, done);
  return pending;
}

/** Settles (never rejects) once the scans overviewScans started are in; at once when none is running. */
export function overviewScansSettled(evidence: Evidence): Promise<void> {
  return settled.get(evidence) ?? Promise.resolve();
}

export function scanStatus(state: ScanState): FollowUpStatus {
  switch (state.status) {
    case 'pending':
      return { state: 'pending' };
    case 'done':
      return { state: 'done' };
    case 'failed':
      return { state: 'failed', code: state.error.code, message: state.error.message };
  }
}
