/**
 * The tool calls that can be joined to a path's changes: those in the traces or turns its fs_events rows carry, each
 * marked with whether its arguments (or, failing those, a response to it) name the path. Read in one query keyed on
 * the rows' ids, so only calls the ledger ties to these changes are ever looked at.
 */
import type Database from 'better-sqlite3';
import type { FileHistoryShape } from './ledger-shape.js';
import type { PathMatcher } from './tool-call-paths.js';
import { traceKeysOf } from '../traces/trace-keys.js';

export interface JoinedCall {
  readonly rowId: number;
  readonly callId: string;
  readonly toolName: string;
  readonly eventId: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  readonly namedIn: 'arguments' | 'response' | null;
}

/** The ids the path's changes carry; `turnsWithoutTrace` / `tracesWithoutTurn`: some change carries one alone. */
export interface JoinKeys {
  readonly traces: ReadonlySet<string>;
  readonly turns: ReadonlySet<string>;
  readonly turnsWithoutTrace?: boolean;
  readonly tracesWithoutTurn?: boolean;
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export function joinedCalls(db: Database.Database, shape: FileHistoryShape, keys: JoinKeys, matcher: PathMatcher): JoinedCall[] {
  if (!shape.calls) return [];
  const where: string[] = [];
  const params: string[] = [];
  if (shape.callTrace && keys.traces.size > 0) {
    where.push('c.trace_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify([...keys.traces]));
  }
  if (shape.callTurn && keys.turns.size > 0) {
    where.push('c.turn_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify([...keys.turns]));
  }
  if (where.length === 0) return [];
  const col = (has: boolean, name: string): string => `${has ? `c.${name}` : 'NULL'} AS ${name}`;
  // tool_calls has no index on trace_id or turn_id: with the trace keys, only the traces' calls are read, by rowid.
  const byKeys = joinableRows(db, shape, keys, callRowsByKeys(db, keys));
  // Only calls that can name the path are handed over: those holding its base name as text in their arguments or
  // response preview, or with a response that does (namedIn's own first test, done by SQLite). A trace of thousands
  // of calls otherwise sent every call's arguments across, to be refused one by one.
  const holding = byKeys !== null && matcher.mustHold !== null ? responseHolders(db, shape, byKeys, matcher.mustHold) : null;
  const preview = shape.callResponsePreview ? ' OR instr(c.response_preview, ?) > 0' : '';
  const stmt = db.prepare(
    `SELECT c.id AS id, c.call_id AS call_id, c.tool_name AS tool_name, c.arguments AS arguments, ${col(shape.callEventId, 'event_id')},
       ${col(shape.callResponsePreview, 'response_preview')}, ${col(shape.callTrace, 'trace_id')}, ${col(shape.callTurn, 'turn_id')}
     FROM tool_calls c WHERE ${byKeys === null ? '' : 'c.id IN (SELECT value FROM json_each(?)) AND '}(${where.join(' OR ')})
     ${holding === null ? '' : `AND (instr(c.arguments, ?) > 0${preview} OR c.call_id IN (SELECT value FROM json_each(?)))`} ORDER BY c.id`,
  );
  if (byKeys !== null) params.unshift(JSON.stringify(byKeys));
  if (holding !== null) params.push(matcher.mustHold!, ...(preview ? [matcher.mustHold!] : []), JSON.stringify(holding));
  type Row = Record<'id' | 'call_id' | 'tool_name' | 'arguments' | 'event_id' | 'response_preview' | 'trace_id' | 'turn_id', unknown>;
  const calls: JoinedCall[] = [];
  const unnamed: string[] = [];
  for (const r of stmt.iterate(...params) as Iterable<Row>) {
    const namedIn = matcher.namedIn(r.arguments) ? 'arguments' : matcher.namedIn(r.response_preview) ? 'response' : null;
    const call = {
      rowId: Number(r.id),
      callId: String(r.call_id ?? ''),
      toolName: String(r.tool_name ?? ''),
      eventId: text(r.event_id),
      traceId: text(r.trace_id),
      turnId: text(r.turn_id),
      namedIn,
    } as const;
    calls.push(call);
    if (namedIn === null && call.callId !== '') unnamed.push(call.callId);
  }
  const answered = shape.responses ? callsWhoseResponseNames(db, unnamed, matcher) : new Set<string>();
  return calls.map((c) => (c.namedIn === null && answered.has(c.callId) ? { ...c, namedIn: 'response' } : c));
}

/** Of these call ids, those with a tool_responses row whose content (as JSON) names the path. */
function callsWhoseResponseNames(db: Database.Database, callIds: readonly string[], matcher: PathMatcher): Set<string> {
  const named = new Set<string>();
  if (callIds.length === 0) return named;
  // tool_responses.call_id has no index either: with the trace keys, the rows carrying these call_ids by rowid. A
  // response that does not hold the path's base name as text cannot name it (namedIn's own first test), so SQLite
  // leaves those out before their text is handed over.
  const keys = traceKeysOf(db);
  const byKeys = keys?.hasResponses() ? keys.responsesWithCallIds(callIds) : null;
  const holds = matcher.mustHold === null ? '' : ' AND instr(content_preview, ?) > 0';
  const stmt = db.prepare(
    `SELECT call_id AS callId, content_preview AS content FROM tool_responses WHERE ${byKeys === null ? '' : 'id IN (SELECT value FROM json_each(?)) AND '}call_id IN (SELECT value FROM json_each(?))${holds}`,
  );
  const args = [
    ...(byKeys === null ? [] : [JSON.stringify(byKeys)]),
    JSON.stringify(callIds),
    ...(matcher.mustHold === null ? [] : [matcher.mustHold]),
  ];
  for (const r of stmt.iterate(...args) as Iterable<{ callId: unknown; content: unknown }>)
    if (matcher.namedIn(r.content)) named.add(String(r.callId));
  return named;
}

/**
 * The rowids of the calls in these traces, from the trace keys, when every turn asked for lies in one of them (the
 * changes carry their trace beside their turn); null when the keys are not built or a turn came without its trace,
 * and the table is then scanned as before.
 */
function callRowsByKeys(db: Database.Database, keys: JoinKeys): number[] | null {
  const traceKeys = traceKeysOf(db);
  if (traceKeys === null || keys.turnsWithoutTrace !== false || keys.traces.size === 0) return null;
  return [...keys.traces].flatMap((t) => traceKeys.callsOfTrace(t));
}

/** The call ids among these calls' with a tool_responses row whose content holds `text` (rows found by the keys). */
function responseHolders(db: Database.Database, shape: FileHistoryShape, callRows: readonly number[], text: string): string[] {
  const keys = traceKeysOf(db);
  if (!shape.responses || !keys?.hasResponses()) return [];
  const callIds = callRows.map((id) => keys.callIdOfCall(id)).filter((c): c is string => c !== null && c !== '');
  const rows = keys.responsesWithCallIds(callIds);
  if (rows.length === 0) return [];
  return (
    db
      .prepare('SELECT DISTINCT call_id FROM tool_responses WHERE id IN (SELECT value FROM json_each(?)) AND instr(content_preview, ?) > 0')
      .pluck()
      .all(JSON.stringify(rows), text) as unknown[]
  ).map(String);
}

/**
 * Of the traces' calls, those that can join a change at all (causes.ts callJoinsRow): when every change carries its
 * turn, a call of another turn of the same trace never does (their turns disagree), so only the changes' turns' calls
 * and the trace's calls with no turn are kept. Read by rowid, without their text.
 */
function joinableRows(db: Database.Database, shape: FileHistoryShape, keys: JoinKeys, rows: number[] | null): number[] | null {
  if (rows === null || !shape.callTurn || keys.tracesWithoutTurn !== false || keys.turns.size === 0) return rows;
  return (
    db
      .prepare(
        'SELECT id FROM tool_calls WHERE id IN (SELECT value FROM json_each(?)) AND (turn_id IS NULL OR turn_id IN (SELECT value FROM json_each(?)))',
      )
      .pluck()
      .all(JSON.stringify(rows), JSON.stringify([...keys.turns])) as unknown[]
  ).map(Number);
}
