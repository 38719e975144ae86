/**
 * The trace graph drawn as plain SVG, virtualised: the <svg> keeps the layout's full size (so the scrollbars
 * are true), but only the turn bands, edges and nodes meeting the scroll window (plus half a viewport each side)
 * are in the DOM — a 5,000-call trace is thousands of nodes, and painting them all on every scroll frame is
 * what made scrolling stutter. Every node is a `<g data-node-id>` and every edge a `<path data-edge>`
 * (`from>to>kind`), with data-broken on broken ones; the svg says how many are drawn (data-drawn-nodes of
 * data-total-nodes, turn bands included); a visually hidden list repeats all of them as text.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import type { GraphEdge, GraphNode } from '../../../../shared/contract/graph.js';
import { GraphEdgePath, GraphNodeG, TurnBandG } from './graph-items.js';
import type { Layout } from './layout.js';
import { useScrollWindow } from './use-scroll-window.js';
import type { Box } from './visible-box.js';
import type { GraphIndex } from './visible-set.js';
import { buildGraphIndex, visibleSet } from './visible-set.js';
import { visibleText } from '../../components/visible-text.js';

interface PickProps {
  readonly selected: string | null;
  onPick(node: GraphNode): void;
}

/** The scroll box and the graph inside it, drawn for the part the box shows. */
export function GraphScroll(props: PickProps & { layout: Layout; edges: readonly GraphEdge[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useScrollWindow(scroller);
  const index = useMemo(() => buildGraphIndex(props.layout, props.edges), [props.layout, props.edges]);
  return (
    <div className="graph-scroll" aria-label="graph" ref={scroller}>
      <GraphSvg index={index} win={win} selected={props.selected} onPick={props.onPick} />
    </div>
  );
}

/** The node a click or key landed on, found from the event target (one handler on the svg for all nodes). */
function nodeAt(index: GraphIndex, target: EventTarget): GraphNode | null {
  const g = target instanceof Element ? target.closest('[data-node-id]') : null;
  const i = g ? index.nodeById.get(g.getAttribute('data-node-id') ?? '') : undefined;
  return i === undefined ? null : index.nodes[i]!.node;
}

export function GraphSvg(props: PickProps & { index: GraphIndex; win: Box }) {
  const { index, win, selected } = props;
  // A node reached by Tab stays drawn even if the window moves away from it, so focus is never dropped.
  const [focused, setFocused] = useState<string | null>(null);
  const shown = useMemo(() => visibleSet(index, win, [selected, focused]), [index, win, selected, focused]);
  const click = (ev: MouseEvent<SVGSVGElement>): void => {
    const n = nodeAt(index, ev.target);
    if (n) props.onPick(n);
  };
  const key = (ev: KeyboardEvent<SVGSVGElement>): void => {
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    const n = nodeAt(index, ev.target);
    if (n) props.onPick(n);
  };
  return (
    <svg
      className="graph-svg"
      width={index.width}
      height={index.height}
      role="img"
      aria-label="identity graph"
      data-drawn-nodes={shown.nodes.length + shown.bands.length}
      data-total-nodes={index.nodes.length + index.bands.length}
      data-drawn-edges={shown.edges.length}
      data-total-edges={index.edges.length}
      onClick={click}
      onKeyDown={key}
      onFocus={(ev) => setFocused(nodeAt(index, ev.target)?.id ?? null)}
      onBlur={() => setFocused(null)}
    >
      <defs>
        <marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L8,4 L0,8 z" className="arrowhead" />
        </marker>
        <marker id="arrow-broken" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L8,4 L0,8 z" className="arrowhead broken" />
        </marker>
      </defs>
      {shown.bands.map((b) => (
        <TurnBandG key={b.band.nodeId} b={b} height={index.height} />
      ))}
      {shown.edges.map((e) => (
        <GraphEdgePath key={e.key} e={e} />
      ))}
      {shown.nodes.map((p) => (
        <GraphNodeG key={p.node.id} p={p} selected={selected === p.node.id} />
      ))}
    </svg>
  );
}

/** The same nodes and edges as text, for screen readers (and anyone who prefers a list). */
export function GraphLists(props: { nodes: readonly GraphNode[]; edges: readonly GraphEdge[] }) {
  return (
    <div className="visually-hidden">
      <ul aria-label="graph nodes">
        {props.nodes.map((n) => (
          <li key={n.id} data-list-node={n.id}>
            {n.kind} {visibleText(n.label)} {visibleText(n.detail)} {n.broken ? 'broken' : ''}
          </li>
        ))}
      </ul>
      <ul aria-label="graph edges">
        {props.edges.map((e) => (
          <li key={`${e.from}>${e.to}>${e.kind}`} data-list-edge={`${e.from}>${e.to}>${e.kind}`}>
            {visibleText(e.from)} {e.kind.replace(/_/g, ' ')} {visibleText(e.to)} {e.broken ? 'broken' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
