// The related set of one row (RelatedSet), by the row's table: a model call, a tool call, a tool response, or any
// event row (net, DNS, exec, file, security...). Every lookup goes through an index or a small tool table; see
// rows.ts, event-rows.ts, tool-joins.ts and net-match.ts for which.
import { gapMarksOfRows } from '../completeness/rows-gap-marks.js';
import type Database from 'better-sqlite3';
import type { RelatedFinding, RelatedGroup, RelatedSet } from '../../../shared/contract/related.js';
import { InspectorError } from '../../../shared/errors.js';
import { tableSchema } from '../queries/schema.js';
import { bodiesOf, eventGroups } from './event-rows.js';
import { modelCallForNet, netForModelCall } from './net-match.js';
import type { Rec } from './rows.js';
import { group, has, num, oneRow, selectRows, str } from './rows.js';
import { toolCallJoins, toolResponseJoins } from './tool-joins.js';

function modelCallGroups(db: Database.Database, mc: Rec, findings: RelatedFinding[]): RelatedGroup[] {
  const id = mc.__rowid;
  const trace = str(mc.trace_id);
  const groups: RelatedGroup[] = [];
  if (has(db, 'model_items', 'model_call_id')) {
    // By trace first when the items carry it: model_items is indexed on (trace_id, ...), not on model_call_id.
    const byTrace = trace !== null && has(db, 'model_items', 'trace_id');
    const found = selectRows(
      db,
      'model_items',
      byTrace ? 'trace_id = ? AND model_call_id = ?' : 'model_call_id = ?',
      byTrace ? [trace, id] : [id],
      'item_index, id',
    );
    groups.push(group('model_items', 'Items (in order)', 'model_items', found, trace));
  }
  if (has(db, 'tool_calls', 'model_call_id'))
    groups.push(
      group('tool_calls', 'Tool calls it emitted', 'tool_calls', selectRows(db, 'tool_calls', 'model_call_id = ?', [id], 'id'), trace),
    );
  if (has(db, 'tool_responses', 'model_call_id')) {
    const g = group(
      'tool_responses',
      'Tool responses it carried back',
      'tool_responses',
      selectRows(db, 'tool_responses', 'model_call_id = ?', [id], 'id'),
      trace,
    );
    groups.push(g);
    for (const r of g.rows.filter((x) => x.crossTrace))
      findings.push({
        kind: 'cross_trace_response',
        message: `it carried back response #${r.rowid} of trace ${r.traceId}, not of its own trace`,
      });
  }
  return groups;
}

function ownerModelCall(db: Database.Database, row: Rec, trace: string | null): RelatedGroup[] {
  const m = num(row.model_call_id);
  const mc = m === null ? null : oneRow(db, 'model_calls', m);
  return mc ? [group('model_call', 'Its model call', 'model_calls', { rows: [mc], total: 1 }, trace)] : [];
}

export function relatedOf(db: Database.Database, table: string, rowid: number): RelatedSet {
  tableSchema(db, table);
  const row = oneRow(db, table, rowid);
  if (!row) throw new InspectorError('BAD_REQUEST', `${table} has no row with rowid ${rowid}`);
  const trace = str(row.trace_id);
  const eventId = str(row.event_id);
  const findings: RelatedFinding[] = [];
  const groups: RelatedGroup[] = [];
  const bodies = eventId ? bodiesOf(db, eventId) : [];
  let netMatch = null;
  let modelCallId: number | null = num(row.model_call_id);
  switch (table) {
    case 'model_calls':
      modelCallId = rowid;
      groups.push(...modelCallGroups(db, row, findings));
      netMatch = netForModelCall(db, row);
      if (netMatch) {
        if (netMatch.row) groups.push({ kind: 'http', title: 'Its HTTP exchange', rows: [netMatch.row], total: 1 });
        else findings.push({ kind: 'no_http_exchange', message: `no net_events row matches this model call: ${netMatch.note}` });
        if (netMatch.ties.length) findings.push({ kind: 'ambiguous_http_exchange', message: netMatch.note });
      }
      break;
    case 'tool_calls': {
      const j = toolCallJoins(db, row);
      groups.push(...j.groups);
      findings.push(...j.findings);
      break;
    }
    case 'tool_responses': {
      const j = toolResponseJoins(db, row);
      groups.push(...j.groups);
      findings.push(...j.findings);
      bodies.push(...j.bodies);
      break;
    }
    case 'model_items':
      groups.push(...ownerModelCall(db, row, trace));
      break;
    case 'net_events':
      netMatch = modelCallForNet(db, row);
      if (netMatch?.row) {
        groups.push({ kind: 'http', title: 'The model call it carried', rows: [netMatch.row], total: 1 });
        modelCallId = netMatch.row.rowid;
      }
      break;
    default:
      break;
  }
  groups.push(...eventGroups(db, eventId, { table, rowid }, trace));
  return {
    table,
    rowid,
    eventId,
    traceId: trace,
    turnId: str(row.turn_id),
    modelCallId,
    callId: str(row.call_id),
    groups: groups.filter((g) => g.total > 0 || g.kind === 'tool_responses' || g.kind === 'model_items'),
    netMatch,
    bodies,
    findings,
    gaps: gapMarksOfRows(db, table, [rowid]).get(rowid) ?? [],
  };
}
