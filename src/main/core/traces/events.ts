// Event rows of a trace (net, DNS, file, exec, process, credential, security), collapsed per turn and kind:
// a turn gets one node per kind with the row count, never one node per row.
import type Database from 'better-sqlite3';
import type { EventKind } from '../../../shared/contract/graph.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { traceKeysOf } from './trace-keys.js';
import { traceMemo } from './trace-memo.js';

export const EVENT_TABLES: readonly { readonly table: string; readonly kind: EventKind }[] = [
  { table: 'net_events', kind: 'net' },
  { table: 'dns_events', kind: 'dns' },
  { table: 'fs_events', kind: 'file' },
  { table: 'exec_events', kind: 'exec' },
  { table: 'audit_events', kind: 'process' },
  { table: 'substitution_events', kind: 'credential' },
  { table: 'security_rule_events', kind: 'security' },
  { table: 'security_decision_events', kind: 'security' },
  { table: 'security_ask_events', kind: 'security' },
];

export interface EventGroup {
  /** null: the row names no turn. */
  readonly turnId: string | null;
  readonly kind: EventKind;
  readonly count: number;
  /** The tables the rows came from (for the Tables link). */
  readonly tables: readonly string[];
}

/** Memoised per connection and trace (trace-memo.ts): every page of a trace's graph attaches them to its turns. */
export function eventGroups(db: Database.Database, traceId: string): EventGroup[] {
  return traceMemo(db, 'events', traceId, () => readEventGroups(db, traceId));
}

function readEventGroups(db: Database.Database, traceId: string): EventGroup[] {
  const acc = new Map<string, { turnId: string | null; kind: EventKind; count: number; tables: Set<string> }>();
  // No event table has a trace_id index in the ledger: the trace keys counted every table's rows per trace and turn.
  const keys = traceKeysOf(db);
  const counted = new Map<string, { u: string | null; n: number }[]>();
  for (const c of keys?.eventsOfTrace(traceId) ?? []) {
    const list = counted.get(c.table) ?? [];
    list.push({ u: c.turnId, n: c.count });
    counted.set(c.table, list);
  }
  for (const { table, kind } of EVENT_TABLES) {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id')) continue;
    const turn = hasColumn(db, table, 'turn_id') ? 'turn_id' : 'NULL';
    const rows = keys?.countedEvents(table)
      ? (counted.get(table) ?? [])
      : (db.prepare(`SELECT ${turn} AS u, COUNT(*) AS n FROM ${table} WHERE trace_id = ? GROUP BY 1`).all(traceId) as {
          u: string | null;
          n: number;
        }[]);
    for (const r of rows) {
      const turnId = r.u === null ? null : String(r.u);
      const key = `${turnId ?? ''}\0${kind}`;
      const g = acc.get(key) ?? { turnId, kind, count: 0, tables: new Set<string>() };
      g.count += Number(r.n);
      g.tables.add(table);
      acc.set(key, g);
    }
  }
  return [...acc.values()].map((g) => ({ turnId: g.turnId, kind: g.kind, count: g.count, tables: [...g.tables] }));
}
