/**
 * The chain of the event chosen in the Decisions view: everything the ledger records under its event_id (rule
 * matches, decisions, asks, the event's own row) in order, read from `decisions.chain`, the chain
 * `capsem-inspect decisions --event` prints. Shown above the groups and scrolled to when it arrives.
 */
import { useEffect, useRef } from 'react';
import { useCall } from '../../api/use-call.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { visibleText } from '../../components/visible-text.js';
import { ChainEntryView } from './ChainEntryView.js';

export function ChainPanel(props: { ev: string; eventId: string; onClose: () => void }) {
  const { ev, eventId, onClose } = props;
  const chain = useCall('decisions.chain', { evidenceId: ev, eventId });
  const panel = useRef<HTMLElement>(null);
  const c = chain.value;
  // The panel sits above the groups: bring it into sight when the chain chosen further down arrives.
  useEffect(() => {
    if (c) panel.current?.scrollIntoView({ block: 'start' });
  }, [c]);
  return (
    <section ref={panel} className="card dc-chain" aria-label="event chain" data-chain-ready={c ? c.entries.length : undefined}>
      <div className="toolbar">
        <h3>
          Chain of event <span className="mono">{visibleText(eventId)}</span>
          {c && <span className="muted"> · {c.entries.length} rows, in order</span>}
        </h3>
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {chain.error && <ErrorNote error={chain.error} />}
      {!c && !chain.error && <p className="hint">Loading the chain…</p>}
      {c && c.missing.length > 0 && <p className="warn">Not recorded by this ledger: {c.missing.map(visibleText).join(', ')}</p>}
      {c && c.entries.length === 0 && <p className="muted">No row of this ledger carries this event id.</p>}
      {c && c.entries.length > 0 && (
        <ol className="dc-entries">
          {c.entries.map((e, i) => (
            <ChainEntryView key={`${e.table}/${e.id}`} ev={ev} e={e} n={i + 1} />
          ))}
        </ol>
      )}
    </section>
  );
}
