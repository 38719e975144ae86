/**
 * The tool calls that can be joined to a path's changes: those in the traces or turns its fs_events rows carry, each
 * marked with whether its arguments (or, failing those, a response to it) name the path. Read in one query keyed on
 * the rows' ids, so only calls the ledger ties to these changes are ever looked at.
 */
import type Database from 'better-sqlite3';
import type { FileHistoryShape } from './ledger-shape.js';
import type { PathMatcher } from './tool-call-paths.js';

export interface JoinedCall {
  readonly rowId: number;
  readonly callId: string;
  readonly toolName: string;
  readonly eventId: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  readonly namedIn: 'arguments' | 'response' | null;
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export function joinedCalls(
  db: Database.Database,
  shape: FileHistoryShape,
  keys: { readonly traces: ReadonlySet<string>; readonly turns: ReadonlySet<string> },
  matcher: PathMatcher,
): JoinedCall[] {
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
  const stmt = db.prepare(
    `SELECT c.id AS id, c.call_id AS call_id, c.tool_name AS tool_name, c.arguments AS arguments, ${col(shape.callEventId, 'event_id')},
       ${col(shape.callResponsePreview, 'response_preview')}, ${col(shape.callTrace, 'trace_id')}, ${col(shape.callTurn, 'turn_id')}
     FROM tool_calls c WHERE ${where.join(' OR ')} ORDER BY c.id`,
  );
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
  const stmt = db.prepare(
    'SELECT call_id AS callId, content_preview AS content FROM tool_responses WHERE call_id IN (SELECT value FROM json_each(?))',
  );
  for (const r of stmt.iterate(JSON.stringify(callIds)) as Iterable<{ callId: unknown; content: unknown }>)
    if (matcher.namedIn(r.content)) named.add(String(r.callId));
  return named;
}
