/**
 * Every trace of the ledger: when, how long, how many turns and calls, tokens, cost and broken invariants; a row opens
 * its graph. Sortable by each of those, filtered by text; Enter in the box opens the trace, turn, call or event whose
 * id was pasted (id.resolve).
 */
import { useMemo, useRef, useState } from 'react';
import { useCall } from '../../api/use-call.js';
import { useListKeys } from '../../components/use-list-keys.js';
import { useApp } from '../../app-context.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { SortableTh } from '../../components/SortableTh.js';
import { countLabel, decimalLabel, formatCell, msLabel, usdLabel } from '../../components/format.js';
import { href } from '../../router.js';
import { visibleText } from '../../components/visible-text.js';
import { IdLinks } from '../id-links.js';
import type { TraceSort } from './trace-sort.js';
import { filterTraces, sortTraces, traceDurationMs } from './trace-sort.js';
import { WalOnlyAnyIf } from '../../components/WalOnlyScope.js';

/** Rows drawn at once: the list is a plain table; a filter or a sort brings any trace into them. */
export const TRACE_ROWS_SHOWN = 1000;

const COLUMNS: readonly { readonly by: TraceSort; readonly label: string; readonly num: boolean }[] = [
  { by: 'start', label: 'first', num: false },
  { by: 'duration', label: 'duration', num: true },
  { by: 'turns', label: 'turns', num: true },
  { by: 'modelCalls', label: 'model calls', num: true },
  { by: 'toolCalls', label: 'tool calls', num: true },
  { by: 'tokens', label: 'tokens in / out', num: true },
  { by: 'cost', label: 'cost', num: true },
  { by: 'findings', label: 'findings', num: true },
];

function durationLabel(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return msLabel(ms);
  if (ms < 60_000) return `${decimalLabel(ms / 1000, 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function TraceList(props: { ev: string }) {
  const { time } = useApp();
  const list = useCall('graph.traces', { evidenceId: props.ev });
  const [sort, setSort] = useState<{ by: TraceSort; dir: 'asc' | 'desc' }>({ by: 'start', dir: 'asc' });
  const [text, setText] = useState('');
  const [pasted, setPasted] = useState('');
  const shown = useMemo(
    () => (list.value ? sortTraces(filterTraces(list.value.traces, text), sort.by, sort.dir) : []),
    [list.value, text, sort],
  );
  const box = useRef<HTMLElement>(null);
  useListKeys(box, 'tbody tr');
  if (list.error) return <ErrorNote error={list.error} />;
  if (!list.value) return <p className="hint">Loading traces…</p>;
  const v = list.value;
  const onSort = (by: TraceSort): void =>
    setSort((s) => ({ by, dir: s.by === by && s.dir === 'desc' ? 'asc' : s.by === by ? 'desc' : by === 'start' ? 'asc' : 'desc' }));
  return (
    <section className="card trace-list" ref={box}>
      <h2>Traces</h2>
      <p className="muted">
        A trace is one task the agent worked on: its turns, the model calls of each turn, the tool calls those emitted and the responses fed
        back. Open one to follow it.
      </p>
      {v.note && <p className="warn">{v.note}</p>}
      <p>
        <a href={href({ view: 'transcript', ev: props.ev, trace: null })}>Transcript of the whole session</a>
      </p>
      <div className="toolbar">
        <input
          className="trace-filter"
          aria-label="filter traces or open an id"
          placeholder="filter by trace id · paste a trace, turn, call or event id and press Enter"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setPasted(e.currentTarget.value.trim());
          }}
        />
        <span className="muted" aria-label="traces shown">
          {countLabel(shown.length)} of {countLabel(v.traces.length)} traces
        </span>
      </div>
      {pasted && <IdLinks key={pasted} ev={props.ev} id={pasted} openSingle />}
      {v.traces.length === 0 ? (
        <p className="muted">No traces recorded.</p>
      ) : (
        <table className="mini traces" aria-label="traces">
          <thead>
            <tr>
              <th>trace</th>
              {COLUMNS.map((c) => (
                <SortableTh key={c.by} by={c.by} label={c.label} num={c.num} sort={sort} onSort={onSort} />
              ))}
              <th>story</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, TRACE_ROWS_SHOWN).map((t) => (
              <tr key={t.traceId} data-trace-id={t.traceId}>
                <td className="mono">
                  <a href={href({ view: 'graph', ev: props.ev, trace: t.traceId })}>{visibleText(t.traceId)}</a>
                  <WalOnlyAnyIf lastRowids={t.lastRowids} what="some of this trace" />
                </td>
                <td className="mono">{t.first ? formatCell(t.first, 'timestamp', time) : '—'}</td>
                <td className="num">{durationLabel(traceDurationMs(t))}</td>
                <td className="num">{countLabel(t.turns)}</td>
                <td className="num">{countLabel(t.modelCalls)}</td>
                <td className="num">{countLabel(t.toolCalls)}</td>
                <td className="num">
                  {countLabel(t.inputTokens)} / {countLabel(t.outputTokens)}
                </td>
                <td className="num">{usdLabel(t.costUsd)}</td>
                <td className={`num${t.findings ? ' bad' : ''}`}>{countLabel(t.findings)}</td>
                <td>
                  <a href={href({ view: 'transcript', ev: props.ev, trace: t.traceId })}>transcript</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown.length > TRACE_ROWS_SHOWN && (
        <p className="muted">The first {countLabel(TRACE_ROWS_SHOWN)} in this order are drawn; sort or filter to reach the others.</p>
      )}
      {v.truncated && <p className="warn">Only the first {countLabel(v.traces.length)} traces are listed.</p>}
    </section>
  );
}
