/**
 * The cause of one change, from the ids its fs_events row carries: the tool calls of its trace (and turn, when both
 * the row and the call carry one) that name the path; else the trace or turn alone; else not recorded. Time is never
 * consulted: a call that ran just before a change is not its cause unless the ledger ties the two.
 */
import type { FileCause } from '../../../shared/contract/files.js';
import type { JoinedCall } from './joined-calls.js';

export interface RowIds {
  readonly traceId: string | null;
  readonly turnId: string | null;
}

export interface Cause {
  readonly cause: FileCause;
  readonly calls: readonly JoinedCall[];
}

/** Whether the ledger ties a call to a row: same trace with no disagreeing turn, or same turn with no disagreeing trace. */
export function callJoinsRow(row: RowIds, call: JoinedCall): boolean {
  const sameTrace = row.traceId !== null && call.traceId === row.traceId;
  const sameTurn = row.turnId !== null && call.turnId === row.turnId;
  const turnsDisagree = row.turnId !== null && call.turnId !== null && call.turnId !== row.turnId;
  const tracesDisagree = row.traceId !== null && call.traceId !== null && call.traceId !== row.traceId;
  return (sameTrace && !turnsDisagree) || (sameTurn && !tracesDisagree);
}

export function causeOf(row: RowIds, calls: readonly JoinedCall[]): Cause {
  if (row.traceId === null && row.turnId === null) return { cause: 'not-recorded', calls: [] };
  const naming = calls.filter((c) => c.namedIn !== null && callJoinsRow(row, c));
  return naming.length > 0 ? { cause: 'tool-call', calls: naming } : { cause: 'same-trace', calls: [] };
}
