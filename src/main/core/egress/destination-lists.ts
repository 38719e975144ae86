// The per-destination lists (processes, credential refs, example traces), each one grouped query over net_events
// read into a map keyed like the destination rows. Lists are capped so a hostile ledger cannot make a row unbounded.
import type Database from 'better-sqlite3';
import type { Listed, NamedCount } from './types.js';
import type { NetColumn, NetColumns } from './net-columns.js';
import { destinationKey, numberOf, textOf } from './values.js';

/** Distinct values shown per destination; the rest are counted in `more`. */
export const LIST_CAP = 20;
/** Example trace ids per destination (the count of distinct traces is on the row). */
export const EXAMPLE_TRACES = 3;

/**
 * Distinct non-empty values of `column` per destination with their request counts, most frequent first; at most
 * `cap` kept (credential refs are all kept: each needs its provider verdict).
 */
export function countsPerDestination(
  db: Database.Database,
  c: NetColumns,
  column: NetColumn,
  cap = LIST_CAP,
): Map<string, Listed<NamedCount>> {
  const out = new Map<string, { items: NamedCount[]; more: number }>();
  if (!c.has(column)) return out;
  const col = c.sql(column);
  const rows = db
    .prepare(
      `SELECT ${c.sql('domain')} AS domain, ${c.sql('port')} AS port, ${col} AS value, COUNT(*) AS n FROM net_events
        WHERE ${col} IS NOT NULL AND ${col} <> '' GROUP BY 1, 2, 3 ORDER BY 1, 2, n DESC, 3`,
    )
    .all() as { domain: unknown; port: unknown; value: unknown; n: unknown }[];
  for (const r of rows) {
    const key = destinationKey(r.domain, r.port);
    let list = out.get(key);
    if (!list) out.set(key, (list = { items: [], more: 0 }));
    if (list.items.length < cap) list.items.push({ name: textOf(r.value) ?? '', count: numberOf(r.n) });
    else list.more += 1;
  }
  return out;
}

/** A few trace ids per destination, in the order they first appear in the ledger. */
export function exampleTraces(db: Database.Database, c: NetColumns): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!c.has('trace_id')) return out;
  const rows = db
    .prepare(
      `SELECT domain, port, trace FROM (
        SELECT ${c.sql('domain')} AS domain, ${c.sql('port')} AS port, trace_id AS trace,
          ROW_NUMBER() OVER (PARTITION BY ${c.sql('domain')}, ${c.sql('port')} ORDER BY MIN(rowid)) AS nth
        FROM net_events WHERE trace_id IS NOT NULL AND trace_id <> '' GROUP BY 1, 2, 3)
      WHERE nth <= ? ORDER BY domain, port, nth`,
    )
    .all(EXAMPLE_TRACES) as { domain: unknown; port: unknown; trace: unknown }[];
  for (const r of rows) {
    const key = destinationKey(r.domain, r.port);
    const list = out.get(key) ?? [];
    list.push(textOf(r.trace) ?? '');
    out.set(key, list);
  }
  return out;
}
