/**
 * The trace graph drawn as plain SVG. Every node is a `<g data-node-id>` and every edge a `<path data-edge>`
 * (`from>to>kind`), with data-broken on broken ones, so tests and assistive tech can read exactly what is drawn;
 * a visually hidden list repeats them as text.
 */
import type { GraphEdge, GraphNode } from '../../../../shared/contract/graph.js';
import type { Layout, Placed } from './layout.js';
import { NODE_H, NODE_W, TURN_HEAD_H } from './layout.js';
import { visibleText } from '../../components/visible-text.js';

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function edgePath(a: Placed | undefined, b: Placed | undefined, band: { x: number } | undefined): string | null {
  if (!b) return null;
  if (!a) {
    // From a turn band header down to its node.
    if (!band) return null;
    const x = b.x + 12;
    return `M ${x} ${TURN_HEAD_H - 10} L ${x} ${b.y}`;
  }
  const ay = a.y + NODE_H / 2;
  const by = b.y + NODE_H / 2;
  if (b.x > a.x + 1) {
    const x1 = a.x + NODE_W;
    const mid = (x1 + b.x) / 2;
    return `M ${x1} ${ay} C ${mid} ${ay}, ${mid} ${by}, ${b.x} ${by}`;
  }
  if (Math.abs(b.x - a.x) <= 1) {
    // Same column (a model call's items, a call's responses): an elbow down the left side.
    const x = a.x + 6;
    return `M ${x} ${a.y + NODE_H} L ${x} ${by} L ${b.x} ${by}`;
  }
  // Backwards (into an earlier column): loop under the nodes.
  const drop = Math.max(ay, by) + NODE_H;
  return `M ${a.x} ${ay} C ${a.x - 30} ${ay}, ${a.x - 30} ${drop}, ${(a.x + b.x + NODE_W) / 2} ${drop} S ${b.x + NODE_W + 30} ${by}, ${b.x + NODE_W} ${by}`;
}

export function GraphSvg(props: { layout: Layout; edges: readonly GraphEdge[]; selected: string | null; onPick(node: GraphNode): void }) {
  const { layout, edges } = props;
  const bands = new Map(layout.turns.map((t) => [t.nodeId, t]));
  return (
    <svg className="graph-svg" width={layout.width} height={layout.height} role="img" aria-label="identity graph">
      <defs>
        <marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L8,4 L0,8 z" className="arrowhead" />
        </marker>
        <marker id="arrow-broken" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L8,4 L0,8 z" className="arrowhead broken" />
        </marker>
      </defs>
      {layout.turns.map((t, i) => (
        <g key={t.nodeId} data-node-id={t.nodeId} data-kind="turn" className="turn-band">
          <rect x={t.x - 10} y={4} width={t.width + 20} height={layout.height - 8} rx={10} className={i % 2 ? 'band odd' : 'band'} />
          <text x={t.x} y={22} className="turn-title">
            Turn {i + 1}
          </text>
          <text x={t.x + 52} y={22} className="turn-id">
            {visibleText(clip(t.label, Math.max(10, Math.floor(t.width / 7.2) - 8)))}
          </text>
        </g>
      ))}
      {edges.map((e) => {
        const d = edgePath(layout.placed.get(e.from), layout.placed.get(e.to), bands.get(e.from));
        if (!d) return null;
        return (
          <path
            key={`${e.from}>${e.to}>${e.kind}`}
            d={d}
            data-edge={`${e.from}>${e.to}>${e.kind}`}
            data-broken={e.broken ? 'true' : 'false'}
            className={`edge ${e.kind}${e.broken ? ' broken' : ''}`}
            markerEnd={e.kind === 'contains' || e.kind === 'events' ? undefined : e.broken ? 'url(#arrow-broken)' : 'url(#arrow)'}
          />
        );
      })}
      {[...layout.placed.values()].map(({ node, x, y }) => (
        <g
          key={node.id}
          data-node-id={node.id}
          data-kind={node.kind}
          data-broken={node.broken ? 'true' : 'false'}
          className={`node ${node.kind}${node.broken ? ' broken' : ''}${props.selected === node.id ? ' selected' : ''}`}
          transform={`translate(${x}, ${y})`}
          onClick={() => props.onPick(node)}
          role="button"
          tabIndex={0}
          aria-label={`${node.kind.replace(/_/g, ' ')}: ${visibleText(node.label)}${node.broken ? ' (broken)' : ''}`}
          onKeyDown={(ev) => (ev.key === 'Enter' || ev.key === ' ') && props.onPick(node)}
        >
          <rect width={NODE_W} height={NODE_H} rx={node.kind === 'model_call' ? 6 : 4} />
          <text x={8} y={12} className="n-label">
            {visibleText(clip(node.label, node.bodies > 0 ? 19 : 23))}
          </text>
          <text x={8} y={25} className="n-detail">
            {visibleText(clip(node.detail, node.mcp ? 21 : 25))}
          </text>
          {node.bodies > 0 && (
            <text x={NODE_W - 6} y={12} className="n-bodies" textAnchor="end">
              ▤{node.bodies}
            </text>
          )}
          {node.mcp && (
            <text x={NODE_W - 6} y={25} className="n-mcp" textAnchor="end">
              MCP
            </text>
          )}
        </g>
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
