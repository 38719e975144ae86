/**
 * What a comparison needs from an opened session ledger: its own counters snapshot (ledger_counters, A4),
 * rows per table, tools used and domains contacted. Read-only queries on the hardened scratch connection;
 * every identifier comes from the schema catalogue.
 */
import type Database from 'better-sqlite3';
import type { Evidence } from '../evidence/types.js';
import { decodeLedgerCounters } from '../host/host-detail.js';
import type { LedgerCounters } from '../host/types.js';
import { hasColumn, hasTable, listTables } from '../queries/schema.js';

/** At most this many domains per side: a comparison is read by a person. */
export const MAX_DOMAINS = 300;

export interface Keyed {
  readonly values: Map<string, string>;
  readonly truncated: boolean;
}

/** The ledger's own counters, or null (older generations keep none; an undecodable blob is a note). */
export function ledgerCounters(db: Database.Database, notes: string[]): LedgerCounters | null {
  if (!hasColumn(db, 'ledger_counters', 'counters')) return null;
  const row = db.prepare('SELECT counters FROM ledger_counters LIMIT 1').get() as { counters: unknown } | undefined;
  if (!row || !(row.counters instanceof Uint8Array)) return null;
  return decodeLedgerCounters(row.counters, 'ledger_counters.counters', notes);
}

export function tableRowCounts(e: Evidence): Keyed {
  return { values: new Map(listTables(e.db).map((t) => [t.name, String(t.rowCount)])), truncated: false };
}

/**
 * The WHERE clause selecting the tool_calls Capsem's counters count (docs/formats/host-ledger.md#ledgercounters):
 * origins native, mcp, builtin and local; MCP only for tools/call (mcp_proxy is not counted). Empty when the ledger
 * has no origin column.
 */
export function countedToolCallsWhere(db: Database.Database): string {
  if (!hasColumn(db, 'tool_calls', 'origin')) return '';
  const mcpCallsOnly = hasColumn(db, 'tool_calls', 'method') ? " AND (origin <> 'mcp' OR method = 'tools/call')" : '';
  return `WHERE origin IN ('native', 'mcp', 'builtin', 'local')${mcpCallsOnly}`;
}

/** Tool calls by name, counted as Capsem's counters count them. Null when the ledger has no tool_calls table. */
export function toolsFromTables(db: Database.Database): Keyed | null {
  if (!hasColumn(db, 'tool_calls', 'tool_name')) return null;
  const rows = db
    .prepare(
      `SELECT tool_name AS name, COUNT(*) AS n FROM tool_calls ${countedToolCallsWhere(db)} GROUP BY tool_name ORDER BY n DESC, name`,
    )
    .all() as { name: unknown; n: number }[];
  return { values: new Map(rows.map((r) => [String(r.name), String(r.n)])), truncated: false };
}

/** Domains from net_events: events and how many were denied. Null when the ledger has no net_events.domain. */
export function domainsFromTables(db: Database.Database): Keyed | null {
  if (!hasColumn(db, 'net_events', 'domain')) return null;
  const denied = hasColumn(db, 'net_events', 'decision') ? "TOTAL(decision = 'denied')" : '0';
  const rows = db
    .prepare(`SELECT domain, COUNT(*) AS n, ${denied} AS d FROM net_events GROUP BY domain ORDER BY n DESC, domain LIMIT ?`)
    .all(MAX_DOMAINS + 1) as { domain: unknown; n: number; d: number }[];
  const shown = rows.slice(0, MAX_DOMAINS);
  return {
    values: new Map(shown.map((r) => [String(r.domain), Number(r.d) > 0 ? `${r.n} (${Number(r.d)} denied)` : String(r.n)])),
    truncated: rows.length > MAX_DOMAINS,
  };
}

export function hasModelTable(db: Database.Database): boolean {
  return hasTable(db, 'model_calls');
}
