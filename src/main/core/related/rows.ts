// Fetching small sets of ledger rows for the related panel, each turned into a labelled RelatedRow. Table and
// column names come from our constants and the schema catalogue (quoted), never from a request; every set is
// capped (RELATED_CAP) and counted only when the cap was reached.
import type Database from 'better-sqlite3';
import type { RelatedGroup, RelatedGroupKind, RelatedRow } from '../../../shared/contract/related.js';
import { RELATED_CAP } from '../../../shared/contract/related.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';

export type Rec = Record<string, unknown> & { readonly __rowid: number };

const s = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const clip = (v: unknown, n = 60): string => {
  const t = s(v);
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/** A short, one-line description of a row, by table (the pane lists rows without fetching each). */
export function labelOf(table: string, r: Rec): string {
  switch (table) {
    case 'model_calls':
      return `#${r.__rowid} ${s(r.provider) || '?'} · ${s(r.model) || 'model?'}${r.status_code !== undefined && r.status_code !== null ? ` · ${s(r.status_code)}` : ''}`;
    case 'model_items':
      return `${s(r.item_index)}. ${s(r.kind)}${r.tool_name ? ` ${s(r.tool_name)}` : ''}${r.call_id ? ` ${s(r.call_id)}` : ''}`;
    case 'tool_calls':
      return `${s(r.tool_name) || '?'}${r.origin ? ` (${s(r.origin)})` : ''} ${s(r.call_id)}`;
    case 'tool_responses':
      return `response to ${s(r.call_id)}${Number(r.is_error) ? ' (error)' : ''}`;
    case 'net_events':
      return `${s(r.method)} ${s(r.domain)}${clip(r.path, 48)}${r.status_code !== null && r.status_code !== undefined ? ` → ${s(r.status_code)}` : ''}`.trim();
    case 'dns_events':
      return `${s(r.qname)} (qtype ${s(r.qtype)}, ${s(r.decision)})`;
    case 'fs_events':
      return `${s(r.action)} ${clip(r.path) || '(no path)'}`;
    case 'exec_events':
      return `${clip(r.command)}${r.exit_code !== null && r.exit_code !== undefined ? ` → exit ${s(r.exit_code)}` : ''}`;
    default:
      return (
        [r.event_type, r.rule_id, r.effective_decision ?? r.status]
          .filter((x) => x !== null && x !== undefined && x !== '')
          .map(s)
          .join(' · ') || `${table} #${r.__rowid}`
      );
  }
}

export function relatedRow(table: string, r: Rec, selfTrace: string | null): RelatedRow {
  const traceId = r.trace_id === null || r.trace_id === undefined ? null : String(r.trace_id);
  const turnId = r.turn_id === null || r.turn_id === undefined ? null : String(r.turn_id);
  return {
    table,
    rowid: Number(r.__rowid),
    label: labelOf(table, r),
    traceId,
    turnId,
    crossTrace: selfTrace !== null && traceId !== null && traceId !== selfTrace,
  };
}

/** Rows of `table` matching `where` (SQL over our own column names), in `order`, at most RELATED_CAP, and the total. */
export function selectRows(
  db: Database.Database,
  table: string,
  where: string,
  params: readonly unknown[],
  order = '_rowid_',
): { rows: Rec[]; total: number } {
  if (!hasTable(db, table)) return { rows: [], total: 0 };
  const t = quoteIdent(table);
  const rows = db
    .prepare(`SELECT _rowid_ AS __rowid, * FROM ${t} WHERE ${where} ORDER BY ${order} LIMIT ?`)
    .all(...params, RELATED_CAP) as Rec[];
  const total =
    rows.length < RELATED_CAP
      ? rows.length
      : Number((db.prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE ${where}`).get(...params) as { n: number }).n);
  return { rows, total };
}

export function oneRow(db: Database.Database, table: string, rowid: number): Rec | null {
  if (!hasTable(db, table)) return null;
  return (db.prepare(`SELECT _rowid_ AS __rowid, * FROM ${quoteIdent(table)} WHERE _rowid_ = ?`).get(rowid) as Rec | undefined) ?? null;
}

export function group(
  kind: RelatedGroupKind,
  title: string,
  table: string,
  found: { rows: Rec[]; total: number },
  selfTrace: string | null,
): RelatedGroup {
  return { kind, title, rows: found.rows.map((r) => relatedRow(table, r, selfTrace)), total: found.total };
}

/** Whether every named column exists (older ledgers lack trace_id, turn_id, event_id...). */
export const has = (db: Database.Database, table: string, ...cols: string[]): boolean =>
  hasTable(db, table) && cols.every((c) => hasColumn(db, table, c));

export const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
export const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
