/**
 * The overview of evidence SQLite cannot open: its verdict, why every other view is refused, and what could still
 * be read (the generation when the header was readable, quick_check's own lines), with the integrity report a click
 * away. `capsem-inspect check` stops at the pages the same way.
 */
import type { EvidenceSummary } from '../../../../shared/contract.js';
import { GENERATION_LABELS } from '../../../../shared/ledger-types.js';
import { useCall } from '../../api/use-call.js';
import { useVerdict } from '../../api/use-verdict.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { VerdictBadge, verdictMeaning } from '../../components/VerdictBadge.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';

export function UnreadableOverview(props: { summary: EvidenceSummary & { unreadable: NonNullable<EvidenceSummary['unreadable']> } }) {
  const { summary } = props;
  const ev = summary.id;
  const report = useCall('integrity.report', { evidenceId: ev });
  const verdict = useVerdict(ev);
  return (
    <div className="overview unreadable" data-testid="unreadable-overview">
      <h2>
        {visibleText(summary.sessionId)} <VerdictBadge ev={ev} verdict={verdict} />
      </h2>
      <p>
        SQLite cannot read this ledger: its pages are damaged. The tables, transcript, graph and every other view are refused, since nothing
        they showed could be trusted; the integrity report below is what could still be read.
      </p>
      <p className="muted verdict-meaning" data-testid="verdict-meaning">
        {verdictMeaning(verdict)}
      </p>
      <section className="card">
        <h3>What could be read</h3>
        <table className="mini unreadable-facts">
          <tbody>
            <tr>
              <th scope="row">Generation</th>
              <td>{summary.generation ? GENERATION_LABELS[summary.generation] : 'unknown: the header or schema could not be read'}</td>
            </tr>
            <tr>
              <th scope="row">Why it cannot open</th>
              <td>
                <ErrorNote error={summary.unreadable} />
              </td>
            </tr>
            <tr>
              <th scope="row">quick_check</th>
              <td>
                {report.error && <ErrorNote error={report.error} />}
                {!report.value && !report.error && <span className="muted">Reading…</span>}
                {report.value && (
                  <ul className="findings-mini" data-testid="quick-check-lines">
                    {report.value.pages.messages.map((m, i) => (
                      <li key={i} className="error">
                        {visibleText(m)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
            <tr>
              <th scope="row">Bodies</th>
              <td>not verified: their index lives in session.db, which cannot be read</td>
            </tr>
          </tbody>
        </table>
        <a href={href({ view: 'integrity', ev })}>Open the integrity report →</a>
      </section>
    </div>
  );
}
