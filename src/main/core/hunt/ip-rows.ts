// The rows that name an address in a range: dns_events.answer_ip, what a name resolved to. It is the ledger's only
// address column (docs/formats/ledger-format.md#event-tables): net_events keeps the host name and port, not the
// address it connected to. A value holding several addresses (split at spaces, commas or semicolons) matches when
// any of them is in the range; text that is not an address never matches.
import type Database from 'better-sqlite3';
import type { IpRange } from './ip-address.js';
import { parseIp, rangeContains } from './ip-address.js';
import type { RowColumns, RowHit } from './row-scan.js';
import { scanRows } from './row-scan.js';

export const IP_COLUMNS: readonly RowColumns[] = [{ table: 'dns_events', columns: ['answer_ip'] }];

/** True when one of the addresses in `value` lies in `range`. */
export function namesAddressIn(value: string, range: IpRange): boolean {
  return value.split(/[\s,;]+/).some((word) => {
    const address = word === '' ? null : parseIp(word);
    return address !== null && rangeContains(range, address);
  });
}

/** Visits each row naming an address in `range`, in rowid order; `visit` returns false to stop. */
export function ipRows(
  db: Database.Database,
  tables: ReadonlyMap<string, readonly string[]>,
  range: IpRange,
  visit: (hit: RowHit) => boolean,
): void {
  scanRows(db, tables, IP_COLUMNS, (value) => namesAddressIn(value, range), visit);
}
