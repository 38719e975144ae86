// The addresses each name resolved to, from dns_events: distinct answer_ip per qname. Names are compared as
// lower(rtrim(name, '.')) computed by SQLite on both sides, so "API.Example.com." meets net_events' "api.example.com".
import type Database from 'better-sqlite3';
import { hasColumn } from '../queries/schema.js';
import type { Listed } from './types.js';
import { LIST_CAP } from './destination-lists.js';
import { textOf } from './values.js';

/** Addresses by name key, or null when the ledger keeps no dns_events.qname and answer_ip. */
export function resolvedAddresses(db: Database.Database): Map<string, Listed<string>> | null {
  if (!hasColumn(db, 'dns_events', 'qname') || !hasColumn(db, 'dns_events', 'answer_ip')) return null;
  const rows = db
    .prepare(
      `SELECT lower(rtrim(qname, '.')) AS name, answer_ip AS ip FROM dns_events
        WHERE qname IS NOT NULL AND answer_ip IS NOT NULL AND answer_ip <> '' GROUP BY 1, 2 ORDER BY 1, MIN(rowid)`,
    )
    .all() as { name: unknown; ip: unknown }[];
  const out = new Map<string, { items: string[]; more: number }>();
  for (const r of rows) {
    const name = textOf(r.name) ?? '';
    let list = out.get(name);
    if (!list) out.set(name, (list = { items: [], more: 0 }));
    if (list.items.length < LIST_CAP) list.items.push(textOf(r.ip) ?? '');
    else list.more += 1;
  }
  return out;
}
