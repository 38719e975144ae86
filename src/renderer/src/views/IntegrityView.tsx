/**
 * The check report as findings by severity, each linked to its rows; the verification the open started (or "Verify
 * all bodies" again) with progress and cancel, and the one verdict every view shows.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type {
  BodyFailureView,
  FindingLink,
  InspectorEvent,
  IntegrityFinding,
  IntegrityReportView,
  JobProgress,
  VerifySummary,
} from '../../../shared/contract.js';
import { client } from '../api/client.js';
import { useCall } from '../api/use-call.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { bytesLabel, countLabel } from '../components/format.js';
import type { Route } from '../router.js';
import { href } from '../router.js';
import { visibleText } from '../components/visible-text.js';
import { VerdictBadge } from '../components/VerdictBadge.js';
import { refreshVerdict, useVerdict } from '../api/use-verdict.js';
import { SecretsSection } from './integrity/SecretsSection.js';
import { LinkedText } from '../links/LinkedText.js';

const SEVERITIES = ['error', 'warning', 'note'] as const;
/** Within the workers' 30 s idle time (src/main/core/workers/prestarted-workers.ts). */
const PREPARE_AGAIN_MS = 20_000;

function linkRoute(ev: string, link: FindingLink): Route | null {
  switch (link.kind) {
    case 'table':
      return { view: 'tables', ev, table: link.table, sort: null, filters: link.filters };
    case 'canned':
      return { view: 'sql', ev, canned: link.queryId };
    case 'failures':
      return null;
  }
}

type JobState =
  | { phase: 'idle' }
  | { phase: 'running'; jobId: string; progress: JobProgress | null }
  | { phase: 'done'; summary: VerifySummary; jobId?: string }
  | { phase: 'failed'; error: { code: string; message: string }; jobId?: string };

export function IntegrityView(props: { ev: string }) {
  const { ev } = props;
  const rep = useCall('integrity.report', { evidenceId: ev });
  // The ledger's table names: a word in a finding's text is a table link only when this ledger has that table.
  const tableList = useCall('tables.list', { evidenceId: ev });
  const tables = useMemo(() => new Set((tableList.value ?? []).map((t) => t.name)), [tableList.value]);
  const { reload } = rep;
  const [job, setJob] = useState<JobState>({ phase: 'idle' });
  // The findings the credentials search added (asked for by a click); kept apart, so a report fetched again after a
  // verification still shows them.
  const [secretFindings, setSecretFindings] = useState<readonly IntegrityFinding[] | null>(null);
  const jobRef = useRef<string | null>(null);
  // Events can arrive before jobs.verify.start answers (a small job may even finish first): keep the latest per job.
  const seen = useRef(new Map<string, InspectorEvent>());
  const apply = (e: InspectorEvent): void => {
    if (e.name === 'job.matches') return;
    if (e.name === 'job.progress') setJob({ phase: 'running', jobId: e.payload.jobId, progress: e.payload });
    else {
      jobRef.current = null;
      const o = e.payload.outcome;
      const jobId = e.payload.jobId;
      setJob(o.ok ? { phase: 'done', summary: o.value, jobId } : { phase: 'failed', error: o.error, jobId });
      // The service folds a finished verification into the report: fetch it again so the archive section and
      // the findings show the result (no stale "bodies unverified" note). reload is stable across renders.
      if (o.ok) reload();
    }
  };
  useEffect(
    () =>
      client.onEvent((e) => {
        // A body search's matches are the Search view's; verification has none.
        if (e.name === 'job.matches') return;
        const prev = seen.current.get(e.payload.jobId);
        if (!(prev?.name === 'job.done')) seen.current.set(e.payload.jobId, e);
        if (e.payload.jobId === jobRef.current) apply(e);
      }),
    [],
  );
  // Once the report is on screen, and its Verify button with it, the verification's worker threads start loading, so
  // that the click finds them ready (their start is ~10% of a 1 GiB verification). After the report, not with it: on
  // 2 cores their start would compete with the report's own work. Asked again while the view waits for a first
  // click, which keeps them from ending after their 30 s idle time; once a job ran, no more.
  const verdict = useVerdict(ev);
  const bodies = verdict?.bodies ?? null;
  // The verification the open started folds into the report when it ends: fetch the report again then.
  // Keyed by job: a verification started elsewhere (File ▸ Verify All Bodies, another tab) reloads it as well.
  const bodiesDone = bodies?.state === 'done' ? (bodies.jobId ?? 'done') : null;
  useEffect(() => {
    if (bodiesDone) reload();
  }, [bodiesDone, reload]);
  // The session's latest verification, wherever it was started: once it is another job than this view's own,
  // the view follows it (as it follows the open's) instead of keeping its own older result.
  const latestJob = bodies && 'jobId' in bodies ? (bodies.jobId ?? null) : null;
  const ownJob = useRef<string | null>(null);
  useEffect(() => {
    if (latestJob === null || ownJob.current === null || latestJob === ownJob.current) return;
    ownJob.current = null;
    jobRef.current = null;
    setJob({ phase: 'idle' });
  }, [latestJob]);
  const reportShown = rep.value !== null && rep.value !== undefined;
  // Only when a click is likely: the open's own verification was cancelled or could not finish.
  const awaitingFirstJob = job.phase === 'idle' && (bodies?.state === 'cancelled' || bodies?.state === 'failed');
  useEffect(() => {
    if (!reportShown || !awaitingFirstJob) return;
    const prepare = (): void => void client.call('jobs.verify.prepare', { evidenceId: ev });
    prepare();
    const again = setInterval(prepare, PREPARE_AGAIN_MS);
    return () => clearInterval(again);
  }, [reportShown, awaitingFirstJob, ev]);
  const start = async (): Promise<void> => {
    const r = await client.call('jobs.verify.start', { evidenceId: ev });
    if (!r.ok) return setJob({ phase: 'failed', error: r.error });
    jobRef.current = r.value.jobId;
    ownJob.current = r.value.jobId;
    refreshVerdict(ev);
    const early = seen.current.get(r.value.jobId);
    if (early) apply(early);
    else setJob({ phase: 'running', jobId: r.value.jobId, progress: null });
  };
  // The open's verification shows here as if started from this view, until this view starts one of its own.
  const report = rep.value;
  const shown: JobState =
    job.phase !== 'idle'
      ? job
      : bodies?.state === 'running'
        ? { phase: 'running', jobId: bodies.jobId, progress: { ...bodies, kind: 'verify', evidenceId: ev } }
        : bodies?.state === 'cancelled'
          ? {
              phase: 'failed',
              error: { code: 'CANCELLED', message: 'verification was cancelled: the bodies are not verified' },
              ...(bodies.jobId ? { jobId: bodies.jobId } : {}),
            }
          : bodies?.state === 'failed'
            ? { phase: 'failed', error: { code: bodies.code, message: bodies.message }, ...(bodies.jobId ? { jobId: bodies.jobId } : {}) }
            : bodies?.state === 'done'
              ? {
                  phase: 'done',
                  summary: {
                    total: bodies.total,
                    verified: bodies.verified,
                    failed: bodies.failed,
                    unreadable: bodies.unreadable,
                    failures: report?.archive.failures ?? [],
                  },
                  ...(bodies.jobId ? { jobId: bodies.jobId } : {}),
                }
              : job;
  const cancel = (): void => {
    if (shown.phase === 'running') void client.call('jobs.cancel', { jobId: shown.jobId }).then(() => refreshVerdict(ev));
  };

  if (rep.error) return <ErrorNote error={rep.error} />;
  const r = withFindings(rep.value, secretFindings);
  return (
    <div className="integrity">
      <section className="card">
        <div className="toolbar">
          <h2>Integrity report</h2>
          <VerdictBadge ev={ev} verdict={verdict} progress />
          <span className="spacer" />
          {shown.phase === 'running' ? (
            <button type="button" className="danger" onClick={cancel}>
              Cancel verification
            </button>
          ) : (
            <button type="button" className="primary" onClick={() => void start()}>
              Verify all bodies
            </button>
          )}
        </div>
        <VerifyStatus job={shown} ev={ev} />
        {!r && <p className="muted">Building the report…</p>}
        {r && (
          <div className="facts">
            <span>pages {r.pages.ok ? 'intact' : 'damaged'}</span>
            <span>
              {countLabel(r.archive.bodies)} bodies in {countLabel(r.archive.blocks)} blocks
            </span>
            {r.archive.archiveBytes !== null && <span>archive {bytesLabel(r.archive.archiveBytes)}</span>}
            {r.archive.verified !== null && (
              <span
                className="archive-verified"
                data-verified={r.archive.verified}
                data-failed={r.archive.failed ?? 0}
                data-unreadable={r.archive.unreadable ?? 0}
              >
                {countLabel(r.archive.verified)} verified · {countLabel(r.archive.failed ?? 0)} failed ·{' '}
                {countLabel(r.archive.unreadable ?? 0)} unreadable
              </span>
            )}
            <span>
              {countLabel(r.tools.calls)} tool calls · {r.tools.orphanCalls} orphaned · {r.tools.orphanResponses} responses without call
            </span>
            <span>
              {r.overflow.windows} overflow windows · {countLabel(r.overflow.heldBack)} changes held back
            </span>
            <span>
              {countLabel(r.providers.modelCalls)} model calls · {countLabel(r.providers.aiNetEvents)} AI-provider requests
            </span>
          </div>
        )}
      </section>
      {r &&
        SEVERITIES.map((sev) => {
          const list = r.findings.filter((f) => f.severity === sev);
          if (list.length === 0) return null;
          return (
            <section key={sev} className={`card findings ${sev}`} aria-label={`${sev} findings`}>
              <h3>
                {list.length} {sev}
                {list.length === 1 ? '' : 's'}
              </h3>
              {list.map((f, i) => (
                <Finding key={i} f={f} ev={ev} tables={tables} />
              ))}
            </section>
          );
        })}
      {r && <SecretsSection ev={ev} onReport={(report) => setSecretFindings(report.findings.filter((f) => isCredentialFinding(f)))} />}
      {r && r.archive.problems.length > 0 && (
        <section className="card">
          <h3>Archive problems</h3>
          <ul>
            {r.archive.problems.map((p, i) => (
              <li key={i}>
                <LinkedText ev={ev} text={p} tables={tables} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {r && r.help.length > 0 && (
        <details className="card help">
          <summary>Where this report differs from Capsem&apos;s check_session</summary>
          <ul>
            {r.help.map((h, i) => (
              <li key={i}>{visibleText(h)}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

const isCredentialFinding = (f: IntegrityFinding): boolean => f.code.startsWith('CREDENTIALS_');

/** The report with the credentials search's findings first (they replace any the report had). */
function withFindings(r: IntegrityReportView | null, extra: readonly IntegrityFinding[] | null): IntegrityReportView | null {
  if (!r || !extra) return r;
  return { ...r, findings: [...extra, ...r.findings.filter((f) => !isCredentialFinding(f))] };
}

function Finding({ f, ev, tables }: { f: IntegrityFinding; ev: string; tables: ReadonlySet<string> }) {
  const route = f.link ? linkRoute(ev, f.link) : null;
  return (
    <div className="finding">
      <div>
        <span className="code">{f.code}</span> <LinkedText ev={ev} text={f.message} tables={tables} />
        {route && (
          <>
            {' '}
            <a href={href(route)}>show rows →</a>
          </>
        )}
        {f.link?.kind === 'failures' && <span className="muted"> (the failing bodies are listed above)</span>}
      </div>
      {(f.causes.length > 0 || f.evidence.length > 0) && (
        <details>
          <summary>likely causes and evidence</summary>
          <ul>
            {f.causes.map((c, i) => (
              <li key={`c${i}`}>{visibleText(c)}</li>
            ))}
            {f.evidence.map((c, i) => (
              <li key={`e${i}`} className="mono">
                <LinkedText ev={ev} text={c} tables={tables} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function VerifyStatus({ job, ev }: { job: JobState; ev: string }) {
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
          {job.summary.failures.length > 0 && <FailureList failures={job.summary.failures} ev={ev} />}
        </div>
      );
  }
}

function FailureList({ failures, ev }: { failures: readonly BodyFailureView[]; ev: string }) {
  return (
    <table className="mini failures">
      <thead>
        <tr>
          <th>event</th>
          <th>body</th>
          <th>code</th>
          <th>why</th>
        </tr>
      </thead>
      <tbody>
        {failures.slice(0, 500).map((f, i) => (
          <tr key={i}>
            <td>
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
              </a>
            </td>
            <td>
              {f.sourceTable}/{f.direction}
            </td>
            <td className="code">{f.code}</td>
            <td>{visibleText(f.message)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
