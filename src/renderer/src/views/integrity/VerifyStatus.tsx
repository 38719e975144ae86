/** The verification's state on the Integrity view: what runs, its progress, its tally and the bodies that failed. */
import type { BodyFailureView, JobProgress, VerifySummary } from '../../../../shared/contract.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { bytesLabel, countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { groupFailures } from '../../../../shared/failure-groups.js';

export type JobState =
  | { phase: 'idle' }
  | { phase: 'running'; jobId: string; progress: JobProgress | null }
  | { phase: 'done'; summary: VerifySummary; jobId?: string }
  | { phase: 'failed'; error: { code: string; message: string }; jobId?: string };

export function VerifyStatus({ job, ev }: { job: JobState; ev: string }) {
  switch (job.phase) {
    case 'idle':
      return <p className="muted">Every body is read back through its segment and body hashes as the ledger opens, on worker threads.</p>;
    case 'running': {
      const p = job.progress;
      const frac = p && p.itemsTotal > 0 ? p.itemsDone / p.itemsTotal : 0;
      // Until the plan is in, its total reads 0: say "checking…" rather than "0 / 0 bodies".
      return (
        <div className="verify" data-state="running" data-job={job.jobId}>
          <progress max={1} value={frac} aria-label="verification progress" />
          <span>
            {p && p.itemsTotal > 0
              ? `${countLabel(p.itemsDone)} / ${countLabel(p.itemsTotal)} bodies · ${bytesLabel(p.bytesDone)} of ${bytesLabel(p.bytesTotal)}`
              : 'checking…'}
          </span>
        </div>
      );
    }
    case 'failed':
      return (
        <div className="verify" data-state={job.error.code === 'CANCELLED' ? 'cancelled' : 'failed'} data-job={job.jobId}>
          <ErrorNote error={job.error} />
        </div>
      );
    case 'done':
      return (
        <div className="verify" data-state="done" data-job={job.jobId}>
          <p>
            <strong className={job.summary.failed + job.summary.unreadable > 0 ? 'bad' : 'good'}>
              {countLabel(job.summary.verified)} of {countLabel(job.summary.total)} bodies verified
            </strong>
            {job.summary.failed > 0 && `, ${countLabel(job.summary.failed)} failed`}
            {job.summary.unreadable > 0 && `, ${countLabel(job.summary.unreadable)} unreadable`}
          </p>
          {job.summary.failures.length > 0 && (
            <FailureList failures={job.summary.failures} failedTotal={job.summary.failed + job.summary.unreadable} ev={ev} />
          )}
        </div>
      );
  }
}

/** The most body links drawn; the tally above counts them all. */
const SHOWN_FAILURES = 500;

function FailureList(props: { failures: readonly BodyFailureView[]; failedTotal: number; ev: string }) {
  const { failures, ev } = props;
  const listed = Math.min(failures.length, SHOWN_FAILURES);
  const groups = groupFailures(failures.slice(0, SHOWN_FAILURES));
  return (
    <>
      <table className="mini failures">
        <thead>
          <tr>
            <th>bodies</th>
            <th>code</th>
            <th>why</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g, i) => (
            <tr key={i} data-failure-count={g.bodies.length}>
              <td>
                <ul className="failure-bodies">
                  {g.bodies.map((f, j) => (
                    <li key={j}>
                      <a
                        href={href({
                          view: 'event',
                          ev,
                          eventId: f.eventId,
                          body: { sourceTable: f.sourceTable, direction: f.direction },
                          mode: 'hex',
                        })}
                      >
                        {f.eventId}
                      </a>{' '}
                      <span className="muted">
                        {f.sourceTable}/{f.direction}
                      </span>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="code">{g.code}</td>
              <td>
                {g.bodies.length > 1 && <strong>{countLabel(g.bodies.length)} bodies, one cause: </strong>}
                {visibleText(g.cause ?? g.bodies[0]!.message)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {listed < props.failedTotal && (
        <p className="muted" data-failures-listed={listed}>
          The first {countLabel(listed)} of {countLabel(props.failedTotal)} failed bodies are listed.
        </p>
      )}
    </>
  );
}
