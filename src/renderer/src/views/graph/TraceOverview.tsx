/**
 * The whole trace at a glance, to jump from: one strip across the view, every turn in order, each bar as tall as
 * the turn is big (model + tool calls, on a square-root scale so one huge turn does not flatten the rest). A
 * 5,000-turn trace gathers several turns per column (the biggest of them sets its height), so the strip costs the
 * same whatever the trace's length. The turns laid out now are shaded; find matches are ticks under the bars. A
 * click lands on the turn under the pointer.
 */
import type { MouseEvent } from 'react';
import { memo, useMemo, useState } from 'react';
import type { TurnSummary } from '../../../../shared/contract/graph.js';
import { plural } from '../../../../shared/plural.js';

const COLUMNS = 480;
const HEIGHT = 34;
const TICKS = 8;

interface Column {
  readonly from: number;
  readonly to: number;
  readonly size: number;
}

function columnsOf(turns: readonly TurnSummary[]): { cols: Column[]; max: number } {
  const n = turns.length;
  const count = Math.min(n, COLUMNS);
  const cols: Column[] = [];
  let max = 1;
  for (let c = 0; c < count; c++) {
    const from = Math.floor((c * n) / count);
    const to = Math.floor(((c + 1) * n) / count);
    let size = 0;
    for (let i = from; i < to; i++) size = Math.max(size, turns[i]!.modelCalls + turns[i]!.toolCalls);
    max = Math.max(max, size);
    cols.push({ from, to, size });
  }
  return { cols, max };
}

/** One path of bars (columns `i` with `pick(i)`): a few elements for the whole strip, never one per column. */
interface Bars {
  /** Column width in strip units, and each bar's width. */
  readonly step: number;
  readonly width: number;
  height(c: Column): number;
  top(c: Column): number;
  pick(i: number): boolean;
}

function barsPath(cols: readonly Column[], b: Bars): string {
  let d = '';
  for (let i = 0; i < cols.length; i++) {
    if (!b.pick(i)) continue;
    const c = cols[i]!;
    d += `M${(i * b.step).toFixed(3)} ${b.top(c).toFixed(2)}h${b.width.toFixed(3)}v${b.height(c).toFixed(2)}h${(-b.width).toFixed(3)}z`;
  }
  return d;
}

export const TraceOverview = memo(function TraceOverview(props: {
  turns: readonly TurnSummary[];
  /** Turn node ids laid out now. */
  drawn: ReadonlySet<string>;
  /** Turn indexes (0-based) holding a find match. */
  marked: ReadonlySet<number>;
  onJump(turnIndex: number): void;
}) {
  const { turns, drawn, marked } = props;
  const { cols, max } = useMemo(() => columnsOf(turns), [turns]);
  const [hover, setHover] = useState<number | null>(null);
  const w = 100 / Math.max(1, cols.length);
  const drawnCols = useMemo(() => {
    const out = new Set<number>();
    cols.forEach((c, i) => {
      for (let t = c.from; t < c.to; t++) if (drawn.has(turns[t]!.nodeId)) return void out.add(i);
    });
    return out;
  }, [cols, drawn, turns]);
  const paths = useMemo(() => {
    const markedCols = new Set<number>();
    cols.forEach((c, i) => {
      for (let t = c.from; t < c.to; t++) if (marked.has(t)) return void markedCols.add(i);
    });
    const bar = (c: Column): number => Math.max(2, Math.sqrt(c.size / max) * (HEIGHT - TICKS - 2));
    const barTop = (c: Column): number => HEIGHT - TICKS - bar(c);
    return {
      drawnBands: barsPath(cols, { step: w, width: w, height: () => HEIGHT - TICKS, top: () => 0, pick: (i) => drawnCols.has(i) }),
      bars: barsPath(cols, { step: w, width: w * 0.8, height: bar, top: barTop, pick: (i) => !drawnCols.has(i) }),
      drawnBars: barsPath(cols, { step: w, width: w * 0.8, height: bar, top: barTop, pick: (i) => drawnCols.has(i) }),
      marks: barsPath(cols, {
        step: w,
        width: Math.max(w, 0.3),
        height: () => TICKS - 2,
        top: () => HEIGHT - TICKS + 2,
        pick: (i) => markedCols.has(i),
      }),
    };
  }, [cols, max, w, drawnCols, marked]);
  if (turns.length < 2) return null;
  const colAt = (ev: MouseEvent<SVGSVGElement>): number => {
    const box = ev.currentTarget.getBoundingClientRect();
    return Math.min(Math.max((ev.clientX - box.left) / box.width, 0), 0.999999);
  };
  const click = (ev: MouseEvent<SVGSVGElement>): void => props.onJump(Math.floor(colAt(ev) * turns.length));
  const hovered = hover !== null ? cols[hover] : undefined;
  return (
    <div className="trace-overview" aria-label="trace overview">
      <span className="muted ov-label">{plural(turns.length, 'turn')} — click to go there</span>
      <svg
        className="ov-strip"
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        height={HEIGHT}
        role="img"
        aria-label={`overview of ${turns.length} turns`}
        data-turns={turns.length}
        data-drawn-columns={drawnCols.size}
        onClick={click}
        onMouseMove={(ev) => {
          const i = Math.floor(colAt(ev) * cols.length);
          if (i !== hover) setHover(i);
        }}
        onMouseLeave={() => setHover(null)}
      >
        {/* One title for the column under the pointer: a title per column was hundreds of elements per render. */}
        <title>
          {hovered
            ? `turn${hovered.to - hovered.from > 1 ? `s ${hovered.from + 1}–${hovered.to}` : ` ${hovered.from + 1}`}: up to ${hovered.size} calls`
            : plural(turns.length, 'turn')}
        </title>
        <rect x={0} y={0} width={100} height={HEIGHT - TICKS} className="ov-hit" />
        {hover !== null && <rect x={hover * w} y={0} width={w} height={HEIGHT - TICKS} className="ov-hover" />}
        <path d={paths.drawnBands} className="ov-drawn-band" />
        <path d={paths.bars} className="ov-bar" />
        <path d={paths.drawnBars} className="ov-bar drawn" />
        <path d={paths.marks} className="ov-mark" />
      </svg>
    </div>
  );
});
