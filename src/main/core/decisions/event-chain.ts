// The chain of one event (issue 40): everything the ledger records under one event_id, across the security tables
// and the event's own row, in time order (the pipeline's order on a tie), each with the bodies archived for it.
// Read-only; a table the generation lacks, or one without an event_id column, is named in `missing`.
import type Database from 'better-sqlite3';
import { bodyLookup } from './chain-bodies.js';
import { CHAIN_TABLES } from './chain-tables.js';
import type { ChainTable } from './chain-tables.js';
import { tableColumns } from './columns.js';
import { numberOf, textOf, unixMsText } from './row-values.js';
import type { ChainEntry, EventChain, FieldValue } from './types.js';

export function eventChain(db: Database.Database, eventId: string): EventChain {
  return db.transaction(() => {
    const missing: string[] = [];
    const bodies = bodyLookup(db);
    const entries: { entry: ChainEntry; order: number }[] = [];
    CHAIN_TABLES.forEach((t, order) => {
      const rows = chainRows(db, t, eventId, missing);
      // Bodies are keyed by (event_id, source_table, direction), so rows of one table share what is archived.
      const found = rows.length > 0 ? bodies.lookup(eventId, t.table) : null;
      for (const r of rows) entries.push({ order, entry: { ...r, bodies: found, bodiesShared: rows.length > 1 } });
    });
    missing.push(...bodies.missing);
    entries.sort((a, b) => timeOrder(a.entry.time, b.entry.time) || a.order - b.order || a.entry.id - b.entry.id);
    return { eventId, entries: entries.map((e) => e.entry), missing };
  })();
}

function chainRows(db: Database.Database, t: ChainTable, eventId: string, missing: string[]): ChainEntry[] {
  const c = tableColumns(db, t.table, ['event_id', t.timeColumn, ...t.columns]);
  if (!c.exists || !c.has('event_id')) {
    missing.push(c.exists ? `${t.table}.event_id` : t.table);
    return [];
  }
  missing.push(...c.missing);
  const runs = t.runs && c.has('run_id') ? tableColumns(db, t.runs.table, t.runs.columns) : null;
  const joined = runs?.exists === true;
  const pick = (col: string): string =>
    joined && t.runs!.columns.includes(col) && runs!.has(col) ? `COALESCE(${c.sql(col, 'e')}, ${runs!.sql(col, 'r')})` : c.sql(col, 'e');
  const present = t.columns.filter((col) => c.has(col));
  const sql = `SELECT e.rowid AS _id, ${c.sql(t.timeColumn, 'e')} AS _time${present.map((col) => `, ${pick(col)} AS "${col}"`).join('')}
    FROM ${t.table} e ${joined ? `LEFT JOIN ${t.runs!.table} r ON r.id = e.run_id` : ''}
    WHERE e.event_id = ? ORDER BY _time, e.rowid`;
  // Integers as bigint, so a hostile value past 2^53 is shown as written, not rounded.
  const rows = db.prepare(sql).safeIntegers(true).all(eventId) as Record<string, unknown>[];
  return rows.map((r): ChainEntry => {
    const fields: Record<string, FieldValue> = {};
    for (const col of present) fields[col] = fieldOf(r[col]);
    return {
      table: t.table,
      id: numberOf(r._id),
      time: t.timeColumn === 'timestamp_unix_ms' ? unixMsText(r._time) : textOf(r._time),
      fields,
      bodies: null,
      bodiesShared: false,
    };
  });
}

function fieldOf(v: unknown): FieldValue {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  return textOf(v);
}

function timeOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
