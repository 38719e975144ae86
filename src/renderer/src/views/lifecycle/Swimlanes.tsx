/**
 * One lane per tool; each call a bar from its time for its duration (at least a tick), flagged calls in red; calls
 * of a tool that overlap in time sit on sub-rows of its lane (swimlane-pack.ts), never on top of each other.
 */
import type { Swimlanes as Lanes } from '../../../../shared/contract/lifecycle.js';
import { visibleText } from '../../components/visible-text.js';
import { countLabel, msLabel } from '../../components/format.js';
import { packLanes } from './swimlane-pack.js';
import { useWalOnlyThreshold } from '../../components/wal-only-context.js';

const LANE_H = 24;
/** Height of each sub-row beyond the first in a lane. */
const SUB_H = 12;
const MIN_BAR_PX = 3;
const LABEL_W = 140;

export function Swimlanes(props: { lanes: Lanes; width: number; onPick(id: number): void }) {
  const walFrom = useWalOnlyThreshold('tool_calls');
  const pts = props.lanes.points.filter((p) => p.t !== null) as (Lanes['points'][number] & { t: number })[];
  if (pts.length === 0) return <p className="muted">No timed tool calls.</p>;
  const tools = [...new Set(pts.map((p) => p.toolName))].sort();
  const t0 = Math.min(...pts.map((p) => p.t));
  const t1 = Math.max(...pts.map((p) => p.t + p.durationMs), t0 + 1);
  const scale = (props.width - LABEL_W - 16) / (t1 - t0);
  const packed = packLanes(
    pts.map((p) => ({ id: p.id, lane: p.toolName, t: p.t, durationMs: p.durationMs })),
    MIN_BAR_PX / scale,
  );
  const laneH = (tool: string): number => LANE_H + ((packed.rows.get(tool) ?? 1) - 1) * SUB_H;
  const laneTop = new Map<string, number>();
  let y = 0;
  for (const tool of tools) {
    laneTop.set(tool, y);
    y += laneH(tool);
  }
  const height = y + 22;
  return (
    <svg className="swimlanes" width={props.width} height={height} role="img" aria-label="tool calls over time, one lane per tool">
      {tools.map((tool, i) => (
        <g key={tool} transform={`translate(0, ${laneTop.get(tool)})`} data-lane={tool} data-sub-rows={packed.rows.get(tool) ?? 1}>
          <rect x={0} y={0} width={props.width} height={laneH(tool)} className={i % 2 ? 'lane odd' : 'lane'} />
          <text x={6} y={16} className="lane-label">
            {visibleText(tool.length > 20 ? `${tool.slice(0, 19)}…` : tool)}
          </text>
        </g>
      ))}
      {pts.map((p) => (
        <rect
          key={p.id}
          data-call={p.id}
          data-sub-row={packed.row.get(p.id) ?? 0}
          x={LABEL_W + (p.t - t0) * scale}
          y={laneTop.get(p.toolName)! + 5 + (packed.row.get(p.id) ?? 0) * SUB_H}
          width={Math.max(MIN_BAR_PX, p.durationMs * scale)}
          height={(packed.rows.get(p.toolName) ?? 1) > 1 ? SUB_H - 2 : LANE_H - 10}
          rx={2}
          className={`${p.flagged ? 'call flagged' : 'call'}${walFrom !== undefined && p.id >= walFrom ? ' wal-only' : ''}`}
          onClick={() => props.onPick(p.id)}
        >
          <title>{visibleText(`tool_calls ${p.id} · ${p.toolName} · ${msLabel(p.durationMs)}${p.flagged ? ' · flagged' : ''}`)}</title>
        </rect>
      ))}
      <text x={LABEL_W} y={height - 6} className="axis">
        {new Date(t0).toISOString()}
      </text>
      <text x={props.width - 6} y={height - 6} className="axis" textAnchor="end">
        +{countLabel(Math.round(t1 - t0))} ms
      </text>
    </svg>
  );
}
