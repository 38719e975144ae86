/**
 * The trace graph drawn as plain SVG, virtualised: the <svg> keeps the layout's full size (so the scrollbars
 * are true), but only the turn bands, edges and nodes meeting the scroll window (plus half a viewport each side)
 * are in the DOM — a 5,000-call trace is thousands of nodes, and painting them all on every scroll frame is
 * what made scrolling stutter. Every node is a `<g data-node-id>` and every edge a `<path data-edge>`
 * (`from>to>kind`), with data-broken on broken ones; the svg says how many are drawn (data-drawn-nodes of
 * data-total-nodes, turn bands included); a visually hidden list repeats all of them as text.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { GraphEdge, GraphNode } from '../../../../shared/contract/graph.js';
import { GraphEdgePath, GraphNodeG, NodeFocusLabel, TurnBandG } from './graph-items.js';
import { isArrow, nextNode } from './graph-keys.js';
import type { Layout } from './layout.js';
import { NODE_H, NODE_W } from './layout.js';
import { useScrollWindow } from './use-scroll-window.js';
import type { Box } from './visible-box.js';
import type { GraphIndex } from './visible-set.js';
import { buildGraphIndex, visibleSet } from './visible-set.js';
import { visibleText } from '../../components/visible-text.js';

interface PickProps {
  readonly selected: string | null;
  onPick(node: GraphNode): void;
  /** A turn band was clicked or activated (its node id, `turn:<turn_id>`). */
  onPickTurn?(nodeId: string): void;
  /** A turn band's fold toggle was clicked or activated. */
  onFoldTurn?(nodeId: string): void;
}

/** A node or turn band to bring to the left of the view once it is laid out; `n` tells one request from the next. */
export interface ScrollTarget {
  readonly id: string;
  readonly n: number;
}

/** The scroll box and the graph inside it, drawn for the part the box shows. */
export function GraphScroll(props: PickProps & { layout: Layout; edges: readonly GraphEdge[]; target?: ScrollTarget | null }) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useScrollWindow(scroller);
  const index = useMemo(() => buildGraphIndex(props.layout, props.edges), [props.layout, props.edges]);
  // A selection made elsewhere (the pane, the waterfall, a reload) is brought into view when it is off screen; one
  // already in view does not move the graph, so the reader keeps their place.
  useEffect(() => {
    const el = scroller.current;
    const i = props.selected ? index.nodeById.get(props.selected) : undefined;
    const band = props.selected ? index.bands.find((b) => b.band.nodeId === props.selected)?.band : undefined;
    if (!el || (i === undefined && !band)) return;
    const x = i !== undefined ? index.nodes[i]!.x : band!.x;
    const y = i !== undefined ? index.nodes[i]!.y : 0;
    const inX = x >= el.scrollLeft && x + NODE_W <= el.scrollLeft + el.clientWidth;
    const inY = y >= el.scrollTop && y + NODE_H <= el.scrollTop + el.clientHeight;
    if (inX && inY) return;
    el.scrollTo({ left: inX ? el.scrollLeft : Math.max(0, x - 40), top: inY ? el.scrollTop : Math.max(0, y - 60) });
  }, [props.selected, index]);
  // A jump (the overview strip, "go to turn") lands once its turn is laid out, which may be a page load later.
  const landed = useRef(-1);
  useEffect(() => {
    const el = scroller.current;
    const t = props.target;
    if (!el || !t || landed.current === t.n) return;
    const band = index.bands.find((b) => b.band.nodeId === t.id)?.band;
    const i = index.nodeById.get(t.id);
    if (!band && i === undefined) return;
    landed.current = t.n;
    el.scrollTo({ left: Math.max(0, (band ? band.x : index.nodes[i!]!.x) - 20), top: 0 });
  }, [props.target, index]);
  return (
    <div className="graph-scroll-wrap">
      <div className="graph-scroll" aria-label="graph" ref={scroller}>
        <GraphSvg
          index={index}
          win={win}
          selected={props.selected}
          onPick={props.onPick}
          onPickTurn={props.onPickTurn}
          onFoldTurn={props.onFoldTurn}
        />
      </div>
      <TurnsBeyond index={index} win={win} scroller={scroller} />
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
  // After an arrow key the next node is drawn (it is `focused`), then given the focus.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    document.querySelector<SVGGElement>(`svg.graph-svg [data-node-id="${CSS.escape(id)}"]`)?.focus();
  });
  const bandAt = (target: EventTarget): string | null => {
    const g = target instanceof Element ? target.closest('[data-kind="turn"]') : null;
    return g?.getAttribute('data-node-id') ?? null;
  };
  const activate = (target: EventTarget): void => {
    const fold = target instanceof Element ? target.closest('[data-fold]')?.getAttribute('data-fold') : null;
    if (fold) return props.onFoldTurn?.(fold);
    const n = nodeAt(index, target);
    if (n) return props.onPick(n);
    const band = bandAt(target);
    if (band) props.onPickTurn?.(band);
  };
  const click = (ev: MouseEvent<SVGSVGElement>): void => activate(ev.target);
  const key = (ev: KeyboardEvent<SVGSVGElement>): void => {
    if (isArrow(ev.key)) {
      const n = nodeAt(index, ev.target);
      const from = n ? index.nodes[index.nodeById.get(n.id)!] : undefined;
      const next = from ? nextNode(index.nodes, from, ev.key) : index.nodes[0];
      if (!next) return;
      ev.preventDefault();
      pendingFocus.current = next.node.id;
      setFocused(next.node.id);
      return;
    }
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    ev.preventDefault();
    activate(ev.target);
  };
  const focusedPlaced = focused !== null && index.nodeById.has(focused) ? index.nodes[index.nodeById.get(focused)!] : undefined;
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
        <TurnBandG key={b.band.nodeId} b={b} height={index.height} selected={selected === b.band.nodeId} />
      ))}
      {shown.edges.map((e) => (
        <GraphEdgePath key={e.key} e={e} />
      ))}
      {shown.nodes.map((p) => (
        <GraphNodeG key={p.node.id} p={p} selected={selected === p.node.id} />
      ))}
      {focusedPlaced && <NodeFocusLabel p={focusedPlaced} width={index.width} />}
    </svg>
  );
}

/** A cue at the right edge when turns lie beyond the visible part of the graph; a click scrolls to the next one. */
function TurnsBeyond(props: { index: GraphIndex; win: Box; scroller: React.RefObject<HTMLDivElement | null> }) {
  const el = props.scroller.current;
  const right = el ? el.scrollLeft + el.clientWidth : props.win.x1;
  const beyond = props.index.bands.filter((b) => b.band.x > right - 20);
  if (beyond.length === 0) return null;
  return (
    <button
      type="button"
      className="turns-beyond"
      data-turns-beyond={beyond.length}
      title="scroll right to the next turn"
      onClick={() => el?.scrollTo({ left: beyond[0]!.band.x - 20, behavior: 'auto' })}
    >
      {beyond.length} more turn{beyond.length === 1 ? '' : 's'} →
    </button>
  );
}

/** Items per chunk of the text lists: a chunk whose items are all the same objects as before is not rendered again. */
const LIST_CHUNK = 400;

const sameItems = <T,>(a: { items: readonly T[] }, b: { items: readonly T[] }): boolean =>
  a.items.length === b.items.length && a.items.every((x, i) => x === b.items[i]);

const NodeItems = memo(function NodeItems(props: { items: readonly GraphNode[] }) {
  return props.items.map((n) => (
    <li key={n.id} data-list-node={n.id}>
      {n.kind} {visibleText(n.label)} {visibleText(n.detail)} {n.broken ? 'broken' : ''}
    </li>
  ));
}, sameItems);

const EdgeItems = memo(function EdgeItems(props: { items: readonly GraphEdge[] }) {
  return props.items.map((e) => (
    <li key={`${e.from}>${e.to}>${e.kind}`} data-list-edge={`${e.from}>${e.to}>${e.kind}`}>
      {visibleText(e.from)} {e.kind.replace(/_/g, ' ')} {visibleText(e.to)} {e.broken ? 'broken' : ''}
    </li>
  ));
}, sameItems);

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LIST_CHUNK) out.push(items.slice(i, i + LIST_CHUNK));
  return out;
}

/**
 * The same nodes and edges as text, for screen readers (and anyone who prefers a list). Written a frame after the
 * graph is painted: a thousand list items in the same task as the first screen made its longest task. Drawn in
 * chunks that are rendered again only when their items changed, so a page load renders the items it adds, not all.
 */
export const GraphLists = memo(function GraphLists(props: { nodes: readonly GraphNode[]; edges: readonly GraphEdge[] }) {
  const [shown, setShown] = useState<{ nodes: readonly GraphNode[]; edges: readonly GraphEdge[] } | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setShown({ nodes: props.nodes, edges: props.edges }), 0);
    return () => clearTimeout(t);
  }, [props.nodes, props.edges]);
  const parts = useMemo(() => (shown ? { nodes: chunks(shown.nodes), edges: chunks(shown.edges) } : null), [shown]);
  if (!parts) return null;
  return (
    <div className="visually-hidden graph-lists">
      <ul aria-label="graph nodes">
        {parts.nodes.map((items, i) => (
          <NodeItems key={i} items={items} />
        ))}
      </ul>
      <ul aria-label="graph edges">
        {parts.edges.map((items, i) => (
          <EdgeItems key={i} items={items} />
        ))}
      </ul>
    </div>
  );
});
