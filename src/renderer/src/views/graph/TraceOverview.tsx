/**
 * The whole trace at a glance, to jump from: one strip across the view, every turn in order, each bar as tall as
 * the turn is big (model + tool calls, on a square-root scale so one huge turn does not flatten the rest). A
 * 5,000-turn trace gathers several turns per column (the biggest of them sets its height), so the strip costs the
 * same whatever the trace's length. The turns laid out now are shaded; find matches are ticks under the bars. A
 * click lands on the turn under the pointer.
 */
import type { MouseEvent } from 'react';
import { memo, useMemo } from 'react';
import type { TurnSummary } from '../../../../shared/contract/graph.js';

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

export const TraceOverview = memo(function TraceOverview(props: {
  turns: readonly TurnSummary[];
  /** Turn node ids laid out now. */
  drawn: ReadonlySet<string>;
  /** Turn indexes (0-based) holding a find match. */
  marked: ReadonlySet<number>;
  onJump(turnIndex: number): void;
}) {
  const { turns } = props;
  const { cols, max } = useMemo(() => columnsOf(turns), [turns]);
  if (turns.length < 2) return null;
  const w = 100 / cols.length;
  const click = (ev: MouseEvent<SVGSVGElement>): void => {
    const box = ev.currentTarget.getBoundingClientRect();
    const at = Math.min(Math.max((ev.clientX - box.left) / box.width, 0), 0.999999);
    props.onJump(Math.floor(at * turns.length));
  };
  const scale = (size: number): number => Math.max(2, Math.sqrt(size / max) * (HEIGHT - TICKS - 2));
  return (
    <div className="trace-overview" aria-label="trace overview">
      <span className="muted ov-label">{turns.length.toLocaleString('en-US')} turns — click to go there</span>
      <svg
        className="ov-strip"
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        height={HEIGHT}
        role="img"
        aria-label={`overview of ${turns.length} turns`}
        data-turns={turns.length}
        onClick={click}
      >
        {cols.map((c, i) => {
          const drawn = turns.slice(c.from, c.to).some((t) => props.drawn.has(t.nodeId));
          let marked = false;
          for (let t = c.from; t < c.to && !marked; t++) marked = props.marked.has(t);
          const h = scale(c.size);
          return (
            <g key={i} className={drawn ? 'ov-col drawn' : 'ov-col'}>
              <title>{`turn${c.to - c.from > 1 ? `s ${c.from + 1}–${c.to}` : ` ${c.from + 1}`}: up to ${c.size} calls`}</title>
              <rect x={i * w} y={0} width={w} height={HEIGHT - TICKS} className="ov-hit" />
              <rect x={i * w} y={HEIGHT - TICKS - h} width={w * 0.8} height={h} className="ov-bar" />
              {marked && <rect x={i * w} y={HEIGHT - TICKS + 2} width={Math.max(w, 0.3)} height={TICKS - 2} className="ov-mark" />}
            </g>
          );
        })}
      </svg>
    </div>
  );
});
