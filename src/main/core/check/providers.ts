// docs/formats/session-check.md#provider-correlation and #null-fields: AI provider correlation and NULLs in
// model_calls. aiNetEvents uses the doctor's exact LIKE patterns (ASCII case-insensitive, a subdomain required,
// denied requests included) so the numbers match it; bare provider domains it misses are counted separately and
// reported as a note.
import type Database from 'better-sqlite3';
import { hasTable } from '../queries/schema.js';
import { columnsOf, scalar } from '../queries/ledger-reads.js';
import type { NullsSection, ProvidersSection } from './types.js';

export const AI_DOMAIN_WHERE = "(domain LIKE '%.googleapis.com' OR domain LIKE '%.anthropic.com' OR domain LIKE '%.openai.com')";
export const AI_BARE_DOMAIN_WHERE = "(domain LIKE 'googleapis.com' OR domain LIKE 'anthropic.com' OR domain LIKE 'openai.com')";
/** Providers the doctor's patterns know about; anything else (e.g. local ollama) is not correlated. */
export const KNOWN_PROVIDERS = ['anthropic', 'openai', 'google', 'gemini'] as const;

export function checkProviders(db: Database.Database): ProvidersSection {
  const net = hasTable(db, 'net_events') && columnsOf(db, 'net_events').has('domain');
  const mc = hasTable(db, 'model_calls');
  return {
    aiNetEvents: net ? scalar(db, `SELECT COUNT(*) FROM net_events WHERE ${AI_DOMAIN_WHERE}`) : 0,
    aiNetEventsBareDomain: net ? scalar(db, `SELECT COUNT(*) FROM net_events WHERE ${AI_BARE_DOMAIN_WHERE}`) : 0,
    modelCalls: mc ? scalar(db, 'SELECT COUNT(*) FROM model_calls') : 0,
    providers:
      mc && columnsOf(db, 'model_calls').has('provider')
        ? (db
            .prepare(
              "SELECT COALESCE(provider, '') AS provider, COUNT(*) AS count FROM model_calls GROUP BY 1 ORDER BY count DESC, provider",
            )
            .all() as { provider: string; count: number }[])
        : [],
  };
}

export function checkNulls(db: Database.Database): NullsSection {
  if (!hasTable(db, 'model_calls')) return { model: 0, tokens: 0, requestBodyPreview: 0, total: 0 };
  const cols = columnsOf(db, 'model_calls');
  // One scan for all four numbers: model_calls rows are wide (~200 MB at a million events) and each separate
  // COUNT read the whole table again. A missing column counts every row, as before.
  const sum = (present: boolean, predicate: string): string => (present ? `TOTAL(${predicate})` : 'COUNT(*)');
  const row = db
    .prepare(
      `SELECT COUNT(*), ${sum(cols.has('model'), 'model IS NULL')}, ${sum(cols.has('input_tokens') && cols.has('output_tokens'), 'input_tokens IS NULL AND output_tokens IS NULL')}, ` +
        `${sum(cols.has('request_body_preview'), 'request_body_preview IS NULL')} FROM model_calls`,
    )
    .raw()
    .get() as unknown[];
  const [total, model, tokens, requestBodyPreview] = row.map((v) => Number(v ?? 0)) as [number, number, number, number];
  return { model, tokens, requestBodyPreview, total };
}
