/** Every trace of the ledger: when, how many turns and calls, tokens, cost and broken invariants; a row opens its graph. */
import { useRef } from 'react';
import { useCall } from '../../api/use-call.js';
import { useListKeys } from '../../components/use-list-keys.js';
import { useApp } from '../../app-context.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel, formatCell } from '../../components/format.js';
import { href } from '../../router.js';
import { visibleText } from '../../components/visible-text.js';

export function TraceList(props: { ev: string }) {
  const { time } = useApp();
  const list = useCall('graph.traces', { evidenceId: props.ev });
  const box = useRef<HTMLElement>(null);
  useListKeys(box, 'tbody tr');
  if (list.error) return <ErrorNote error={list.error} />;
  if (!list.value) return <p className="hint">Loading traces…</p>;
  const v = list.value;
  return (
    <section className="card trace-list" ref={box}>
      <h2>Traces</h2>
      <p className="muted">
        A trace is one task the agent worked on: its turns, the model calls of each turn, the tool calls those emitted and the responses fed back. Open one to follow it.
      </p>
      {v.note && <p className="warn">{v.note}</p>}
      {v.traces.length === 0 ? (
        <p className="muted">No traces recorded.</p>
      ) : (
        <table className="mini traces" aria-label="traces">
          <thead>
            <tr>
              <th>trace</th>
              <th>first</th>
              <th className="num">turns</th>
              <th className="num">model calls</th>
              <th className="num">tool calls</th>
              <th className="num">tokens in / out</th>
              <th className="num">cost</th>
              <th className="num">findings</th>
            </tr>
          </thead>
          <tbody>
            {v.traces.map((t) => (
              <tr key={t.traceId} data-trace-id={t.traceId}>
                <td className="mono">
                  <a href={href({ view: 'graph', ev: props.ev, trace: t.traceId })}>{visibleText(t.traceId)}</a>
                </td>
                <td className="mono">{t.first ? formatCell(t.first, 'timestamp', time) : '—'}</td>
                <td className="num">{t.turns}</td>
                <td className="num">{countLabel(t.modelCalls)}</td>
                <td className="num">{countLabel(t.toolCalls)}</td>
                <td className="num">
                  {countLabel(t.inputTokens)} / {countLabel(t.outputTokens)}
                </td>
                <td className="num">${t.costUsd.toFixed(4)}</td>
                <td className={`num${t.findings ? ' bad' : ''}`}>{t.findings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {v.truncated && <p className="warn">Only the first {countLabel(v.traces.length)} traces are listed.</p>}
    </section>
  );
}
