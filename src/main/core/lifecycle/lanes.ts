/**
 * The swimlanes of every matching call, binned on the server for the range on screen: per tool lane, counts per bin
 * (and how many of them are flagged), or each call as a bar once the range holds few enough to draw one by one.
 * Before, the chart drew the first 5,000 calls only (of 94,056 on a million-event ledger).
 *
 * Per connection and filter the calls are read once into arrays sorted by time (a read-only copy never changes), so
 * a zoom is two binary searches and one pass over the calls in range. Whether a call is flagged (orphan, or MCP without
 * a logical call) depends on the call and the ledger only, not on the filter: the ledger-wide set is made once and
 * shared by every filter, except one trace's calls, where the trace keys narrow the predicates to that trace.
 */
import type Database from 'better-sqlite3';
import type { LaneBins, LifecycleFilters, SwimlanePoint } from '../../../shared/contract/lifecycle.js';
import { colOr } from '../traces/sql-columns.js';
import { traceKeysOf } from '../traces/trace-keys.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { filterWhere, flaggedExpr } from './filters-sql.js';

/** A call's time, as the SQL checks compute it. */
export const CALL_MS_SQL = '(julianday(t.timestamp) - 2440587.5) * 86400000.0';
export const LANE_BAR_PX = 4;
/** At most this many calls in range are sent one by one (then drawn as bars, packed into sub-rows). */
export const LANE_POINTS_MAX = 1500;

interface CallSet {
  readonly tools: readonly string[];
  /** Timed calls, ascending by time then id. */
  readonly t: Float64Array;
  readonly id: Float64Array;
  readonly dur: Float64Array;
  readonly lane: Uint16Array;
  readonly flagged: Uint8Array;
  readonly status: readonly (string | null)[];
  readonly untimed: number;
  /** The latest end (start + duration) of any call. */
  readonly end: number;
}

const sets = new WeakMap<Database.Database, Map<string, CallSet>>();
const flaggedSets = new WeakMap<Database.Database, Set<number>>();
const KEEP_SETS = 12;

function ledgerFlagged(db: Database.Database): Set<number> {
  let s = flaggedSets.get(db);
  if (!s) {
    const x = flaggedExpr(db, undefined);
    s = new Set(
      (db.prepare(`SELECT t.id FROM tool_calls t WHERE (${x.orphan} OR ${x.mcp})`).raw().all() as [number][]).map((r) => Number(r[0])),
    );
    flaggedSets.set(db, s);
  }
  return s;
}

function callSet(db: Database.Database, filters: LifecycleFilters | undefined): CallSet {
  let m = sets.get(db);
  if (!m) sets.set(db, (m = new Map()));
  const key = JSON.stringify(filters ?? {});
  const have = m.get(key);
  if (have) return have;
  const where = filterWhere(db, filters);
  const timed = hasColumn(db, 'tool_calls', 'timestamp');
  // One trace with its keys in: its few rows carry the narrowed predicates; any other filter shares the ledger's set.
  const narrowed = filters?.trace !== undefined && traceKeysOf(db)?.hasCalls() === true;
  const x = narrowed ? flaggedExpr(db, filters) : null;
  const rows = db
    .prepare(
      `SELECT t.id, ${timed ? CALL_MS_SQL : 'NULL'} AS ms, ${colOr(db, 'tool_calls', 't', 'tool_name')}, ${colOr(db, 'tool_calls', 't', 'duration_ms', 'duration_ms', '0')},
      ${colOr(db, 'tool_calls', 't', 'status')}${x ? `, (${x.orphan} OR ${x.mcp}) AS f` : ''} FROM tool_calls t WHERE ${where.sql}`,
    )
    .raw()
    .all(...where.params) as unknown[][];
  const flaggedIds = x ? null : ledgerFlagged(db);
  const dated = rows.filter((r) => r[1] !== null).sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]));
  const tools = [...new Set(dated.map((r) => String(r[2] ?? '')))].sort();
  const laneOf = new Map(tools.map((t, i) => [t, i]));
  const set: CallSet = {
    tools,
    t: Float64Array.from(dated, (r) => Number(r[1])),
    id: Float64Array.from(dated, (r) => Number(r[0])),
    dur: Float64Array.from(dated, (r) => Math.max(0, Number(r[3] ?? 0))),
    lane: Uint16Array.from(dated, (r) => laneOf.get(String(r[2] ?? ''))!),
    flagged: Uint8Array.from(dated, (r) => ((x ? Number(r[5]) === 1 : flaggedIds!.has(Number(r[0]))) ? 1 : 0)),
    status: dated.map((r) => (r[4] === null || r[4] === undefined ? null : String(r[4]))),
    untimed: rows.length - dated.length,
    end: dated.reduce((e, r) => Math.max(e, Number(r[1]) + Math.max(0, Number(r[3] ?? 0))), Number.NEGATIVE_INFINITY),
  };
  if (m.size >= KEEP_SETS) m.delete(m.keys().next().value!);
  m.set(key, set);
  return set;
}

function lowerBound(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface LaneRange {
  readonly filters?: LifecycleFilters;
  readonly from?: number;
  readonly to?: number;
  readonly width: number;
}

/** A call belongs to the bin of its start: CAST((t − from) / binMs AS INTEGER), clamped to the last bin. */
export function laneBins(db: Database.Database, r: LaneRange): LaneBins {
  if (!hasTable(db, 'tool_calls'))
    return { sessionFrom: 0, sessionTo: 1, from: 0, to: 1, binMs: 1, bins: 1, calls: 0, untimed: 0, lanes: [], points: [] };
  const s = callSet(db, r.filters);
  const n = s.t.length;
  const sessionFrom = n ? Math.floor(s.t[0]!) : 0;
  // Past the last call's end, so its bar fits in the whole-session view.
  const sessionTo = Math.floor(Math.max(sessionFrom + 1, s.end)) + 1;
  const from = r.from ?? sessionFrom;
  let to = r.to ?? sessionTo;
  if (!(to > from)) to = from + 1;
  const bins = Math.max(1, Math.floor(r.width / LANE_BAR_PX));
  const binMs = (to - from) / bins;
  const lo = lowerBound(s.t, from);
  const hi = lowerBound(s.t, to);
  const lanes = s.tools.map((tool) => ({ tool, calls: 0, flagged: 0, bins: [] as number[][] }));
  const cells = s.tools.map(() => new Map<number, number[]>());
  for (let i = lo; i < hi; i++) {
    const b = Math.min(bins - 1, Math.trunc((s.t[i]! - from) / binMs));
    const l = s.lane[i]!;
    const lane = lanes[l]!;
    lane.calls++;
    lane.flagged += s.flagged[i]!;
    const cell = cells[l]!.get(b);
    if (cell) {
      cell[1]!++;
      cell[2]! += s.flagged[i]!;
    } else cells[l]!.set(b, [b, 1, s.flagged[i]!]);
  }
  lanes.forEach((lane, l) => (lane.bins = [...cells[l]!.values()].sort((a, b) => a[0]! - b[0]!)));
  const points: SwimlanePoint[] | null =
    hi - lo <= LANE_POINTS_MAX
      ? Array.from({ length: hi - lo }, (_, k) => {
          const i = lo + k;
          return {
            id: s.id[i]!,
            toolName: s.tools[s.lane[i]!]!,
            t: s.t[i]!,
            durationMs: s.dur[i]!,
            status: s.status[i]!,
            flagged: s.flagged[i] === 1,
          };
        })
      : null;
  return {
    sessionFrom,
    sessionTo,
    from,
    to,
    binMs,
    bins,
    calls: hi - lo,
    untimed: s.untimed,
    lanes: lanes.map((l) => ({ tool: l.tool, calls: l.calls, flagged: l.flagged, bins: l.bins as [number, number, number][] })),
    points,
  };
}
