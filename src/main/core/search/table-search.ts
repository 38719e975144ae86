/** Jump by event_id, call_id, trace_id, turn_id (exact), domain or tool name (substring, case-insensitive). */
import type Database from 'better-sqlite3';
import type { SearchHit, SearchKind, SearchResult } from '../../../shared/contract.js';
import { SEARCH_KINDS } from '../../../shared/contract.js';
import { cellText, rowidNumber, toCell } from '../tables/cells.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, tableSchemas } from '../queries/schema.js';

/** For each kind, where to look: (table, column) pairs, or every table carrying the column. */
export const WHERE: Record<SearchKind, { readonly exact: boolean; readonly places: readonly (readonly [string, string])[] | 'any' }> = {
  event_id: { exact: true, places: 'any' },
  call_id: {
    exact: true,
    places: [
      ['tool_calls', 'call_id'],
      ['tool_responses', 'call_id'],
      ['model_items', 'call_id'],
    ],
  },
  trace_id: { exact: true, places: 'any' },
  turn_id: { exact: true, places: 'any' },
  domain: {
    exact: false,
    places: [
      ['net_events', 'domain'],
      ['dns_events', 'qname'],
    ],
  },
  tool_name: {
    exact: false,
    places: [
      ['tool_calls', 'tool_name'],
      ['model_items', 'tool_name'],
    ],
  },
};

/** A few columns that make a hit recognisable without opening it. */
export const SUMMARY_COLUMNS = [
  'timestamp',
  'domain',
  'method',
  'path',
  'provider',
  'model',
  'tool_name',
  'call_id',
  'action',
  'command',
  'qname',
  'decision',
  'direction',
  'source_table',
];

export function placesFor(db: Database.Database, kind: SearchKind): [string, string][] {
  const spec = WHERE[kind];
  if (spec.places !== 'any') return spec.places.filter(([t, c]) => hasColumn(db, t, c)).map(([t, c]) => [t, c]);
  return [...tableSchemas(db).values()].filter((t) => t.hasRowid && t.columns.some((c) => c.name === kind)).map((t) => [t.name, kind]);
}

export function search(db: Database.Database, query: string, kinds: readonly SearchKind[] = SEARCH_KINDS, limit = 100): SearchResult {
  const q = query.trim();
  const hits: SearchHit[] = [];
  let truncated = false;
  for (const kind of kinds) {
    for (const [table, column] of placesFor(db, kind)) {
      if (hits.length > limit) break;
      const schema = tableSchemas(db).get(table)!;
      const shown = schema.columns.filter((c) => SUMMARY_COLUMNS.includes(c.name) && c.name !== column).slice(0, 4);
      const sel = [`_rowid_`, quoteIdent(column), ...shown.map((c) => quoteIdent(c.name))].join(', ');
      const cond = WHERE[kind].exact ? `${quoteIdent(column)} = ?` : `instr(lower(${quoteIdent(column)}), lower(?)) > 0`;
      const rows = db
        .prepare(`SELECT ${sel} FROM ${quoteIdent(table)} WHERE ${cond} ORDER BY _rowid_ LIMIT ?`)
        .raw(true)
        .safeIntegers(true)
        .all(q, limit + 1 - hits.length) as unknown[][];
      for (const r of rows) {
        const summary = shown.map((c, i) => `${c.name}=${cellText(toCell(r[i + 2]))}`).join('  ');
        hits.push({ kind, table, rowid: rowidNumber(r[0]), value: cellText(toCell(r[1])), summary });
      }
    }
  }
  if (hits.length > limit) {
    truncated = true;
    hits.length = limit;
  }
  return { hits, truncated };
}
