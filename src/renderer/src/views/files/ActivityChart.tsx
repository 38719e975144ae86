/**
 * fs_events per time bucket, stacked by action (and a smaller chart by kind), with every overflow window drawn
 * over the bars: from the overflow row to the later scan that derived the held-back changes.
 */
import { Bar, BarChart, CartesianGrid, Legend, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FsActivity } from '../../../../shared/contract/fs.js';

const ACTION_COLOURS: Record<string, string> = { created: '#1f9d6b', modified: '#4c6ef5', deleted: '#e8590c', overflow: '#b42318' };
const KIND_COLOURS: Record<string, string> = { file: '#4c6ef5', dir: '#15aabf', symlink: '#ae3ec9', other: '#868e96' };
const fallback = ['#f59f00', '#5c7cfa', '#20c997', '#fa5252'];

function offsetLabel(ms: number): string {
  if (ms < 1000) return `+${ms} ms`;
  if (ms < 60_000) return `+${(ms / 1000).toFixed(1)} s`;
  return `+${(ms / 60_000).toFixed(1)} min`;
}

export function ActivityChart(props: { a: FsActivity; by: 'action' | 'kind'; height: number }) {
  const { a } = props;
  const keys = props.by === 'action' ? a.actions : a.kinds;
  const colours = props.by === 'action' ? ACTION_COLOURS : KIND_COLOURS;
  const t0 = a.buckets[0]?.start ?? 0;
  const data = a.buckets.map((b, i) => ({ i, ...(props.by === 'action' ? b.byAction : b.byKind) }));
  const bucketOf = (t: number | null): number | null => (t === null || a.bucketMs === 0 ? null : Math.min(a.buckets.length - 1, Math.max(0, Math.floor((t - t0) / a.bucketMs))));
  return (
    <ResponsiveContainer width="100%" height={props.height}>
      <BarChart data={data} margin={{ left: 0, right: 12, top: 8, bottom: 0 }} barCategoryGap={1}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="i" tick={{ fontSize: 10 }} tickFormatter={(i: number) => offsetLabel(i * a.bucketMs)} minTickGap={30} />
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={34} />
        <Tooltip isAnimationActive={false} labelFormatter={(i) => `${new Date(t0 + Number(i) * a.bucketMs).toISOString()} (${a.bucketMs} ms bucket)`} />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        {props.by === 'action' &&
          a.windows.map((w) => {
            const from = bucketOf(w.t);
            const to = bucketOf(w.heldFor?.t ?? null) ?? from;
            if (from === null) return null;
            return to !== null && to !== from ? (
              <ReferenceArea key={w.id} x1={from} x2={to} fill="#b42318" fillOpacity={0.12} stroke="#b42318" strokeDasharray="4 3" ifOverflow="extendDomain" />
            ) : (
              <ReferenceLine key={w.id} x={from} stroke="#b42318" strokeDasharray="4 3" label={{ value: `${w.heldBack} held`, fontSize: 10, fill: '#b42318', position: 'top' }} />
            );
          })}
        {keys.map((k, i) => (
          <Bar key={k} dataKey={k} stackId="s" fill={colours[k] ?? fallback[i % fallback.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
