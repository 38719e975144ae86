/**
 * One SVG element per turn band, edge and node, memoised: when the drawn window moves, React creates elements
 * only for the items entering it, and a selection change re-renders just the two nodes whose flag flipped.
 * Clicks and keys are handled once on the <svg> (GraphSvg), so these take no callbacks.
 */
import { memo } from 'react';
import type { Placed } from './layout.js';
import { NODE_H, NODE_W } from './layout.js';
import type { IndexedBand, IndexedEdge } from './visible-set.js';
import { visibleText } from '../../components/visible-text.js';
import { WalOnlyStripe } from '../../components/WalOnlyScope.js';
import { CaseMarkSvg } from '../case/CaseTagsScope.js';
import { plural } from '../../../../shared/plural.js';

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export const TurnBandG = memo(function TurnBandG(props: { b: IndexedBand; height: number; selected?: boolean }) {
  const { band: t, index: i } = props.b;
  return (
    <g
      data-node-id={t.nodeId}
      data-kind="turn"
      className={props.selected ? 'turn-band selected' : 'turn-band'}
      role="button"
      tabIndex={0}
      aria-label={`turn ${i + 1}: ${visibleText(t.label)}`}
    >
      <title>{`Turn ${i + 1}: ${visibleText(t.label)}`}</title>
      <rect x={t.x - 10} y={4} width={t.width + 20} height={props.height - 8} rx={10} className={i % 2 ? 'band odd' : 'band'} />
      <text x={t.x} y={22} className="turn-title">
        Turn {t.number}
      </text>
      {/* After "Turn N", however many digits N has (turn 5,000 of a long trace). */}
      <text x={t.x + 44 + 8 * String(t.number).length} y={22} className="turn-id">
        {visibleText(clip(t.label, Math.max(4, Math.floor((t.width - 20) / 7.2) - 6 - String(t.number).length)))}
      </text>
      {t.folded && (
        <text x={t.x} y={38} className="turn-folded">
          {`folded · ${plural(t.modelCalls, 'model call')}, ${plural(t.toolCalls, 'tool call')}`}
        </text>
      )}
      {/* The fold toggle: GraphSvg's click handler finds it by data-fold before the band's own click. */}
      <g
        data-fold={t.nodeId}
        className="fold-toggle"
        role="button"
        tabIndex={0}
        aria-label={`${t.folded ? 'unfold' : 'fold'} turn ${t.number}`}
      >
        <title>{t.folded ? 'unfold this turn' : 'fold this turn (draw it as one row)'}</title>
        <rect x={t.x + t.width - 16} y={9} width={18} height={18} rx={3} />
        <text x={t.x + t.width - 7} y={22} textAnchor="middle">
          {t.folded ? '▸' : '▾'}
        </text>
      </g>
    </g>
  );
});

export const GraphEdgePath = memo(function GraphEdgePath(props: { e: IndexedEdge }) {
  const { key, edge: e, d } = props.e;
  return (
    <path
      d={d}
      data-edge={key}
      data-broken={e.broken ? 'true' : 'false'}
      className={`edge ${e.kind}${e.broken ? ' broken' : ''}`}
      markerEnd={e.kind === 'contains' || e.kind === 'events' ? undefined : e.broken ? 'url(#arrow-broken)' : 'url(#arrow)'}
    />
  );
});

export const GraphNodeG = memo(function GraphNodeG(props: { p: Placed; selected: boolean }) {
  const { node, x, y } = props.p;
  return (
    <g
      data-node-id={node.id}
      data-kind={node.kind}
      data-broken={node.broken ? 'true' : 'false'}
      data-gaps={node.gaps.length}
      className={`node ${node.kind}${node.broken ? ' broken' : ''}${props.selected ? ' selected' : ''}`}
      transform={`translate(${x}, ${y})`}
      role="button"
      tabIndex={0}
      aria-label={`${node.kind.replace(/_/g, ' ')}: ${visibleText(node.label)}${node.broken ? ' (broken)' : ''}${gapsAria(node.gaps.length)}`}
    >
      <title>{`${visibleText(node.label)}${node.detail ? ` — ${visibleText(node.detail)}` : ''}${node.gaps
        .map((g) => `\ngap: ${visibleText(g.says)}`)
        .join('')}`}</title>
      <rect width={NODE_W} height={NODE_H} rx={node.kind === 'model_call' ? 6 : 4} />
      <WalOnlyStripe row={node.row} height={NODE_H} />
      {node.gaps.length > 0 && <path className="n-gap" d={`M ${NODE_W - 10} 0 H ${NODE_W - 3} Q ${NODE_W} 0 ${NODE_W} 3 V 10 Z`} />}
      <text x={8} y={12} className="n-label">
        {visibleText(clip(node.label, node.bodies > 0 ? 19 : 23))}
      </text>
      <text x={8} y={25} className="n-detail">
        {visibleText(clip(node.detail, node.mcp ? 21 : 25))}
      </text>
      {node.bodies > 0 && (
        <text x={NODE_W - (node.gaps.length > 0 ? 12 : 6)} y={12} className="n-bodies" textAnchor="end">
          ▤{node.bodies}
        </text>
      )}
      {node.mcp && (
        <text x={NODE_W - 6} y={25} className="n-mcp" textAnchor="end">
          MCP
        </text>
      )}
      <CaseMarkSvg table={node.row?.table} eventId={node.eventId} x={NODE_W - (node.mcp ? 30 : 6)} y={25} />
    </g>
  );
});

const gapsAria = (n: number): string => (n === 0 ? '' : n === 1 ? ' (1 gap)' : ` (${n} gaps)`);

/** The focused node's whole label and detail (nodes show them cut), drawn over the graph below the node. */
export function NodeFocusLabel(props: { p: Placed; width: number }) {
  const { node, x, y } = props.p;
  const text = visibleText(`${node.label}${node.detail ? ` — ${node.detail}` : ''}`);
  const w = Math.min(Math.max(NODE_W, text.length * 6.6 + 12), 640);
  const left = Math.max(2, Math.min(x, props.width - w - 2));
  return (
    <g className="focus-label" transform={`translate(${left}, ${y + NODE_H + 3})`} aria-hidden="true" pointerEvents="none">
      <rect width={w} height={18} rx={3} />
      <text x={6} y={13}>
        {text}
      </text>
    </g>
  );
}
