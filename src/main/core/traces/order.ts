// The order of a trace's story (docs/formats/identity-graph.md): turns in the order they began; in each turn its
// model calls by rowid, each followed by the tool calls it emitted (tool_calls.model_call_id) and each call's
// responses (same call_id, same trace). Calls no model call emitted stand where their time puts them. Every other row
// of the turn (exec, files, network, DNS, process, credential, security) goes after the last model or tool call that
// began at or before it, at the turn's level and marked as placed by time (no call caused it on record). Findings are
// decided here, on the trace's own rows, by the integrity report's rules.
import type { TranscriptFinding, TranscriptLineKind } from '../../../shared/contract/transcript.js';
import { TRACE_LEVEL_TURN } from '../../../shared/contract/graph.js';
import type { EvKey, McKey, TcKey, TraceRows, TrKey } from './trace-rows.js';
import type { Entry } from './entry.js';

export type { Entry } from './entry.js';

export const EVENT_KIND: Readonly<Record<string, TranscriptLineKind>> = {
  net_events: 'net',
  dns_events: 'dns',
  fs_events: 'file',
  exec_events: 'exec',
  audit_events: 'process',
  substitution_events: 'credential',
  security_rule_events: 'security_rule',
  security_decision_events: 'security_decision',
  security_ask_events: 'security_ask',
};
const TABLE_RANK = new Map(Object.keys(EVENT_KIND).map((t, i) => [t, i]));

interface Anchor {
  readonly entry: Entry;
  /** Non-decreasing time used to place events (a call with no time takes the one before it). */
  eff: number;
  readonly events: EvKey[];
  readonly before: Entry[];
  readonly after: Entry[];
}

interface Turn {
  readonly key: string;
  readonly turnId: string | null;
  firstMc: number;
  firstTc: number;
  readonly anchors: Anchor[];
  readonly pre: EvKey[];
}

const f = (kind: TranscriptFinding['kind'], message: string): TranscriptFinding => ({ kind, message });
/** One shared empty list: a session transcript of a million-event ledger has ~800,000 entries, most without findings. */
const NONE: readonly TranscriptFinding[] = Object.freeze([]);

export function orderTrace(traceId: string, rows: TraceRows, modelCallExists: (id: number) => boolean): Entry[] {
  const mcIds = new Set(rows.mcs.map((m) => m.id));
  const exists = (id: number | null): boolean => id !== null && (mcIds.has(id) || modelCallExists(id));
  const nonProxy = new Set(rows.tcs.filter((c) => c.origin !== 'mcp_proxy' && c.callId !== null).map((c) => c.callId!));
  const isFolded = (c: TcKey): boolean => c.origin === 'mcp_proxy' && c.callId !== null && nonProxy.has(c.callId);
  const folded = new Map<string, number[]>();
  for (const c of rows.tcs) if (isFolded(c)) folded.set(c.callId!, [...(folded.get(c.callId!) ?? []), c.id]); // few per call_id
  const logical = rows.tcs.filter((c) => !isFolded(c));
  const answered = new Set(rows.trs.map((r) => r.callId).filter((c): c is string => c !== null));
  const calledIds = new Set(rows.tcs.map((c) => c.callId).filter((c): c is string => c !== null));

  const turns = new Map<string, Turn>();
  const turnOf = (turnId: string | null): Turn => {
    const key = turnId ?? TRACE_LEVEL_TURN;
    let t = turns.get(key);
    if (!t) turns.set(key, (t = { key, turnId, firstMc: Infinity, firstTc: Infinity, anchors: [], pre: [] }));
    return t;
  };
  const anchor = (entry: Entry, t: number | null): Anchor => ({ entry, eff: t ?? NaN, events: [], before: [], after: [] });

  const mcAnchor = new Map<number, Anchor>();
  for (const m of rows.mcs) {
    const t = turnOf(m.turn);
    t.firstMc = Math.min(t.firstMc, m.id);
    const a = anchor(mcEntry(traceId, m), m.t);
    mcAnchor.set(m.id, a);
    t.anchors.push(a);
  }
  const callAnchor = new Map<string, Anchor>();
  const loose: { call: TcKey; a: Anchor }[] = [];
  // Emitted calls follow their model call; a model call's anchors are contiguous because calls are visited in id order per call.
  const emittedBy = new Map<number, Anchor[]>();
  for (const c of logical) {
    const a = anchor(tcEntry(traceId, c, folded.get(c.callId ?? '') ?? [], answered, exists), c.t);
    if (c.callId !== null && !callAnchor.has(c.callId)) callAnchor.set(c.callId, a);
    if (c.mc !== null && mcAnchor.has(c.mc)) {
      const list = emittedBy.get(c.mc);
      if (list) list.push(a);
      else emittedBy.set(c.mc, [a]);
    } else loose.push({ call: c, a });
  }
  for (const t of turns.values()) {
    const withCalls: Anchor[] = [];
    for (const a of t.anchors) {
      withCalls.push(a);
      for (const c of emittedBy.get(a.entry.id) ?? []) withCalls.push(c);
    }
    // Copied back by a loop: splice(...) with a spread of tens of thousands of anchors can overflow the stack.
    t.anchors.length = 0;
    for (const a of withCalls) t.anchors.push(a);
  }
  for (const { call, a } of loose) {
    const t = turnOf(call.turn);
    t.firstTc = Math.min(t.firstTc, call.id);
    insertByTime(t.anchors, a);
  }
  // A response without a call stands just before the model call that carried it back; with neither here, at the end.
  const strays: Entry[] = [];
  for (const r of rows.trs) {
    const owner = r.callId !== null ? callAnchor.get(r.callId) : undefined;
    const e = trEntry(traceId, r, calledIds, exists);
    if (owner) owner.after.push(e);
    else if (r.mc !== null && mcAnchor.has(r.mc)) mcAnchor.get(r.mc)!.before.push(e);
    else strays.push(e);
  }
  if (turns.size === 0) turnOf(null);
  const ordered = [...turns.values()].sort((x, y) => x.firstMc - y.firstMc || x.firstTc - y.firstTc || x.key.localeCompare(y.key));
  for (const t of ordered) settle(t.anchors);
  placeEvents(ordered, rows.events);

  // Loops rather than push(...spread): any one of these lists can be tens of thousands long.
  const out: Entry[] = [{ kind: 'trace', table: null, id: 0, traceId, turn: null, depth: 0, findings: [] }];
  for (const t of ordered) {
    out.push({
      kind: 'turn',
      table: null,
      id: Number.isFinite(t.firstMc) ? t.firstMc : 0,
      traceId,
      turn: t.turnId,
      depth: 0,
      findings: [],
    });
    for (const e of t.pre) out.push(evEntry(traceId, e, null));
    // An event row follows the call that began before it, but at the turn's level: the ledger joins it to its turn,
    // never to a call, so it is not drawn under one as if the call caused it; its line says how it was placed.
    for (const a of t.anchors) {
      for (const b of a.before) out.push(b);
      out.push(a.entry);
      for (const e of a.events) out.push(evEntry(traceId, e, a.entry));
      for (const r of a.after) out.push(r);
    }
  }
  for (const e of strays) out.push(e);
  return out;
}

function mcEntry(traceId: string, m: McKey): Entry {
  const findings: TranscriptFinding[] = [];
  if (m.nullModel) findings.push(f('null_model', `model_calls row ${m.id} names no model`));
  if (m.nullTokens) findings.push(f('null_tokens', `model_calls row ${m.id} has NULL token counts`));
  return {
    kind: 'model_call',
    table: 'model_calls',
    id: m.id,
    traceId,
    turn: m.turn,
    depth: 1,
    findings: findings.length ? findings : NONE,
  };
}

function tcEntry(
  traceId: string,
  c: TcKey,
  foldedRows: readonly number[],
  answered: ReadonlySet<string>,
  exists: (id: number | null) => boolean,
): Entry {
  const findings: TranscriptFinding[] = [];
  if (c.callId === null || !answered.has(c.callId))
    findings.push(
      f('call_without_response', `tool_calls row ${c.id} (call_id ${c.callId ?? 'NULL'}) has no tool_responses row in this trace`),
    );
  if (c.mc !== null && !exists(c.mc))
    findings.push(f('dangling_model_call_id', `tool_calls row ${c.id} names model_call_id ${c.mc}, which no model_calls row has`));
  if ((c.origin === 'mcp' && (c.mc === null || !exists(c.mc))) || c.origin === 'mcp_proxy') {
    findings.push(
      f(
        'mcp_without_logical_call',
        `tool_calls row ${c.id} is MCP traffic (call_id ${c.callId ?? 'NULL'}) that no logical tool call of a model turn accounts for`,
      ),
    );
  }
  return {
    kind: 'tool_call',
    table: 'tool_calls',
    id: c.id,
    traceId,
    turn: c.turn,
    depth: 2,
    findings: findings.length ? findings : NONE,
    ...(foldedRows.length ? { folded: foldedRows } : {}),
  };
}

function trEntry(traceId: string, r: TrKey, calledIds: ReadonlySet<string>, exists: (id: number | null) => boolean): Entry {
  const findings: TranscriptFinding[] = [];
  if (r.callId === null || !calledIds.has(r.callId))
    findings.push(
      f(
        'response_without_call',
        `tool_responses row ${r.id} answers call_id ${r.callId ?? 'NULL'}, which no tool_calls row of this trace carries`,
      ),
    );
  if (r.mc !== null && !exists(r.mc))
    findings.push(f('dangling_model_call_id', `tool_responses row ${r.id} names model_call_id ${r.mc}, which no model_calls row has`));
  return {
    kind: 'tool_response',
    table: 'tool_responses',
    id: r.id,
    traceId,
    turn: r.turn,
    depth: 3,
    findings: findings.length ? findings : NONE,
  };
}

/** An event row placed by time, after `after` (null: before the turn's first call), at the turn's level. */
function evEntry(traceId: string, e: EvKey, after: Entry | null): Entry {
  const base = { kind: EVENT_KIND[e.table] ?? 'net', table: e.table, id: e.id, traceId, turn: e.turn, depth: 1, findings: NONE } as const;
  return after?.table ? { ...base, placedBy: 'time', afterTable: after.table, afterId: after.id } : { ...base, placedBy: 'time' };
}

/** Insert a loose call after the last anchor that began at or before it (at the end when it has no time). */
function insertByTime(anchors: Anchor[], a: Anchor): void {
  if (Number.isNaN(a.eff)) return void anchors.push(a);
  let i = anchors.length;
  while (i > 0 && !(anchors[i - 1]!.eff <= a.eff)) i--;
  // Skip back over anchors without a time only if something timed precedes them.
  anchors.splice(i === 0 && anchors.every((x) => Number.isNaN(x.eff)) ? anchors.length : i, 0, a);
}

/** Make anchor times non-decreasing in story order, so a binary search can place events. */
function settle(anchors: Anchor[]): void {
  let last = -Infinity;
  for (const a of anchors) {
    a.eff = Number.isNaN(a.eff) ? last : Math.max(last, a.eff);
    last = a.eff;
  }
}

function placeEvents(turns: readonly Turn[], events: readonly EvKey[]): void {
  const byTurn = new Map(turns.map((t) => [t.key, t]));
  const all = turns.flatMap((t) => t.anchors);
  const sorted = [...events].sort(
    (x, y) => (x.t ?? Infinity) - (y.t ?? Infinity) || (TABLE_RANK.get(x.table) ?? 0) - (TABLE_RANK.get(y.table) ?? 0) || x.id - y.id,
  );
  for (const e of sorted) {
    const own = e.turn !== null ? byTurn.get(e.turn) : undefined;
    const anchors = own ? own.anchors : all;
    const at = e.t === null ? anchors.length - 1 : lastAtOrBefore(anchors, e.t);
    if (at >= 0) anchors[at]!.events.push(e);
    else (own ?? turns[0])?.pre.push(e);
  }
}

function lastAtOrBefore(anchors: readonly Anchor[], t: number): number {
  let lo = 0;
  let hi = anchors.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (anchors[mid]!.eff <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
