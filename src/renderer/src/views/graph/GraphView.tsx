/**
 * Identity graph: the trace list, and one trace laid out left to right (turns → model calls → model_items,
 * tool calls → responses → the model call that consumed them), its broken invariants listed, and a waterfall
 * of the same trace over time beside it. Clicking a node opens its rows and bodies (the Event view).
 */
import { useMemo, useState } from 'react';
import type { GraphNode, TurnSummary } from '../../../../shared/contract/graph.js';
import { EVENT_TABLES_BY_KIND } from './event-tables.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { navigate, href } from '../../router.js';
import { GraphLists, GraphScroll } from './GraphSvg.js';
import { layoutGraph } from './layout.js';
import { TraceList } from './TraceList.js';
import { useTracePages } from './use-trace-pages.js';
import { Waterfall } from './Waterfall.js';
import './graph.css';
import { visibleText } from '../../components/visible-text.js';

export function GraphView(props: { ev: string; trace: string | null }) {
  if (!props.trace) return <TraceList ev={props.ev} />;
  return <TracePanel key={props.trace} ev={props.ev} traceId={props.trace} />;
}

function openNode(ev: string, n: GraphNode, traceId: string): void {
  if (n.kind === 'events' && n.eventKind) {
    const table = EVENT_TABLES_BY_KIND[n.eventKind][0]!;
    const filters = n.turnId ? [{ column: 'turn_id', op: 'eq' as const, value: n.turnId }] : [{ column: 'trace_id', op: 'eq' as const, value: traceId }];
    return navigate({ view: 'tables', ev, table, sort: null, filters });
  }
  if ((n.kind === 'external_model_call' || n.kind === 'external_tool_call') && n.traceId && n.traceId !== traceId) {
    return navigate({ view: 'graph', ev, trace: n.traceId });
  }
  if (n.row) navigate({ view: 'row', ev, table: n.row.table, rowid: n.row.rowid, body: null, mode: 'text' });
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
  const [selected, setSelected] = useState<string | null>(null);
  const first = pages.first;
  const layout = useMemo(() => (first ? layoutGraph({ nodes: pages.nodes, edges: pages.edges, turns: first.turns }) : null), [first, pages.nodes, pages.edges]);
  if (pages.error) return <ErrorNote error={pages.error} />;
  if (!first || !layout) return <p className="hint">Loading trace…</p>;
  const pick = (n: GraphNode): void => {
    setSelected(n.id);
    openNode(ev, n, traceId);
  };
  return (
    <div className="graph-view" data-trace-id={traceId} data-loaded-model-calls={pages.loadedModelCalls}>
      <div className="toolbar">
        <a href={href({ view: 'graph', ev, trace: null })}>← Traces</a>
        <h2 className="mono">{visibleText(traceId)}</h2>
        <span className="muted">
          {first.turns.length} turns · {pages.loadedModelCalls} of {first.totalModelCalls} model calls drawn
        </span>
        {pages.nextAfter !== null && (
          <button type="button" onClick={pages.more} disabled={pages.loading}>
            Draw the next 100 model calls
          </button>
        )}
        <TurnJump turns={first.turns} onJump={pages.jumpTo} />
        <a href={href({ view: 'lifecycle', ev, filters: { trace: traceId } })}>Tool lifecycles of this trace</a>
        <span className="spacer" />
        <Legend />
      </div>
      <TurnInputs turns={first.turns} />
      {first.brokenTotal > 0 && (
        <details className="broken-list card" open>
          <summary>
            <span className="bad">{first.brokenTotal} broken invariant{first.brokenTotal === 1 ? '' : 's'}</span> in this trace (dashed red in the graph)
          </summary>
          <ul aria-label="broken invariants">
            {first.broken.map((b, i) => (
              <li key={i} data-broken-kind={b.kind} data-node={b.nodeId}>
                <span className="code">{b.kind}</span>{' '}
                <a href={href({ view: 'row', ev, table: b.row.table, rowid: b.row.rowid, body: null, mode: 'text' })}>{visibleText(b.message)}</a>
              </li>
            ))}
          </ul>
          {first.broken.length < first.brokenTotal && <p className="muted">First {first.broken.length} listed.</p>}
        </details>
      )}
      <div className="graph-panes">
        <GraphScroll layout={layout} edges={pages.edges} selected={selected} onPick={pick} />
        <aside className="waterfall-pane" aria-label="waterfall">
          <h3>Over time</h3>
          <Waterfall nodes={pages.nodes} selected={selected} onPick={pick} />
        </aside>
      </div>
      <GraphLists nodes={pages.nodes} edges={pages.edges} />
    </div>
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
function TurnJump(props: { turns: readonly TurnSummary[]; onJump(firstModelCallId: number): void }) {
  const reachable = props.turns.filter((t) => t.firstModelCallId !== null);
  if (reachable.length < 2) return null;
  const go = (text: string): void => {
    const q = text.trim();
    const n = /^\d+$/.test(q) ? Number(q) : NaN;
    const turn = Number.isInteger(n) && n >= 1 ? reachable[Math.min(n, reachable.length) - 1] : reachable.find((t) => t.turnId.includes(q) || (t.input ?? '').toLowerCase().includes(q.toLowerCase()));
    if (turn?.firstModelCallId != null) props.onJump(turn.firstModelCallId);
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
