// docs/formats/session-check.md#previews: the last N rows of each expected table, with Capsem's check_session columns
// (those present) and its 60-char cut, plus each row's event_id beside its id (issue 23), so `capsem-inspect body`
// can be given a listed row's body without opening SQLite by hand.
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasTable } from '../queries/schema.js';
import { columnsOf, countRows } from '../queries/ledger-reads.js';
import type { Preview } from './types.js';
import { EXPECTED_TABLES } from './types.js';
import { readableNumber } from '../../../shared/readable-number.js';

const PREVIEW_COLUMNS: Record<(typeof EXPECTED_TABLES)[number], readonly string[]> = {
  net_events: ['id', 'event_id', 'timestamp', 'domain', 'decision', 'method', 'path', 'status_code', 'duration_ms'],
  model_calls: [
    'id',
    'event_id',
    'timestamp',
    'provider',
    'model',
    'input_tokens',
    'output_tokens',
    'stop_reason',
    'estimated_cost_usd',
    'duration_ms',
  ],
  tool_calls: ['id', 'event_id', 'model_call_id', 'tool_name', 'call_id', 'origin'],
  tool_responses: ['id', 'event_id', 'model_call_id', 'call_id', 'is_error'],
  fs_events: ['id', 'event_id', 'timestamp', 'action', 'kind', 'path', 'size'],
};

const CUT = 60;

export function cutCell(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  // A float as people read it (0.0047895, not 0.0047894999999999995), in the text and the JSON alike.
  if (typeof v === 'number') return Number.isInteger(v) ? v : Number(readableNumber(v));
  if (typeof v === 'bigint') return Number(v);
  const s = v instanceof Uint8Array ? `<${v.length} bytes>` : String(v);
  return s.length > CUT ? `${s.slice(0, CUT - 3)}...` : s;
}

export function buildPreviews(db: Database.Database, rows: number): Preview[] {
  const out: Preview[] = [];
  for (const table of EXPECTED_TABLES) {
    if (!hasTable(db, table)) continue;
    const present = columnsOf(db, table);
    const columns = PREVIEW_COLUMNS[table].filter((c) => present.has(c));
    const order = present.has('id') ? 'ORDER BY id DESC' : 'ORDER BY rowid DESC';
    const data =
      columns.length === 0 || rows <= 0
        ? []
        : (
            db
              .prepare(`SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)} ${order} LIMIT ?`)
              .raw()
              .all(rows) as unknown[][]
          ).map((r) => r.map(cutCell));
    out.push({ table, total: countRows(db, table), columns, rows: data });
  }
  return out;
}
