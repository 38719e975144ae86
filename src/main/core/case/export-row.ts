/**
 * A case item's row as JSON, every column: integers as numbers (as text past 2^53, which JSON numbers cannot hold
 * exactly), blobs as `{"base64": …}`, text as text. Credential columns are masked whole, every other value through
 * the redactor, each before it is encoded.
 */
import type { Evidence } from '../evidence/types.js';
import { quoteIdent } from '../evidence/sql-values.js';
import type { CaseItem } from './case-format.js';
import type { Redactor } from './export-redact.js';
import { CREDENTIAL_COLUMN } from './export-redact.js';

export type RowValue = string | number | null | { readonly base64: string };

function rowOf(evidence: Evidence, item: CaseItem): Record<string, unknown> | null {
  const columns = evidence.tables.get(item.table);
  if (!columns) return null;
  const where = item.eventId !== null ? 'event_id = ?' : '_rowid_ = ?';
  try {
    const row = evidence.db
      .prepare(`SELECT * FROM ${quoteIdent(item.table)} WHERE ${where} LIMIT 1`)
      .safeIntegers(true)
      .get(item.eventId ?? item.rowid) as Record<string, unknown> | undefined;
    return row ?? null;
  } catch {
    // A WITHOUT ROWID table has no rowid to name a row by.
    return null;
  }
}

function value(v: unknown, column: string, item: CaseItem, redact: Redactor): RowValue {
  const where = `row.${column}`;
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : String(v);
  if (typeof v === 'number') return v;
  const credential = CREDENTIAL_COLUMN.test(column);
  if (v instanceof Uint8Array) {
    const bytes = credential ? redact.credential(v, item.id, where) : redact.bytes(v, item.id, where);
    return { base64: Buffer.from(bytes).toString('base64') };
  }
  const text = String(v);
  if (!credential) return redact.text(text, item.id, where);
  return Buffer.from(redact.credential(Buffer.from(text, 'utf8'), item.id, where)).toString('utf8');
}

/** The row's columns in the ledger's order, masked; null when the row is not in this copy. */
export function exportRow(evidence: Evidence, item: CaseItem, redact: Redactor): Record<string, RowValue> | null {
  const row = rowOf(evidence, item);
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).map(([column, v]) => [column, value(v, column, item, redact)]));
}
