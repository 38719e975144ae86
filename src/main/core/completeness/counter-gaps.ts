/**
 * COUNTERS_DISAGREE: the writer's own counter snapshot (ledger_counters, A4) against the rows the ledger holds, table
 * by table, counted as Capsem counts (docs/formats/host-ledger.md#ledgercounters). More counted than held means rows
 * the writer recorded are not here (a tail cut off after the snapshot, rows left in a -wal that was not copied);
 * fewer means the snapshot was taken before the last rows. Either way the rows alone cannot say which; the gap says
 * what differs. The same counting serves the host's final counters (stopped-counter-gaps.ts), so both say one thing.
 */
import type Database from 'better-sqlite3';
import { countedToolCallsWhere, ledgerCounters } from '../library/ledger-facts.js';
import { countText } from '../host/count.js';
import type { Count, LedgerCounters } from '../host/types.js';
import { hasTable } from '../queries/schema.js';
import type { CounterRow, Gap, GapPlace } from './types.js';

interface Counted {
  readonly counter: string;
  readonly table: string;
  readonly of: (c: LedgerCounters) => Count;
  /** The rows as Capsem counts them for this counter. */
  readonly where?: (db: Database.Database) => string;
}

const COUNTED: readonly Counted[] = [
  { counter: 'net.total', table: 'net_events', of: (c) => c.net.total },
  { counter: 'model.total.calls', table: 'model_calls', of: (c) => c.model.total.calls },
  {
    counter: 'tools.calls',
    table: 'tool_calls',
    of: (c) => c.tools.calls,
    where: countedToolCallsWhere,
  },
  { counter: 'files.events', table: 'fs_events', of: (c) => c.files.events },
  { counter: 'exec.started', table: 'exec_events', of: (c) => c.exec.started },
  { counter: 'audit.events', table: 'audit_events', of: (c) => c.audit.events },
  { counter: 'security.matches', table: 'security_rule_events', of: (c) => c.security.matches },
];

/** One counter that differs: what `counted` says against what the other side (rows or another snapshot) says. */
export interface CounterDiff {
  readonly counter: string;
  readonly table: string;
  readonly counted: bigint;
  readonly other: bigint;
}

/**
 * The rows of `c`'s table as Capsem counts them for that counter, counted once per connection: the report sets them
 * beside the snapshot, the host's stop and the overview's table, and a ledger's snapshot never changes.
 */
function rowsCounted(db: Database.Database, c: Counted): bigint {
  let m = countedOf.get(db);
  if (!m) countedOf.set(db, (m = new Map()));
  let n = m.get(c.counter);
  if (n === undefined) {
    n = BigInt(
      Number(
        db
          .prepare(`SELECT COUNT(*) FROM "${c.table}" ${c.where?.(db) ?? ''}`)
          .pluck()
          .get(),
      ),
    );
    m.set(c.counter, n);
  }
  return n;
}
const countedOf = new WeakMap<Database.Database, Map<string, bigint>>();

/** Each counter against the rows the ledger holds for it (tables the ledger has), only where they differ. */
export function rowsDisagreeing(db: Database.Database, counters: LedgerCounters): CounterDiff[] {
  const out: CounterDiff[] = [];
  for (const c of COUNTED) {
    if (!hasTable(db, c.table)) continue;
    const counted = BigInt(countText(c.of(counters)));
    const held = rowsCounted(db, c);
    if (counted !== held) out.push({ counter: c.counter, table: c.table, counted, other: held });
  }
  return out;
}

/**
 * Every counter beside its rows, for the overview's table (differences or not): the snapshot and the host's final
 * counters where they are at hand. Nothing to set beside the rows (no snapshot, no host stop): no table.
 */
export function counterRows(db: Database.Database, snapshot: LedgerCounters | null, hostStopped: LedgerCounters | null): CounterRow[] {
  if (!snapshot && !hostStopped) return [];
  return COUNTED.filter((c) => hasTable(db, c.table)).map((c) => ({
    counter: c.counter,
    table: c.table,
    snapshot: snapshot ? Number(countText(c.of(snapshot))) : null,
    rows: Number(rowsCounted(db, c)),
    hostStopped: hostStopped ? Number(countText(c.of(hostStopped))) : null,
  }));
}

/** The same counters of two snapshots, only where they differ. */
export function snapshotsDisagreeing(counted: LedgerCounters, other: LedgerCounters): CounterDiff[] {
  return COUNTED.map((c) => ({
    counter: c.counter,
    table: c.table,
    counted: BigInt(countText(c.of(counted))),
    other: BigInt(countText(c.of(other))),
  })).filter((d) => d.counted !== d.other);
}

export const diffSize = (d: CounterDiff): number => Number(d.counted > d.other ? d.counted - d.other : d.other - d.counted);

export function counterGap(db: Database.Database, notChecked: string[]): Gap | null {
  const notes: string[] = [];
  const counters = ledgerCounters(db, notes);
  if (!counters) {
    notChecked.push(
      notes.length > 0
        ? `the writer's counter snapshot could not be read (${notes.join('; ')})`
        : "rows against the writer's counters: this ledger keeps no counter snapshot (ledger_counters is A4's)",
    );
    return null;
  }
  const diffs = rowsDisagreeing(db, counters);
  if (diffs.length === 0) return null;
  const places: GapPlace[] = diffs.map((d) => ({
    place: `${d.table} (${d.counter} ${d.counted} · rows ${d.other})`,
    rows: diffSize(d),
    bytesMissing: null,
  }));
  const ahead = diffs.filter((d) => d.counted > d.other).reduce((n, d) => n + diffSize(d), 0);
  const behind = diffs.filter((d) => d.counted < d.other).reduce((n, d) => n + diffSize(d), 0);
  const parts = [
    ...(ahead > 0
      ? [`the writer counted ${ahead} more than the ledger holds (rows recorded, then lost: a tail cut off, or a -wal not copied)`]
      : []),
    ...(behind > 0 ? [`the ledger holds ${behind} more than the snapshot counted (rows written after it)`] : []),
  ];
  return {
    kind: 'COUNTERS_DISAGREE',
    rows: ahead + behind,
    bytesMissing: null,
    places,
    examples: [],
    says: `the writer's counter snapshot disagrees with the rows: ${parts.join('; ')}`,
  };
}
