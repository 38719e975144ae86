// The rows that name one credential: substitution_events.substitution_ref (where Capsem captured, brokered or
// injected it) and every event table's credential_ref (the exchanges it was used in), as the ledger format lists
// them (docs/formats/ledger-format.md#event-tables). Both hold `credential:blake3:` + 64 lowercase hex.
import type Database from 'better-sqlite3';
import type { RowColumns, RowHit } from './row-scan.js';
import { scanRows } from './row-scan.js';

export const CREDENTIAL_COLUMNS: readonly RowColumns[] = [
  { table: 'substitution_events', columns: ['substitution_ref'] },
  ...[
    'net_events',
    'model_calls',
    'tool_calls',
    'tool_responses',
    'model_items',
    'exec_events',
    'audit_events',
    'fs_events',
    'dns_events',
    'security_rule_events',
    'security_decision_events',
  ].map((table) => ({ table, columns: ['credential_ref'] })),
];

/** `credential:blake3:` + 64 lowercase hex, from that form, `blake3:` + hex or the bare hex; null when not one. */
export function credentialRefKey(given: string): string | null {
  const hex = given.replace(/^credential:/i, '').replace(/^blake3:/i, '');
  return /^[0-9a-fA-F]{64}$/.test(hex) ? `credential:blake3:${hex.toLowerCase()}` : null;
}

/** Visits each row naming `ref` (a credentialRefKey), table by table in rowid order; `visit` returns false to stop. */
export function credentialRows(
  db: Database.Database,
  tables: ReadonlyMap<string, readonly string[]>,
  ref: string,
  visit: (hit: RowHit) => boolean,
): void {
  scanRows(db, tables, CREDENTIAL_COLUMNS, (value) => value === ref, visit);
}
