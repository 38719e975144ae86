/**
 * The same trace over time: each model call and tool call of the loaded pages as a bar from its timestamp for its
 * duration, under a time ruler whose marks follow the selection (its start and end, from the trace's first call).
 * The pane scrolls; only the rows meeting its scroll window are in the DOM (a 5,000-call trace drawn far is thousands
 * of rows, and laying them all out was most of the layout of every page drawn).
 */
import { useMemo, useRef } from 'react';
import type { GraphNode } from '../../../../shared/contract/graph.js';
import { visibleText } from '../../components/visible-text.js';
import { countLabel, msLabel } from '../../components/format.js';
import { WalOnlyStripe } from '../../components/WalOnlyScope.js';
import { useScrollWindow } from './use-scroll-window.js';

const ROW = 20;
const LABEL_W = 128;
const WIDTH = 280;

function ms(ts: string | null): number | null {
  if (!ts) return null;
  const t = Date.parse(ts.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(t) ? null : t;
}

interface Row {
  readonly n: GraphNode;
  readonly t: number;
  readonly d: number;
}

function timedRows(nodes: readonly GraphNode[]): Row[] {
  return nodes
    .filter((n) => n.kind === 'model_call' || n.kind === 'tool_call')
    .map((n) => ({ n, t: ms(n.timestamp), d: Math.max(0, n.durationMs ?? 0) }))
    .filter((r): r is Row => r.t !== null)
    .sort((a, b) => a.t - b.t || a.n.id.localeCompare(b.n.id));
}

/** The scrolling pane beside the graph, with the waterfall drawn for the part of it in view. */
export function WaterfallPane(props: { nodes: readonly GraphNode[]; selected: string | null; onPick(n: GraphNode): void }) {
  const pane = useRef<HTMLElement>(null);
  const win = useScrollWindow(pane);
  return (
    <aside className="waterfall-pane" aria-label="waterfall" ref={pane}>
      <h3>Over time</h3>
      <Waterfall nodes={props.nodes} selected={props.selected} onPick={props.onPick} top={win.y0} bottom={win.y1} />
    </aside>
  );
}

/** `top`, `bottom`: the pane's scroll window (pixels from the pane's top); rows outside it are left out. */
export function Waterfall(props: {
  nodes: readonly GraphNode[];
  selected: string | null;
  onPick(n: GraphNode): void;
  top?: number;
  bottom?: number;
}) {
  const rows = useMemo(() => timedRows(props.nodes), [props.nodes]);
  if (rows.length === 0) return <p className="muted">No timestamps on this page.</p>;
  const t0 = rows[0]!.t;
  let t1 = t0 + 1;
  for (const r of rows) t1 = Math.max(t1, r.t + r.d);
  // The pane's heading sits above the svg: a row's place in the pane is within a row or two of its place in the svg,
  // well inside the window's overscan.
  const from = Math.max(0, Math.floor(((props.top ?? 0) - 20) / ROW) - 2);
  const to = Math.min(rows.length, props.bottom === undefined ? rows.length : Math.ceil((props.bottom - 20) / ROW) + 2);
  const scale = (WIDTH - LABEL_W - 10) / (t1 - t0);
  const height = rows.length * ROW + 24;
  const sel = rows.find((r) => r.n.id === props.selected) ?? null;
  return (
    <svg className="waterfall" width={WIDTH} height={height} role="img" aria-label="trace waterfall">
      {sel && (
        <g
          className="wf-ruler"
          data-wf-ruler={sel.n.id}
          aria-label={`selected: from +${countLabel(Math.round(sel.t - t0))} ms for ${countLabel(sel.d)} ms`}
        >
          <rect x={LABEL_W + (sel.t - t0) * scale} y={14} width={Math.max(1, sel.d * scale)} height={height - 14} className="wf-span" />
          <line x1={LABEL_W + (sel.t - t0) * scale} x2={LABEL_W + (sel.t - t0) * scale} y1={14} y2={height} />
          <text x={LABEL_W + (sel.t - t0) * scale + 3} y={height - 2} className="wf-axis">
            +{countLabel(Math.round(sel.t - t0))} ms · {countLabel(sel.d)} ms
          </text>
        </g>
      )}
      <text x={LABEL_W} y={12} className="wf-axis">
        0 ms
      </text>
      <text x={WIDTH - 6} y={12} className="wf-axis" textAnchor="end">
        {countLabel(t1 - t0)} ms
      </text>
      {rows.slice(from, to).map(({ n, t, d }, k) => (
        <g
          key={n.id}
          data-wf-node={n.id}
          transform={`translate(0, ${20 + (from + k) * ROW})`}
          className={`wf-row ${n.kind}${props.selected === n.id ? ' selected' : ''}`}
          onClick={() => props.onPick(n)}
        >
          <text x={n.kind === 'tool_call' ? 14 : 4} y={13} className="wf-label">
            {visibleText(n.label.length > 19 ? `${n.label.slice(0, 18)}…` : n.label)}
          </text>
          <rect
            x={LABEL_W + (t - t0) * scale}
            y={3}
            width={Math.max(2, d * scale)}
            height={ROW - 7}
            rx={2}
            className={n.broken ? 'wf-bar broken' : 'wf-bar'}
          />
          <title>{visibleText(`${n.label}: ${n.timestamp ?? ''} for ${msLabel(d)}`)}</title>
          <WalOnlyStripe row={n.row} height={ROW - 4} />
        </g>
      ))}
    </svg>
  );
}
