/**
 * fs_events per time bucket, stacked by action (and a smaller chart by kind), with the overflow windows of the whole
 * session drawn over the bars. They are aggregated: one shaded span per run of buckets holding overflow rows (the
 * buckets count every overflow row, not just the first listed windows), labelled with how many windows it holds,
 * so 752 windows draw as at most MAX_BUCKETS / 2 spans instead of 752 overlapping markers (which also cost the
 * page a long task of half a second each time the chart was drawn).
 */
import { Bar, BarChart, CartesianGrid, Legend, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FsActivity } from '../../../../shared/contract/fs.js';
import { overflowRuns } from './overflow-runs.js';
import { decimalLabel, msLabel } from '../../components/format.js';

const ACTION_COLOURS: Record<string, string> = { created: '#1f9d6b', modified: '#4c6ef5', deleted: '#e8590c', overflow: '#b42318' };
const KIND_COLOURS: Record<string, string> = { file: '#4c6ef5', dir: '#15aabf', symlink: '#ae3ec9', other: '#868e96' };
const fallback = ['#f59f00', '#5c7cfa', '#20c997', '#fa5252'];

function offsetLabel(ms: number): string {
  if (ms < 1000) return `+${msLabel(ms)}`;
  if (ms < 60_000) return `+${decimalLabel(ms / 1000, 1)} s`;
  return `+${decimalLabel(ms / 60_000, 1)} min`;
}

export function ActivityChart(props: { a: FsActivity; by: 'action' | 'kind'; height: number }) {
  const { a } = props;
  const keys = props.by === 'action' ? a.actions : a.kinds;
  const colours = props.by === 'action' ? ACTION_COLOURS : KIND_COLOURS;
  const t0 = a.buckets[0]?.start ?? 0;
  const data = a.buckets.map((b, i) => ({ i, ...(props.by === 'action' ? b.byAction : b.byKind) }));
  const bucketOf = (t: number | null): number | null =>
    t === null || a.bucketMs === 0 ? null : Math.min(a.buckets.length - 1, Math.max(0, Math.floor((t - t0) / a.bucketMs)));
  return (
    <ResponsiveContainer width="100%" height={props.height}>
      <BarChart data={data} margin={{ left: 0, right: 12, top: 8, bottom: 0 }} barCategoryGap={1}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="i" tick={{ fontSize: 10 }} tickFormatter={(i: number) => offsetLabel(i * a.bucketMs)} minTickGap={30} />
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} width={34} />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(i) => `${new Date(t0 + Number(i) * a.bucketMs).toISOString()} (${msLabel(a.bucketMs)} bucket)`}
        />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        {props.by === 'action' &&
          overflowRuns(a, bucketOf).map((r) =>
            r.to !== r.from ? (
              <ReferenceArea
                key={r.from}
                x1={r.from}
                x2={r.to}
                fill="#b42318"
                fillOpacity={0.12}
                stroke="#b42318"
                strokeDasharray="4 3"
                ifOverflow="extendDomain"
                label={{ value: `${r.windows} overflow`, fontSize: 10, fill: '#b42318', position: 'insideTop' }}
              />
            ) : (
              <ReferenceLine
                key={r.from}
                x={r.from}
                stroke="#b42318"
                strokeDasharray="4 3"
                label={{
                  value: r.windows > 1 ? `${r.windows} overflow` : `${r.heldBack ?? 1} held`,
                  fontSize: 10,
                  fill: '#b42318',
                  position: 'top',
                }}
              />
            ),
          )}
        {keys.map((k, i) => (
          <Bar key={k} dataKey={k} stackId="s" fill={colours[k] ?? fallback[i % fallback.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
