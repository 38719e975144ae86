/**
 * Decisions (issue 40, "Every decision explained"): every denied, asked and redirected event of the session, one
 * section per rule with its counts by action and its events; "chain" on an event shows everything the ledger records
 * under its event_id, in order. Read from `decisions.report`, the report `capsem-inspect decisions` prints. The
 * chosen event is in the route (`?event=`), so a chain can be linked to and survives a reload; rows, event ids and
 * bodies open in the side pane.
 */
import { useCall } from '../../api/use-call.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { PaneLayout } from '../../pane/PaneLayout.js';
import { navigate } from '../../router.js';
import { ChainPanel } from './ChainPanel.js';
import { DecisionGroupCard } from './DecisionGroupCard.js';
import './decisions.css';

export function DecisionsView(props: { ev: string; event: string | null }) {
  const { ev, event } = props;
  const report = useCall('decisions.report', { evidenceId: ev });
  if (report.error) return <ErrorNote error={report.error} />;
  if (!report.value) return <p className="hint">Loading decisions…</p>;
  const r = report.value;
  const choose = (eventId: string | null): void => navigate({ view: 'decisions', ev, event: eventId });
  return (
    <PaneLayout ev={ev}>
      <div className="decisions-view" data-decisions-ready={r.groups.length}>
        <section className="card dc-head">
          <h2>Decisions</h2>
          <p className="dc-summary" data-total={r.total}>
            {countLabel(r.total)} denied, asked or redirected event{r.total === 1 ? '' : 's'} in {countLabel(r.groups.length)} rule group
            {r.groups.length === 1 ? '' : 's'}
          </p>
          {r.missing.length > 0 && (
            <p className="warn dc-missing">
              Not recorded by this ledger (their events are not shown, a missing column reads —): {r.missing.map(visibleText).join(', ')}
            </p>
          )}
          {r.groups.length === 0 && <p className="muted">No event was denied, asked or redirected in what this ledger records.</p>}
        </section>
        {event !== null && <ChainPanel key={event} ev={ev} eventId={event} onClose={() => choose(null)} />}
        {r.groups.map((g) => (
          <DecisionGroupCard key={g.rule ?? '\0'} ev={ev} g={g} chosen={event} onChain={choose} />
        ))}
      </div>
    </PaneLayout>
  );
}
