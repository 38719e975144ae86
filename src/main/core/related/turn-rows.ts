// One turn's rows: its model calls (model_calls by trace, indexed), its tool calls, the file, network, DNS and exec
// rows the ledger ties to it, and what left the sandbox during it (egress/tied-egress.ts, over every net_events row
// of the turn). net_events and fs_events are large and indexed only on timestamp, so their listed rows are searched
// in the turn's time window (its first call to the next turn's first call of the same trace) and then by turn_id;
// dns_events and exec_events have no index the search could use and are read by trace and turn.
import type Database from 'better-sqlite3';
import type { CallTarget, RelatedGroup, TurnRows } from '../../../shared/contract/related.js';
import { InspectorError } from '../../../shared/errors.js';
import { gapMarksOfRows } from '../completeness/rows-gap-marks.js';
import { egressTiedTo } from '../egress/tied-egress.js';
import { isoMs } from '../traces/sql-columns.js';
import { group, has, relatedRow, selectRows, str } from './rows.js';

/** When the turn is the trace's last, events up to this long after its last call still count as its own. */
const TAIL_MS = 30 * 60_000;

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

export function turnRows(db: Database.Database, traceId: string, turnId: string): TurnRows {
  if (!has(db, 'model_calls', 'trace_id', 'turn_id', 'timestamp'))
    throw new InspectorError('BAD_REQUEST', 'this ledger has no model_calls.turn_id column, so it has no turns');
  const mcs = selectRows(db, 'model_calls', 'trace_id = ? AND turn_id = ?', [traceId, turnId], 'id');
  const tcs = has(db, 'tool_calls', 'trace_id', 'turn_id')
    ? selectRows(db, 'tool_calls', 'trace_id = ? AND turn_id = ?', [traceId, turnId], 'id')
    : { rows: [], total: 0 };
  if (mcs.total === 0 && tcs.total === 0)
    throw new InspectorError('BAD_REQUEST', `no model call or tool call of trace ${traceId} carries turn_id ${turnId}`);
  const times = [...mcs.rows, ...tcs.rows].map((r) => isoMs(r.timestamp)).filter((t): t is number => t !== null);
  const first = times.length ? Math.min(...times) : null;
  const lastCall = times.length ? Math.max(...times) : null;
  // The next turn of the trace begins with its first model call after this turn's last one (trace index).
  const next =
    lastCall === null
      ? undefined
      : (db
          .prepare('SELECT MIN(timestamp) AS t FROM model_calls WHERE trace_id = ? AND turn_id IS NOT ? AND timestamp > ?')
          .get(traceId, turnId, new Date(lastCall).toISOString()) as { t: string | null } | undefined);
  const nextMs = isoMs(next?.t ?? null);
  const end = nextMs ?? (lastCall === null ? null : lastCall + TAIL_MS);
  const groups: RelatedGroup[] = [
    group('model_call', 'Model calls', 'model_calls', mcs, traceId),
    group('tool_calls', 'Tool calls', 'tool_calls', tcs, traceId),
  ];
  const windowed = (table: string, title: string): void => {
    if (!has(db, table, 'timestamp', 'trace_id', 'turn_id') || first === null || end === null) return;
    groups.push(
      group(
        'same_event',
        title,
        table,
        selectRows(
          db,
          table,
          'timestamp >= ? AND timestamp <= ? AND trace_id = ? AND turn_id = ?',
          [iso(first - 5000), iso(end + 1000), traceId, turnId],
          'timestamp, _rowid_',
        ),
        traceId,
      ),
    );
  };
  windowed('fs_events', 'File events');
  windowed('net_events', 'Network events');
  for (const [table, title] of [
    ['dns_events', 'DNS events'],
    ['exec_events', 'Processes run'],
  ] as const) {
    if (has(db, table, 'trace_id', 'turn_id'))
      groups.push(group('same_event', title, table, selectRows(db, table, 'trace_id = ? AND turn_id = ?', [traceId, turnId]), traceId));
  }
  const note =
    first === null || end === null
      ? 'the turn has no readable timestamps: file and network rows were not searched'
      : `file and network rows searched from ${iso(first - 5000)}Z to ${iso(end + 1000)}Z (${nextMs !== null ? 'the next turn of the trace begins then' : 'the last call plus 30 minutes'})`;
  return {
    traceId,
    turnId,
    egress: egressTiedTo(db, traceId, turnId),
    first: first === null ? null : new Date(first).toISOString(),
    last: end === null ? null : new Date(end).toISOString(),
    groups: groups.map((g) => withRowGaps(db, g)),
    note,
  };
}

/** A turn's pane lists its rows where the graph draws one node per kind: each row carries its own gap marks. */
function withRowGaps(db: Database.Database, g: RelatedGroup): RelatedGroup {
  const table = g.rows[0]?.table;
  if (table === undefined) return g;
  const marks = gapMarksOfRows(
    db,
    table,
    g.rows.map((r) => r.rowid),
  );
  return { ...g, rows: g.rows.map((r) => ({ ...r, gaps: marks.get(r.rowid) ?? [] })) };
}

/** The logical tool call a call_id names: in the given trace first, a logical call before an mcp_proxy capture. */
export function callTarget(db: Database.Database, callId: string, traceId: string | null): CallTarget {
  if (!has(db, 'tool_calls', 'call_id')) return { row: null, others: [] };
  const found = selectRows(db, 'tool_calls', 'call_id = ?', [callId], 'id');
  const rank = (r: Record<string, unknown>): number =>
    (traceId !== null && str(r.trace_id) === traceId ? 0 : 2) + (String(r.origin ?? '') === 'mcp_proxy' ? 1 : 0);
  const rows = [...found.rows].sort((a, b) => rank(a) - rank(b) || a.__rowid - b.__rowid).map((r) => relatedRow('tool_calls', r, traceId));
  return { row: rows[0] ?? null, others: rows.slice(1) };
}
