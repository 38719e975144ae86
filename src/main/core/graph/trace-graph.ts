// One trace as nodes and edges, one page of model calls at a time (lazy: the first screen of a trace with
// thousands of model calls costs one page of rows). Joins (docs/formats/identity-graph.md#cardinalities): turn →
// model call → model_items; model call → tool_calls (model_call_id) → tool_responses (same call_id, same trace) → the
// model call that consumed them (tool_responses.model_call_id). Broken joins become broken edges to `missing:` nodes.
import type Database from 'better-sqlite3';
import type { TraceGraph } from '../../../shared/contract/graph.js';
import { GRAPH_PAGE_DEFAULT, GRAPH_PAGE_MAX } from '../../../shared/contract/graph.js';
import { InspectorError } from '../../../shared/errors.js';
import { egressTiedTo } from '../egress/tied-egress.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { brokenInTrace } from '../traces/broken.js';
import { eventGroups } from '../traces/events.js';
import { GraphBuilder } from './graph-builder.js';
import { withGapMarks } from './node-gaps.js';
import { addModelCalls, addToolCalls, addResponses } from './graph-nodes.js';
import {
  bodyCounts,
  callsEmittedBy,
  itemsOf,
  looseCalls,
  looseItems,
  looseResponses,
  modelCallPage,
  proxiesOf,
  responsesConsumedBy,
  responsesTo,
} from './page-rows.js';
import { traceMemo } from '../traces/trace-memo.js';
import { traceTurns, turnNodeId, turnSummaries } from '../traces/turns.js';

export interface TracePageOptions {
  readonly after?: number;
  readonly limit?: number;
}

export function buildTraceGraph(db: Database.Database, traceId: string, opts: TracePageOptions = {}): TraceGraph {
  if (!hasTable(db, 'model_calls') || !hasColumn(db, 'model_calls', 'trace_id')) {
    throw new InspectorError(
      'BAD_REQUEST',
      'this ledger has no model_calls.trace_id column: it predates traces, so there is no identity graph to draw',
    );
  }
  const limit = Math.min(Math.max(1, opts.limit ?? GRAPH_PAGE_DEFAULT), GRAPH_PAGE_MAX);
  const firstPage = opts.after === undefined;
  const turns = traceTurns(db, traceId);
  const totalModelCalls = turns.reduce((n, t) => n + t.modelCalls, 0);
  if (turns.length === 0) throw new InspectorError('BAD_REQUEST', `no model call or tool call carries trace_id ${traceId}`);

  const fetched = modelCallPage(db, traceId, opts.after ?? Number.MIN_SAFE_INTEGER, limit + 1);
  const page = fetched.slice(0, limit);
  const pageIds = page.map((m) => Number(m.id));
  // The trace's loose rows read every call and response of the trace with their invariants (250 ms for the 5,000-call
  // trace at a million events): the same on every first page of a read-only copy, so they are made once.
  const looseRows = firstPage
    ? traceMemo(db, 'loose', traceId, () => ({
        items: looseItems(db, traceId),
        calls: looseCalls(db, traceId),
        responses: looseResponses(db, traceId),
      }))
    : null;
  const items = [...itemsOf(db, pageIds), ...(looseRows?.items ?? [])];
  const emitted = callsEmittedBy(db, pageIds).filter((c) => c.origin !== 'mcp_proxy');
  const loose = looseRows?.calls ?? [];
  // An mcp_proxy capture with a logical call is folded into that call's node; one without is drawn alone (broken).
  const logical = [...emitted, ...loose.filter((c) => c.origin !== 'mcp_proxy' || c.mcp_broken)];
  const proxies = proxiesOf(db, traceId, [...new Set(logical.map((c) => c.call_id))]).filter((p) => !p.mcp_broken);
  const responses = [
    ...responsesTo(db, [...new Set(logical.map((c) => c.call_id))]),
    ...responsesConsumedBy(db, pageIds),
    ...(looseRows?.responses ?? []),
  ];
  const bodies = bodyCounts(
    db,
    [...page, ...items, ...logical, ...responses].map((r) => r.event_id).filter((e): e is string => typeof e === 'string' && e !== ''),
  );

  const g = new GraphBuilder();
  const onPage = new Set(pageIds);
  const drawnTurns = new Set<string>();
  const turnNode = (turnId: string | null): string => {
    const id = turnNodeId(turnId);
    drawnTurns.add(id.slice('turn:'.length));
    return g.node({ id, kind: 'turn', label: turnId ?? 'no turn', turnId, detail: '' });
  };
  addModelCalls(g, page, items, bodies, turnNode);
  addToolCalls(g, logical, proxies, onPage, bodies, turnNode);
  addResponses(db, g, traceId, responses, logical, onPage, bodies, turnNode);

  for (const e of eventGroups(db, traceId)) {
    const turnKey = turnNodeId(e.turnId);
    // Events attach to turns drawn on this page (every page re-draws its own turns), or to the trace level.
    if (!g.has(turnKey) && !(firstPage && e.turnId === null)) continue;
    const parent = turnNode(e.turnId);
    const id = g.node({
      id: `ev:${e.turnId ?? ''}:${e.kind}`,
      kind: 'events',
      label: `${e.kind} ×${e.count}`,
      detail: e.tables.join(', '),
      turnId: e.turnId,
      eventKind: e.kind,
      count: e.count,
    });
    g.edge(parent, id, 'events');
  }

  const broken = brokenInTrace(db, traceId);
  const built = g.result();
  const nodes = withGapMarks(db, built.nodes);
  const edges = built.edges;
  return {
    traceId,
    turns: turnSummaries(db, turns, drawnTurns),
    totalModelCalls,
    modelCallIds: pageIds,
    nextAfter: fetched.length > limit ? pageIds[pageIds.length - 1]! : null,
    nodes,
    edges,
    broken: broken.list,
    brokenTotal: broken.total,
    brokenCounts: broken.counts,
    egress: egressTiedTo(db, traceId),
  };
}
