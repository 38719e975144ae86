// Which net_events columns this ledger has: older generations lack some (docs/formats/ledger-format.md#event-tables,
// net_events), so each query names a column only when the schema catalogue has it and reads NULL (recorded as
// missing) otherwise.
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn } from '../queries/schema.js';

export const NET_COLUMNS = [
  'domain',
  'port',
  'decision',
  'process_name',
  'bytes_sent',
  'bytes_received',
  'credential_ref',
  'trace_id',
  'turn_id',
  'timestamp',
] as const;
export type NetColumn = (typeof NET_COLUMNS)[number];

export interface NetColumns {
  has(column: NetColumn): boolean;
  /** The quoted column, or NULL when the ledger lacks it. */
  sql(column: NetColumn): string;
  /** `net_events.<column>` for each absent column. */
  readonly missing: readonly string[];
}

export function netColumns(db: Database.Database): NetColumns {
  const present = new Set(NET_COLUMNS.filter((c) => hasColumn(db, 'net_events', c)));
  return {
    has: (c) => present.has(c),
    sql: (c) => (present.has(c) ? quoteIdent(c) : 'NULL'),
    missing: NET_COLUMNS.filter((c) => !present.has(c)).map((c) => `net_events.${c}`),
  };
}
