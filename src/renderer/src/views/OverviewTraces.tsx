/**
 * The overview's way into the session's work: its traces, each a link to its identity graph (first of the walk
 * overview → trace → turn → model call → tool call → response → body). The first few only; the Identity graph
 * view lists them all.
 */
import { useCall } from '../api/use-call.js';
import { countLabel } from '../components/format.js';
import { visibleText } from '../components/visible-text.js';
import { href } from '../router.js';
import { WalOnlyAnyIf } from '../components/WalOnlyScope.js';

const SHOWN = 8;

export function OverviewTraces(props: { ev: string }) {
  const list = useCall('graph.traces', { evidenceId: props.ev });
  // A ledger from before traces answers with an error: the card then simply is not there.
  if (list.error || !list.value || list.value.traces.length === 0) return null;
  const traces = list.value.traces;
  return (
    <section className="card" aria-label="traces">
      <h3>Traces</h3>
      <ul className="ov-traces">
        {traces.slice(0, SHOWN).map((t) => (
          <li key={t.traceId} data-trace-id={t.traceId}>
            <a className="mono" href={href({ view: 'graph', ev: props.ev, trace: t.traceId })}>
              {visibleText(t.traceId)}
            </a>
            <WalOnlyAnyIf lastRowids={t.lastRowids} what="some of this trace" />{' '}
            <span className="muted">
              {t.turns} turn{t.turns === 1 ? '' : 's'} · {countLabel(t.modelCalls)} model calls · {countLabel(t.toolCalls)} tool calls
            </span>
            {t.findings > 0 && (
              <span className="bad">
                {' '}
                · {t.findings} finding{t.findings === 1 ? '' : 's'}
              </span>
            )}
          </li>
        ))}
      </ul>
      {(traces.length > SHOWN || list.value.truncated) && <a href={href({ view: 'graph', ev: props.ev, trace: null })}>All traces →</a>}
    </section>
  );
}
