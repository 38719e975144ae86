/** Who, which generation, which hashes, when, how much, which models and what was allowed or denied. */
import { lazy, Suspense, useEffect } from 'react';
import type { FollowUpStatus, Overview } from '../../../shared/contract.js';
import { useCall } from '../api/use-call.js';
import { useApp } from '../app-context.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { bytesLabel, countLabel, formatCell } from '../components/format.js';
import { href } from '../router.js';
import { visibleText } from '../components/visible-text.js';
import { VerdictBadge, verdictMeaning } from '../components/VerdictBadge.js';
import { useVerdict } from '../api/use-verdict.js';
import { useEvidenceEvent } from '../api/use-evidence-event.js';
import { OverviewTraces } from './OverviewTraces.js';
import { WalOnlyTableIf } from '../components/WalOnlyScope.js';
import { UnreadableOverview } from './overview/UnreadableOverview.js';
import { CompletenessChip, briefOf } from '../components/CompletenessChip.js';
import { NotableCard } from './notable/NotableCard.js';
import { CounterCard } from './overview/CounterCard.js';

// The tokens chart brings recharts (about half the renderer's code): its own chunk, so the overview paints first.
const Models = lazy(() => import('./OverviewModels.js').then((m) => ({ default: m.OverviewModels })));

const isPending = (s: FollowUpStatus | undefined): boolean => s?.state === 'pending';

export function OverviewView(props: { ev: string }) {
  const o = useCall('overview', { evidenceId: props.ev });
  // Asked for only once the overview has arrived: the report reads whole tables (seconds on a million events) and
  // would otherwise hold up the overview's own answer, which is what the first view waits for.
  const integrity = useCall('integrity.report', o.value || o.error ? { evidenceId: props.ev } : undefined);
  const verdict = useVerdict(props.ev);
  // The report's findings follow the verdict: once the bodies are verified the service folds them in, so ask again.
  const bodiesDone = verdict?.bodies.state === 'done';
  const reloadReport = integrity.reload;
  useEffect(() => {
    if (bodiesDone) reloadReport();
  }, [bodiesDone, reloadReport]);
  const followUp = o.value?.followUp;
  const { reload } = o;
  // Large ledgers show the overview before quick_check, the archive hash and the whole-table scans are done: each
  // says when it is in (overview.changed) and the overview is asked again then, so the results replace the
  // placeholders without the user doing anything. A reload while an ask is on its way replaces that ask, whose
  // answer could predate the change.
  useEvidenceEvent('overview.changed', props.ev, reload);
  const unreadable = useApp().evidence.find((e) => e.id === props.ev);
  if (unreadable?.unreadable) return <UnreadableOverview summary={{ ...unreadable, unreadable: unreadable.unreadable }} />;
  if (o.error) return <ErrorNote error={o.error} />;
  if (!o.value) return <p className="hint">Loading overview…</p>;
  const v = o.value;
  const scanning = isPending(followUp?.scans);
  return (
    <div className="overview">
      <Identity v={v} />
      <p className="ov-story">
        <a href={href({ view: 'transcript', ev: props.ev, trace: null })}>Read the session as a transcript →</a>{' '}
        <a href={href({ view: 'graph', ev: props.ev, trace: null })}>or pick a trace</a>
      </p>
      <NotableCard ev={props.ev} />
      <div className="ov-grid">
        <section className="card">
          <h3>Integrity</h3>
          {integrity.error && <ErrorNote error={integrity.error} />}
          {!integrity.value && !integrity.error && <p className="muted">Checking…</p>}
          {integrity.value && (
            <>
              <p>
                <VerdictBadge ev={props.ev} verdict={verdict} progress />{' '}
                {(['error', 'warning', 'note'] as const).map((s) => {
                  const n = integrity.value!.findings.filter((f) => f.severity === s).length;
                  return (
                    <span key={s} className={`sev ${s}`}>
                      {n} {s}
                      {n === 1 ? '' : 's'}
                    </span>
                  );
                })}
              </p>
              <p className="muted verdict-meaning" data-testid="verdict-meaning">
                {verdictMeaning(verdict)}
              </p>
              <p className="completeness-line">
                <span className="muted">Completeness</span> <CompletenessChip c={briefOf(integrity.value.completeness)} />{' '}
                {integrity.value.completeness.gaps.length > 0 && (
                  <span className="muted">{integrity.value.completeness.gaps.map((g) => g.kind).join(' · ')}</span>
                )}
              </p>
              <ul className="findings-mini">
                {integrity.value.findings.slice(0, 4).map((f, i) => (
                  <li key={i} className={f.severity}>
                    {f.message}
                  </li>
                ))}
              </ul>
              <a href={href({ view: 'integrity', ev: props.ev })}>Open the integrity report →</a>
            </>
          )}
        </section>
        <section className="card">
          <h3>Decisions</h3>
          {scanning ? (
            <p className="muted">Counting decisions (a whole-table scan that follows the first view)…</p>
          ) : v.decisions.length === 0 ? (
            <p className="muted">No decisions recorded.</p>
          ) : (
            <table className="mini">
              <tbody>
                {v.decisions.map((d) => (
                  <tr key={`${d.source}/${d.decision}`}>
                    <td>{visibleText(d.source)}</td>
                    <td
                      className={d.decision === 'denied' || d.decision === 'block' ? 'denied' : d.decision === 'allowed' ? 'allowed' : ''}
                    >
                      {d.decision}
                    </td>
                    <td className="num">{countLabel(d.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <OverviewTraces ev={props.ev} />
        <section className="card wide">
          <h3>Models and providers</h3>
          {scanning ? (
            <p className="muted">Summing model calls (a whole-table scan that follows the first view)…</p>
          ) : (
            <Suspense fallback={<p className="muted">Drawing the chart…</p>}>
              <Models v={v} />
            </Suspense>
          )}
        </section>
        <section className="card">
          <h3>Rows per table</h3>
          <table className="mini">
            <tbody>
              {v.rowCounts.map((r) => (
                <tr key={r.table}>
                  <td>
                    <a href={href({ view: 'tables', ev: props.ev, table: r.table, sort: null, filters: [] })}>{visibleText(r.table)}</a>
                    <WalOnlyTableIf table={r.table} />
                  </td>
                  <td className="num">{countLabel(r.rows)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {integrity.value && <CounterCard ev={props.ev} counters={integrity.value.completeness.counters} />}
      </div>
    </div>
  );
}

function Identity({ v }: { v: Overview }) {
  const { time } = useApp();
  // session.db's hashes are null until its copy proof is done (large ledgers prove the copy after the first view).
  const hashes = [...(v.hashes.db ? [v.hashes.db] : []), ...(v.hashes.archive ? [v.hashes.archive] : []), ...v.hashes.others];
  return (
    <section className="card identity">
      <div className="id-grid">
        <div>
          <div className="label">Session id</div>
          <div className="value mono">{visibleText(v.evidence.sessionId)}</div>
        </div>
        <div>
          <div className="label">Display name</div>
          <div className="value">
            {v.evidence.displayName !== null ? visibleText(v.evidence.displayName) : <span className="muted">none recorded</span>}
          </div>
        </div>
        <div>
          <div className="label">Generation</div>
          <div className="value">{v.generationLabel}</div>
        </div>
        <div>
          <div className="label">Time span {time === 'utc' ? '(UTC)' : '(local)'}</div>
          <div className="value mono">
            {v.timeSpan ? `${formatCell(v.timeSpan.first, 'timestamp', time)} → ${formatCell(v.timeSpan.last, 'timestamp', time)}` : '—'}
          </div>
          <div
            className="muted small"
            data-testid="time-span-coverage"
            title={[...v.timeSpanCoverage.tables, ...v.timeSpanCoverage.skipped].map(visibleText).join('\n')}
          >
            from {v.timeSpanCoverage.tables.length} table{v.timeSpanCoverage.tables.length === 1 ? '' : 's'}
            {v.timeSpanCoverage.skipped.length > 0 && `; not covered: ${v.timeSpanCoverage.skipped.map(visibleText).join(', ')}`}
          </div>
        </div>
      </div>
      {v.followUp && <FollowUpStrip f={v.followUp} />}
      <table className="hashes">
        <thead>
          <tr>
            <th>evidence file</th>
            <th>size</th>
            <th>SHA-256</th>
            <th>BLAKE3</th>
          </tr>
        </thead>
        <tbody>
          {isPending(v.followUp?.copyProof) && (
            <tr data-testid="db-hash-pending">
              <td>session.db</td>
              <td colSpan={3} className="muted">
                proving the copy (follows the first view)…
              </td>
            </tr>
          )}
          {hashes.map((h) => (
            <tr key={h.name + h.sha256}>
              <td title={visibleText(h.name)}>{visibleText(h.name)}</td>
              <td className="num">{bytesLabel(h.size)}</td>
              <td className="mono hashcell" title={h.sha256}>
                {h.sha256}
              </td>
              <td className="mono hashcell" title={h.blake3}>
                {h.blake3}
              </td>
            </tr>
          ))}
          {isPending(v.followUp?.archiveHash) && (
            <tr>
              <td>session.bodies</td>
              <td colSpan={3} className="muted">
                hashing (follows the first view)…
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {v.notes.length > 0 && (
        <ul className="notes">
          {v.notes.map((n, i) => (
            <li key={i}>
              <span className="code">{n.code}</span> {visibleText(n.message)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const FOLLOW_UP_LABELS: Record<keyof NonNullable<Overview['followUp']>, string> = {
  copyProof: 'copy proof',
  quickCheck: 'page check (quick_check)',
  archiveHash: 'archive hash',
  scans: 'model and decision counts',
};

/** The checks a large ledger's open runs after the first view, each with its state; a failure names its code. */
function FollowUpStrip({ f }: { f: NonNullable<Overview['followUp']> }) {
  return (
    <ul className="follow-up" aria-label="checks after opening">
      {(Object.keys(FOLLOW_UP_LABELS) as (keyof typeof FOLLOW_UP_LABELS)[]).map((k) => {
        const s = f[k];
        return (
          <li key={k} className={`follow-up-${s.state}`} data-part={k} data-state={s.state}>
            {FOLLOW_UP_LABELS[k]}:{' '}
            {s.state === 'failed' ? (
              <>
                <span className="code">{s.code}</span> {visibleText(s.message)}
              </>
            ) : s.state === 'pending' ? (
              'running…'
            ) : (
              s.state
            )}
          </li>
        );
      })}
    </ul>
  );
}
