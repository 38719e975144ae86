// The rows of one session that name a host: net_events.domain (where requests went) and dns_events.qname (what was
// looked up). A name matches the domain asked for or any name under it; both sides are compared as
// lower(rtrim(name, '.')) computed by SQLite, as the egress report does, so "API.Example.com." meets "example.com".
import type Database from 'better-sqlite3';
import { rowTimeMs, timeColumnOf } from './row-time.js';

/** The tables and columns that hold a host name (docs/formats/ledger-format.md#event-tables). */
export const HOST_COLUMNS: readonly { readonly table: string; readonly column: string }[] = [
  { table: 'net_events', column: 'domain' },
  { table: 'dns_events', column: 'qname' },
];

export interface DomainRow {
  readonly table: string;
  readonly column: string;
  readonly rowid: number;
  /** '' when the table keeps no event_id. */
  readonly eventId: string;
  /** The value as stored. */
  readonly host: string;
  /** When the row happened (row-time.ts), null when it keeps no readable time. */
  readonly timeMs: number | null;
}

/** The domain as the rows are compared: ASCII lower case (what SQLite's lower() folds), no trailing dots. */
export function domainKey(domain: string): string {
  return domain.replace(/\.+$/, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Visits each row naming `domain` or a name under it, table by table in rowid order; `visit` returns false to stop. */
export function domainRows(
  db: Database.Database,
  tables: ReadonlyMap<string, readonly string[]>,
  domain: string,
  visit: (row: DomainRow) => boolean,
): void {
  const key = domainKey(domain);
  for (const { table, column } of HOST_COLUMNS) {
    const columns = tables.get(table);
    if (!columns?.includes(column)) continue;
    const eventId = columns.includes('event_id') ? 'event_id' : "''";
    const time = timeColumnOf(columns);
    const rows = db
      .prepare(
        `SELECT r, ${eventId}, v, t FROM (SELECT rowid AS r, ${eventId === "''" ? '' : 'event_id, '}${quote(column)} AS v,
           ${time ? quote(time) : 'NULL'} AS t, lower(rtrim(${quote(column)}, '.')) AS k FROM ${quote(table)})
         WHERE typeof(v) = 'text' AND (k = @d OR substr(k, -(length(@d) + 1)) = '.' || @d) ORDER BY r`,
      )
      .raw(true)
      .iterate({ d: key }) as Iterable<[number | bigint, unknown, string, unknown]>;
    for (const [rowid, id, host, when] of rows) {
      const row = { table, column, rowid: Number(rowid), eventId: typeof id === 'string' ? id : '', host, timeMs: rowTimeMs(when) };
      if (!visit(row)) return;
    }
  }
}
