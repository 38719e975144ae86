/** The Overview's model usage: tokens by provider and model as a chart, and the table of calls, tokens and cost. */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '../../../shared/contract.js';
import { visibleText } from '../components/visible-text.js';
import { compactCount, countLabel, usdLabel } from '../components/format.js';
import { WalOnlyAnyIf } from '../components/WalOnlyScope.js';

export function OverviewModels({ v }: { v: Overview }) {
  if (v.models.length === 0) return <p className="muted">No model calls.</p>;
  const data = v.models.map((m) => ({
    name: visibleText(`${m.provider}${m.model ? ` · ${m.model}` : ''}`),
    input: m.inputTokens,
    output: m.outputTokens,
    cost: m.costUsd,
    calls: m.calls,
    lastRowid: m.lastRowid,
  }));
  return (
    <div className="models">
      <div className="chart" aria-label="tokens by model">
        <ResponsiveContainer width="100%" height={180}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={{ fontSize: 11 }} tickFormatter={compactCount} />
            <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 11 }} />
            <Tooltip isAnimationActive={false} formatter={(value) => countLabel(Number(value))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="input" name="input tokens" stackId="t" fill="#4c6ef5" isAnimationActive={false} />
            <Bar dataKey="output" name="output tokens" stackId="t" fill="#15aabf" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="mini">
        <thead>
          <tr>
            <th>provider · model</th>
            <th>calls</th>
            <th>in</th>
            <th>out</th>
            <th>cost</th>
          </tr>
        </thead>
        <tbody>
          {data.map((m) => (
            <tr key={m.name}>
              <td>
                {m.name}
                <WalOnlyAnyIf lastRowids={m.lastRowid === undefined ? null : { model_calls: m.lastRowid }} what="some of these calls" />
              </td>
              <td className="num">{countLabel(m.calls)}</td>
              <td className="num">{countLabel(m.input)}</td>
              <td className="num">{countLabel(m.output)}</td>
              <td className="num">{usdLabel(m.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
