/**
 * One lane per tool over the range on screen, from the server's bins (lifecycle.lanes): every matching call is
 * counted, not the first 5,000. While the range holds many calls each lane shows its bins, shaded by how many calls
 * start there (flagged ones marked red, the count in the bin's tooltip); once few enough are in range, each call is
 * a bar from its time for its duration, calls of a tool that overlap on sub-rows (swimlane-pack.ts). The wheel zooms
 * about the pointer (shift pans), dragging across zooms to that span, and clicking a bin zooms into it.
 */
import { useEffect, useRef, useState } from 'react';
import type { LaneBins, SwimlanePoint } from '../../../../shared/contract/lifecycle.js';
import { countLabel, msLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { offsetLabel, panBy, ticks, zoomAbout } from '../../components/timeline-geometry.js';
import type { Range } from '../../components/timeline-geometry.js';
import { packLanes } from './swimlane-pack.js';
import { fitSubRowHeight } from './swimlane-fit.js';
import { useWalOnlyThreshold } from '../../components/wal-only-context.js';

const LANE_H = 24;
const MIN_BAR_PX = 3;
const LABEL_W = 150;
const MR = 10;
const AXIS_H = 18;
const WHEEL_ZOOM = 1.35;

/** `maxHeight`: the most the lanes and axis may take; overlapping calls' sub-rows are drawn thinner to fit (swimlane-fit.ts). */
export function Swimlanes(props: { lanes: LaneBins; width: number; maxHeight: number; onPick(id: number): void; onRange(r: Range): void }) {
  const L = props.lanes;
  const plotW = Math.max(1, props.width - LABEL_W - MR);
  const x = (t: number): number => LABEL_W + ((t - L.from) / (L.to - L.from)) * plotW;
  const svg = useRef<SVGSVGElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [drag, setDrag] = useState<{ x0: number; x1: number } | null>(null);
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      const { lanes: cur, onRange } = latest.current;
      const r = { from: cur.from, to: cur.to };
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return onRange(panBy(r, Math.sign(e.deltaX || e.deltaY) * 0.2));
      const px = e.clientX - el.getBoundingClientRect().left;
      const at = cur.from + ((px - LABEL_W) / Math.max(1, el.clientWidth - LABEL_W - MR)) * (cur.to - cur.from);
      onRange(zoomAbout(r, at, e.deltaY < 0 ? 1 / WHEEL_ZOOM : WHEEL_ZOOM));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);
  if (L.lanes.length === 0) return <p className="muted">No timed tool calls.</p>;
  const pts = L.points;
  const packed = pts
    ? packLanes(
        pts.map((p) => ({ id: p.id, lane: p.toolName, t: p.t ?? 0, durationMs: p.durationMs })),
        (MIN_BAR_PX / plotW) * (L.to - L.from),
      )
    : null;
  const subH = fitSubRowHeight(
    L.lanes.map((l) => packed?.rows.get(l.tool) ?? 1),
    LANE_H,
    AXIS_H,
    props.maxHeight,
  );
  const laneH = (tool: string): number => LANE_H + ((packed?.rows.get(tool) ?? 1) - 1) * subH;
  const laneTop = new Map<string, number>();
  let y = 0;
  for (const l of L.lanes) {
    laneTop.set(l.tool, y);
    y += laneH(l.tool);
  }
  const height = y + AXIS_H;
  const localX = (e: React.PointerEvent): number => e.clientX - svg.current!.getBoundingClientRect().left;
  const tAt = (px: number): number => L.from + ((px - LABEL_W) / plotW) * (L.to - L.from);
  const binW = plotW / L.bins;
  return (
    <svg
      ref={svg}
      className="swimlanes"
      width={props.width}
      height={height}
      role="img"
      aria-label="tool calls over time, one lane per tool"
      data-mode={pts ? 'calls' : 'bins'}
      data-from={L.from}
      data-to={L.to}
      data-calls={L.calls}
      onPointerDown={(e) => {
        if (e.button !== 0 || (e.target as Element).closest('.call, .lane-bin')) return;
        (e.target as Element).setPointerCapture?.(e.pointerId);
        setDrag({ x0: localX(e), x1: localX(e) });
      }}
      onPointerMove={(e) => drag && setDrag({ ...drag, x1: localX(e) })}
      onPointerUp={() => {
        if (!drag) return;
        const a = Math.max(LABEL_W, Math.min(drag.x0, drag.x1));
        const b = Math.min(LABEL_W + plotW, Math.max(drag.x0, drag.x1));
        setDrag(null);
        if (b - a >= 4) props.onRange({ from: tAt(a), to: tAt(b) });
      }}
    >
      {L.lanes.map((l, i) => {
        const max = Math.max(1, ...l.bins.map((b) => b[1]));
        const top = laneTop.get(l.tool)!;
        return (
          <g
            key={l.tool}
            transform={`translate(0, ${top})`}
            data-lane={l.tool}
            data-lane-calls={l.calls}
            data-sub-rows={packed?.rows.get(l.tool) ?? 1}
          >
            <rect x={0} y={0} width={props.width} height={laneH(l.tool)} className={i % 2 ? 'lane odd' : 'lane'} />
            <text x={6} y={16} className="lane-label">
              {visibleText(l.tool.length > 16 ? `${l.tool.slice(0, 15)}…` : l.tool)}
              <tspan className="lane-count"> {countLabel(l.calls)}</tspan>
            </text>
            {!pts &&
              l.bins.map(([b, n, f]) => (
                <rect
                  key={b}
                  className={f ? 'lane-bin flagged' : 'lane-bin'}
                  data-bin-calls={n}
                  data-bin-flagged={f}
                  x={LABEL_W + b * binW}
                  y={4}
                  width={Math.max(1, binW - 0.5)}
                  height={LANE_H - 8}
                  // Shade by count on a square-root scale: a lone call stays visible beside a bin of hundreds.
                  fillOpacity={0.25 + 0.75 * Math.sqrt(n / max)}
                  onClick={() => props.onRange({ from: L.from + (b - 2) * L.binMs, to: L.from + (b + 3) * L.binMs })}
                >
                  <title>
                    {`${visibleText(l.tool)}: ${n} call${n === 1 ? '' : 's'}${f ? `, ${f} flagged` : ''} from ${new Date(L.from + b * L.binMs).toISOString()} (click to zoom in)`}
                  </title>
                </rect>
              ))}
          </g>
        );
      })}
      {pts?.map((p) => (
        <CallBar
          key={p.id}
          p={p}
          x={x}
          plotW={plotW}
          L={L}
          top={laneTop.get(p.toolName)!}
          subH={subH}
          packed={packed!}
          onPick={props.onPick}
        />
      ))}
      {ticks({ from: L.from, to: L.to }, L.sessionFrom, Math.max(2, Math.floor(plotW / 120))).map((t) => (
        <text key={t} x={x(t)} y={height - 5} className="axis" textAnchor="middle">
          {offsetLabel(t - L.sessionFrom)}
        </text>
      ))}
      <text x={6} y={height - 5} className="axis">
        {new Date(L.from).toISOString().slice(0, 19)}Z
      </text>
      {drag && <rect className="lane-brush" x={Math.min(drag.x0, drag.x1)} y={0} width={Math.abs(drag.x1 - drag.x0)} height={y} />}
    </svg>
  );
}

function CallBar(props: {
  p: SwimlanePoint;
  x(t: number): number;
  plotW: number;
  L: LaneBins;
  top: number;
  /** Height of a sub-row (fitted to the card). */
  subH: number;
  packed: ReturnType<typeof packLanes>;
  onPick(id: number): void;
}) {
  const { p, packed } = props;
  const walFrom = useWalOnlyThreshold('tool_calls');
  const sub = packed.row.get(p.id) ?? 0;
  const many = (packed.rows.get(p.toolName) ?? 1) > 1;
  return (
    <rect
      data-call={p.id}
      data-sub-row={sub}
      x={props.x(p.t ?? 0)}
      y={props.top + 5 + sub * props.subH}
      width={Math.max(MIN_BAR_PX, (p.durationMs / (props.L.to - props.L.from)) * props.plotW)}
      height={many ? Math.max(1, props.subH - 2) : LANE_H - 10}
      rx={2}
      className={`${p.flagged ? 'call flagged' : 'call'}${walFrom !== undefined && p.id >= walFrom ? ' wal-only' : ''}`}
      onClick={() => props.onPick(p.id)}
    >
      <title>{visibleText(`tool_calls ${p.id} · ${p.toolName} · ${msLabel(p.durationMs)}${p.flagged ? ' · flagged' : ''}`)}</title>
    </rect>
  );
}
