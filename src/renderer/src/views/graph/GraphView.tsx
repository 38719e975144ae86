/**
 * Identity graph: the trace list, and one trace laid out left to right (turns → model calls → model_items,
 * tool calls → responses → the model call that consumed them), its broken invariants listed, and a waterfall
 * of the same trace over time beside it. Clicking a node (or a turn) shows its fields, related rows and bodies in
 * the side pane beside the graph; the selection is in the URL (pane/selection.ts), so reload and Back restore it.
 */
import { useMemo, useRef, useState } from 'react';
import type { GraphNode, TraceFind as Found, TraceMatch, TurnSummary } from '../../../../shared/contract/graph.js';
import { TRACE_LEVEL_TURN } from '../../../../shared/contract/graph.js';
import { EVENT_TABLES_BY_KIND } from './event-tables.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { navigate, href } from '../../router.js';
import { PaneLayout } from '../../pane/PaneLayout.js';
import type { Selection } from '../../pane/selection.js';
import { selectInPane, usePaneState } from '../../pane/selection.js';
import type { ScrollTarget } from './GraphSvg.js';
import { GraphLists, GraphScroll } from './GraphSvg.js';
import { IncrementalLayout } from './layout-incremental.js';
import { TraceList } from './TraceList.js';
import { TraceFind } from './TraceFind.js';
import { TraceOverview } from './TraceOverview.js';
import { useRevealSelection } from './use-reveal.js';
import { useTracePages } from './use-trace-pages.js';
import { WaterfallPane } from './Waterfall.js';
import './graph.css';
import { visibleText } from '../../components/visible-text.js';
import { plural } from '../../../../shared/plural.js';
import { EgressLine } from '../../components/EgressLine.js';

export function GraphView(props: { ev: string; trace: string | null }) {
  if (!props.trace) return <TraceList ev={props.ev} />;
  return <TracePanel key={props.trace} ev={props.ev} traceId={props.trace} />;
}

function openNode(ev: string, n: GraphNode, traceId: string): void {
  if (n.kind === 'events' && n.eventKind) {
    // A turn's events are listed in the turn's pane; trace-level ones (no turn) open the table filtered by trace.
    if (n.turnId) return selectInPane({ kind: 'turn', traceId, turnId: n.turnId });
    const table = EVENT_TABLES_BY_KIND[n.eventKind][0]!;
    return navigate({ view: 'tables', ev, table, sort: null, filters: [{ column: 'trace_id', op: 'eq', value: traceId }] });
  }
  if ((n.kind === 'external_model_call' || n.kind === 'external_tool_call') && n.traceId && n.traceId !== traceId) {
    return navigate({ view: 'graph', ev, trace: n.traceId });
  }
  if (n.kind === 'turn' && n.turnId) return selectInPane({ kind: 'turn', traceId, turnId: n.turnId });
  if (n.row) selectInPane({ kind: 'row', table: n.row.table, rowid: n.row.rowid });
}

/** The node the pane's selection stands for, to draw it selected. */
function selectedNode(sel: Selection | null, nodes: readonly GraphNode[]): string | null {
  if (!sel) return null;
  switch (sel.kind) {
    case 'row':
      return nodes.find((n) => n.row?.table === sel.table && n.row.rowid === sel.rowid && !n.id.startsWith('mcx:'))?.id ?? null;
    case 'turn':
      return `turn:${sel.turnId}`;
    case 'call':
      return nodes.find((n) => n.kind === 'tool_call' && n.callId === sel.callId)?.id ?? null;
    case 'event':
      return nodes.find((n) => n.eventId === sel.eventId)?.id ?? null;
  }
}

function TurnInputs(props: { turns: readonly TurnSummary[] }) {
  const shown = props.turns.filter((t) => t.input !== null);
  if (shown.length === 0) return null;
  return (
    <ol className="turn-inputs" aria-label="turn inputs">
      {shown.map((t) => (
        <li key={t.turnId}>
          <span className="mono muted">{visibleText(t.turnId)}</span> <span className="input-text">“{visibleText(t.input ?? '')}”</span>
        </li>
      ))}
    </ol>
  );
}

function TracePanel(props: { ev: string; traceId: string }) {
  const { ev, traceId } = props;
  const pages = useTracePages(ev, traceId);
  const pane = usePaneState();
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<ScrollTarget | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const first = pages.first;
  // Kept between page loads: drawing more lays out only the turns it adds.
  const layouts = useRef<IncrementalLayout | null>(null);
  const layout = useMemo(() => {
    if (!first) return null;
    layouts.current ??= new IncrementalLayout();
    return layouts.current.layout({ nodes: pages.nodes, edges: pages.edges, turns: first.turns }, folded);
  }, [first, pages.nodes, pages.edges, folded]);
  const drawnTurns = useMemo(() => new Set(layout?.turns.map((t) => t.nodeId)), [layout]);
  const selected = useMemo(() => {
    const id = selectedNode(pane.sel, pages.nodes);
    // A node of a folded turn, or a turn not laid out, is not drawn: the reveal below lays it out first.
    return id !== null && (layout?.placed.has(id) || drawnTurns.has(id)) ? id : null;
  }, [pane.sel, pages.nodes, layout, drawnTurns]);
  const turnIndex = useMemo(() => new Map(first?.turns.map((t, i) => [t.turnId, i])), [first]);
  const marked = useMemo(
    () => new Set(found?.matches.map((m) => turnIndex.get(m.turnId)).filter((i): i is number => i !== undefined)),
    [found, turnIndex],
  );
  const reveal = useRevealSelection({ ev, traceId, pages, folded, setFolded, drawnTurns, selected, sel: pane.sel });
  if (pages.error) return <ErrorNote error={pages.error} />;
  if (!first || !layout) return <p className="hint">Loading trace…</p>;
  const pick = (n: GraphNode): void => openNode(ev, n, traceId);
  const pickTurn = (nodeId: string): void => {
    const turn = first.turns.find((t) => t.nodeId === nodeId);
    // Rows without a turn gather under a pseudo-turn, which has no rows of its own to list.
    if (turn && turn.turnId !== TRACE_LEVEL_TURN) selectInPane({ kind: 'turn', traceId, turnId: turn.turnId });
  };
  const fold = (nodeId: string): void =>
    setFolded((f) => {
      const next = new Set(f);
      if (!next.delete(nodeId)) next.add(nodeId);
      return next;
    });
  /** Lays out the turn (a page from its first model call, unless drawn already) and brings it to the left. */
  const goTurn = (i: number): void => {
    const t = first.turns[i];
    if (!t) return;
    if (!drawnTurns.has(t.nodeId) && t.firstModelCallId !== null) pages.jumpTo(t.firstModelCallId);
    setTarget((p) => ({ id: t.nodeId, n: (p?.n ?? 0) + 1 }));
  };
  const goMatch = (m: TraceMatch): void => {
    const sel: Selection | null = m.row
      ? { kind: 'row', table: m.row.table, rowid: m.row.rowid }
      : m.turnId !== TRACE_LEVEL_TURN
        ? { kind: 'turn', traceId, turnId: m.turnId }
        : null;
    reveal(m.turnId, m.modelCallId, sel, m.row !== null && m.modelCallId === null);
    if (sel) selectInPane(sel);
  };
  return (
    <PaneLayout ev={ev} className="graph-pane-layout">
      <div className="graph-view" data-trace-id={traceId} data-loaded-model-calls={pages.loadedModelCalls} data-loading={pages.loading}>
        <div className="toolbar">
          <a href={href({ view: 'graph', ev, trace: null })}>← Traces</a>
          <h2 className="mono">{visibleText(traceId)}</h2>
          <a href={href({ view: 'transcript', ev, trace: traceId })}>Transcript</a>
          <span className="muted">
            {plural(first.turns.length, 'turn')} · {pages.loadedModelCalls} of {plural(first.totalModelCalls, 'model call')} drawn
          </span>
          {pages.nextAfter !== null && (
            <button type="button" onClick={pages.more} disabled={pages.loading}>
              Draw the next 100 model calls
            </button>
          )}
          <TurnJump turns={first.turns} onJump={goTurn} />
          <TraceFind ev={ev} traceId={traceId} onGo={goMatch} onFound={setFound} />
          {first.turns.length > 1 && (
            <>
              <button type="button" onClick={() => setFolded(new Set(first.turns.map((t) => t.nodeId)))}>
                Fold all turns
              </button>
              {folded.size > 0 && (
                <button type="button" onClick={() => setFolded(new Set())}>
                  Unfold all
                </button>
              )}
            </>
          )}
          <a href={href({ view: 'lifecycle', ev, filters: { trace: traceId } })}>Tool lifecycles of this trace</a>
          <span className="spacer" />
          <Legend />
        </div>
        {first.egress && <EgressLine ev={ev} egress={first.egress} />}
        <TraceOverview turns={first.turns} drawn={drawnTurns} marked={marked} onJump={goTurn} />
        <TurnInputs turns={first.turns} />
        {first.brokenTotal > 0 && (
          <details className="broken-list card" open>
            <summary>
              <span className="bad">
                {first.brokenTotal} broken invariant{first.brokenTotal === 1 ? '' : 's'}
              </span>{' '}
              in this trace (dashed red in the graph)
            </summary>
            <ul aria-label="broken invariants">
              {first.broken.map((b, i) => (
                <li key={i} data-broken-kind={b.kind} data-node={b.nodeId}>
                  <span className="code">{b.kind}</span>{' '}
                  <a href={href({ view: 'row', ev, table: b.row.table, rowid: b.row.rowid, body: null, mode: 'text' })}>
                    {visibleText(b.message)}
                  </a>
                </li>
              ))}
            </ul>
            {first.broken.length < first.brokenTotal && <p className="muted">First {first.broken.length} listed.</p>}
          </details>
        )}
        <div className="graph-panes">
          <GraphScroll
            layout={layout}
            edges={pages.edges}
            selected={selected}
            target={target}
            onPick={pick}
            onPickTurn={pickTurn}
            onFoldTurn={fold}
          />
          <WaterfallPane nodes={pages.nodes} selected={selected} onPick={pick} />
        </div>
        <GraphLists nodes={pages.nodes} edges={pages.edges} />
      </div>
    </PaneLayout>
  );
}

function Legend() {
  return (
    <span className="graph-legend" aria-label="legend">
      <span className="lg model_call">model call</span>
      <span className="lg model_item">item</span>
      <span className="lg tool_call">tool call</span>
      <span className="lg tool_response">response</span>
      <span className="lg events">events</span>
      <span className="lg broken">broken</span>
      <span className="lg external">elsewhere</span>
    </span>
  );
}

/**
 * "Go to turn N" or the first turn whose id or input holds the text: the trace is drawn from that turn's first model
 * call on, so the end of a 5,000-call trace is one step away rather than fifty pages.
 */
function TurnJump(props: { turns: readonly TurnSummary[]; onJump(turnIndex: number): void }) {
  const reachable = props.turns.filter((t) => t.firstModelCallId !== null);
  if (reachable.length < 2) return null;
  const go = (text: string): void => {
    const q = text.trim();
    const n = /^\d+$/.test(q) ? Number(q) : NaN;
    const turn =
      Number.isInteger(n) && n >= 1
        ? reachable[Math.min(n, reachable.length) - 1]
        : reachable.find((t) => t.turnId.includes(q) || (t.input ?? '').toLowerCase().includes(q.toLowerCase()));
    if (turn) props.onJump(props.turns.indexOf(turn));
  };
  return (
    <input
      className="turn-jump"
      aria-label="go to turn"
      placeholder={`go to turn 1–${reachable.length} or find`}
      onKeyDown={(e) => {
        if (e.key === 'Enter') go(e.currentTarget.value);
      }}
    />
  );
}
