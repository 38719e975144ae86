/**
 * One File activity chart: the bins of the range the server sent (stacked by action or by kind, one SVG path per
 * series, so 1,300 bars cost the page four elements rather than 1,300 chart components: the recharts chart was the
 * half-second task of every open) and, on the by-action chart, the overflow marks, each with its window count.
 * The wheel zooms about the pointer (shift or a sideways wheel pans), dragging across the chart zooms to that span,
 * and a mark of several windows zooms to them when clicked.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FsOverflowMark, FsTimeline } from '../../../../shared/contract/fs.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { offsetLabel, panBy, ticks, zoomAbout } from '../../components/timeline-geometry.js';
import type { Range } from '../../components/timeline-geometry.js';

const ACTION_COLOURS: Record<string, string> = { created: '#1f9d6b', modified: '#4c6ef5', deleted: '#e8590c', overflow: '#b42318' };
const KIND_COLOURS: Record<string, string> = { file: '#4c6ef5', dir: '#15aabf', symlink: '#ae3ec9', other: '#868e96' };
const FALLBACK = ['#f59f00', '#5c7cfa', '#20c997', '#fa5252'];
const ML = 40;
const MR = 10;
/** Room above the bars for the overflow marks, and below for the axis. */
const MARK_H = 18;
const AXIS_H = 18;
const WHEEL_ZOOM = 1.35;

export function colourOf(by: 'action' | 'kind', name: string, i: number): string {
  return (by === 'action' ? ACTION_COLOURS : KIND_COLOURS)[name] ?? FALLBACK[i % FALLBACK.length]!;
}

export interface TimelineProps {
  readonly tl: FsTimeline;
  readonly by: 'action' | 'kind';
  readonly width: number;
  readonly height: number;
  readonly ev: string;
  onRange(r: Range): void;
}

export function Timeline(p: TimelineProps) {
  const { tl, width, height } = p;
  const names = p.by === 'action' ? tl.actions : tl.kinds;
  const series = p.by === 'action' ? tl.byAction : tl.byKind;
  const bins = series[0]?.length ?? 0;
  const plotW = Math.max(1, width - ML - MR);
  const top = p.by === 'action' ? MARK_H : 4;
  const plotH = Math.max(10, height - top - AXIS_H);
  const x = (t: number): number => ML + ((t - tl.from) / (tl.to - tl.from)) * plotW;
  const tAt = (px: number): number => tl.from + ((px - ML) / plotW) * (tl.to - tl.from);
  const totals = useMemo(() => {
    const s = new Array<number>(bins).fill(0);
    for (const row of series) row.forEach((n, b) => (s[b]! += n));
    return s;
  }, [series, bins]);
  const max = Math.max(1, ...totals);
  // Stacked bars as one path per series: each bin's segment sits on the sum of the series before it.
  const paths = useMemo(() => {
    const base = new Array<number>(bins).fill(0);
    const bw = plotW / Math.max(1, bins);
    return series.map((row) => {
      let d = '';
      row.forEach((n, b) => {
        if (!n) return;
        const y0 = top + plotH - (base[b]! / max) * plotH;
        const h = (n / max) * plotH;
        d += `M${(ML + b * bw).toFixed(1)} ${(y0 - h).toFixed(1)}h${Math.max(1, bw - 0.6).toFixed(1)}v${h.toFixed(1)}h${(-Math.max(1, bw - 0.6)).toFixed(1)}Z`;
        base[b]! += n;
      });
      return d;
    });
  }, [series, bins, plotW, plotH, top, max]);
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ x0: number; x1: number } | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const latest = useRef(p);
  latest.current = p;
  // The wheel listener is not passive (React's is), so the page does not scroll while the chart zooms.
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      const { tl: cur, onRange } = latest.current;
      const r = { from: cur.from, to: cur.to };
      const px = e.clientX - el.getBoundingClientRect().left;
      const sideways = e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
      if (sideways) onRange(panBy(r, (Math.sign(e.deltaX || e.deltaY) * 0.2) as number));
      else
        onRange(
          zoomAbout(
            r,
            cur.from + ((px - ML) / Math.max(1, el.clientWidth - ML - MR)) * (cur.to - cur.from),
            e.deltaY < 0 ? 1 / WHEEL_ZOOM : WHEEL_ZOOM,
          ),
        );
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);
  const localX = (e: React.PointerEvent): number => e.clientX - svg.current!.getBoundingClientRect().left;
  const onUp = (e: React.PointerEvent): void => {
    if (!drag) return;
    const a = Math.min(drag.x0, drag.x1);
    const b = Math.max(drag.x0, drag.x1);
    setDrag(null);
    (e.target as Element).releasePointerCapture?.(e.pointerId);
    if (b - a >= 4) p.onRange({ from: tAt(Math.max(ML, a)), to: tAt(Math.min(ML + plotW, b)) });
  };
  const hoverBin = hover === null ? null : Math.floor(((hover - ML) / plotW) * bins);
  return (
    <div className="fs-timeline-wrap">
      <svg
        ref={svg}
        className="fs-timeline"
        width={width}
        height={height}
        role="img"
        aria-label={`file events by ${p.by} over time`}
        data-from={tl.from}
        data-to={tl.to}
        data-bins={bins}
        onPointerDown={(e) => {
          if (e.button !== 0 || (e.target as Element).closest('.fs-mark')) return;
          (e.target as Element).setPointerCapture?.(e.pointerId);
          setDrag({ x0: localX(e), x1: localX(e) });
        }}
        onPointerMove={(e) => {
          const px = localX(e);
          setHover(px >= ML && px <= ML + plotW ? px : null);
          if (drag) setDrag({ ...drag, x1: px });
        }}
        onPointerUp={onUp}
        onPointerLeave={() => setHover(null)}
      >
        <line x1={ML} x2={ML + plotW} y1={top + plotH} y2={top + plotH} className="fs-axis-line" />
        <text x={ML - 4} y={top + 9} className="fs-axis" textAnchor="end">
          {countLabel(max)}
        </text>
        <text x={ML - 4} y={top + plotH} className="fs-axis" textAnchor="end">
          0
        </text>
        {ticks({ from: tl.from, to: tl.to }, tl.sessionFrom, Math.max(2, Math.floor(plotW / 110))).map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={top} y2={top + plotH + 3} className="fs-grid-line" />
            <text x={x(t)} y={top + plotH + 14} className="fs-axis" textAnchor="middle">
              {offsetLabel(t - tl.sessionFrom)}
            </text>
          </g>
        ))}
        {paths.map((d, i) => (
          <path key={names[i]} d={d} fill={colourOf(p.by, names[i]!, i)} data-series={names[i]} />
        ))}
        {p.by === 'action' &&
          tl.marks.map((m) => <Mark key={`${m.firstId}`} m={m} x={x} top={top} bottom={top + plotH} ev={p.ev} onRange={p.onRange} />)}
        {drag && <rect className="fs-brush" x={Math.min(drag.x0, drag.x1)} y={top} width={Math.abs(drag.x1 - drag.x0)} height={plotH} />}
        {hoverBin !== null && hoverBin >= 0 && hoverBin < bins && (
          <line x1={hover!} x2={hover!} y1={top} y2={top + plotH} className="fs-hover-line" />
        )}
      </svg>
      <div className="fs-readout muted" aria-live="off">
        {hoverBin !== null && hoverBin >= 0 && hoverBin < bins ? (
          <>
            {new Date(tl.from + hoverBin * tl.binMs).toISOString()} ({offsetLabel(tl.from + hoverBin * tl.binMs - tl.sessionFrom)}):{' '}
            {names
              .map((n, i) => (series[i]![hoverBin] ? `${visibleText(n)} ${series[i]![hoverBin]}` : null))
              .filter(Boolean)
              .join(', ') || 'no events'}
          </>
        ) : (
          <>
            {binLabel(tl.binMs)} per bar · {countLabel(tl.events)} rows in view · wheel zooms, drag a span to zoom into it, shift+wheel pans
          </>
        )}
      </div>
    </div>
  );
}

function binLabel(ms: number): string {
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(2) : Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** A mark of one window links to its row; of several, it zooms to their span (padded so they spread apart). */
function Mark(props: { m: FsOverflowMark; x(t: number): number; top: number; bottom: number; ev: string; onRange(r: Range): void }) {
  const { m } = props;
  const x0 = props.x(m.from);
  const x1 = Math.max(x0 + 2, props.x(m.to));
  const label = m.windows > 1 ? `${m.windows}` : `${countLabel(m.heldBack)}`;
  const bw = label.length * 6 + 6;
  const title =
    m.windows > 1
      ? `${m.windows} overflow windows, ${countLabel(m.heldBack)} changes held back: click to zoom to them`
      : `overflow window fs_events #${m.firstId}: ${countLabel(m.heldBack)} changes held back`;
  const body = (
    <g
      className={`fs-mark${m.windows > 1 ? ' many' : ''}`}
      data-mark-windows={m.windows}
      data-mark-from={m.from}
      data-mark-to={m.to}
      onClick={() => {
        if (m.windows <= 1) return;
        const pad = Math.max(50, (m.to - m.from) * 0.15);
        props.onRange({ from: m.from - pad, to: m.to + pad });
      }}
    >
      <title>{title}</title>
      {/* The span its windows cover, as a band under the badge; one window (or a span wider than a badge) also shades
          the bars under it, so dense marks do not hatch the whole chart. */}
      <rect x={x0} y={props.top - 3} width={x1 - x0} height={3} className="fs-mark-band" />
      {(m.windows === 1 || x1 - x0 > 24) && (
        <rect x={x0} y={props.top} width={x1 - x0} height={props.bottom - props.top} className="fs-mark-span" />
      )}
      <rect x={(x0 + x1) / 2 - bw / 2} y={1} width={bw} height={14} rx={3} className="fs-mark-badge" />
      <text x={(x0 + x1) / 2} y={11.5} textAnchor="middle" className="fs-mark-label">
        {label}
      </text>
    </g>
  );
  return m.windows > 1 ? (
    body
  ) : (
    <a href={href({ view: 'row', ev: props.ev, table: 'fs_events', rowid: m.firstId, body: null, mode: 'text' })}>{body}</a>
  );
}
