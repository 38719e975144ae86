/**
 * What left the sandbox during a trace, a turn or among the untraced rows (issue 40, "per trace and per turn, the
 * same numbers as a line"): the net_events rows the header heads (spans.ts: those the ledger ties to the trace or
 * the turn by trace_id and turn_id, never rows placed by time alone), counted by egress/rows-egress.ts. Kept per
 * header, as a turn's coverage is: each page that shows it pays for it once.
 */
import type Database from 'better-sqlite3';
import type { SpanEgress } from '../../../shared/contract/egress.js';
import { egressOfRows } from '../egress/rows-egress.js';
import type { NetRows } from './spans.js';

const kept = new WeakMap<object, SpanEgress | null>();

/** null: no request among the rows (or the header's rows are not at hand). */
export function spanEgress(db: Database.Database, rows: NetRows | null): SpanEgress | null {
  if (rows === null) return null;
  if (kept.has(rows.key)) return kept.get(rows.key)!;
  const egress = egressOfRows(db, rows.ids());
  kept.set(rows.key, egress);
  return egress;
}
