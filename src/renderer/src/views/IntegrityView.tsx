/**
 * The check report as findings by severity, each linked to its rows; the verification the open started (or "Verify
 * all bodies" again) with progress and cancel, and the one verdict every view shows. In serve mode, "Export WARC".
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { IntegrityFinding, IntegrityReportView, JobEvent } from '../../../shared/contract.js';
import { isJobEvent } from '../../../shared/contract.js';
import { client } from '../api/client.js';
import { useCall } from '../api/use-call.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { bytesLabel, countLabel } from '../components/format.js';
import { plural } from '../../../shared/plural.js';
import { visibleText } from '../components/visible-text.js';
import { VerdictBadge } from '../components/VerdictBadge.js';
import { refreshVerdict, useVerdict } from '../api/use-verdict.js';
import { FindingItem } from './integrity/FindingItem.js';
import { SecretsSection } from './integrity/SecretsSection.js';
import { CompletenessCard } from './integrity/CompletenessCard.js';
import type { JobState } from './integrity/VerifyStatus.js';
import { VerifyStatus } from './integrity/VerifyStatus.js';
import { ExportWarcButton, useWarcExport, WarcExportStatus } from './integrity/ExportWarc.js';
import { LinkedText } from '../links/LinkedText.js';

const SEVERITIES = ['error', 'warning', 'note'] as const;
/** Within the workers' 30 s idle time (src/main/core/workers/prestarted-workers.ts). */
const PREPARE_AGAIN_MS = 20_000;

export function IntegrityView(props: { ev: string }) {
  const { ev } = props;
  const rep = useCall('integrity.report', { evidenceId: ev });
  // The ledger's table names: a word in a finding's text is a table link only when this ledger has that table.
  const tableList = useCall('tables.list', { evidenceId: ev });
  const tables = useMemo(() => new Set((tableList.value ?? []).map((t) => t.name)), [tableList.value]);
  const { reload } = rep;
  const [job, setJob] = useState<JobState>({ phase: 'idle' });
  const warc = useWarcExport(ev);
  // The findings the credentials search added (asked for by a click); kept apart, so a report fetched again after a
  // verification still shows them.
  const [secretFindings, setSecretFindings] = useState<readonly IntegrityFinding[] | null>(null);
  const jobRef = useRef<string | null>(null);
  // Events can arrive before jobs.verify.start answers (a small job may even finish first): keep the latest per job.
  const seen = useRef(new Map<string, JobEvent>());
  const apply = (e: JobEvent): void => {
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
        // A body search's matches are the Search view's; verification has none. The verdict has its own hook.
        if (!isJobEvent(e) || e.name === 'job.matches') return;
        const prev = seen.current.get(e.payload.jobId);
        if (!(prev?.name === 'job.done')) seen.current.set(e.payload.jobId, e);
        if (e.payload.jobId === jobRef.current) apply(e);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription for the view's life; apply reads the job through refs
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
    // eslint-disable-next-line no-restricted-syntax -- a keep-alive, not a wait: the warmed workers outlive their idle time
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
  // Page damage stops the report where Capsem's check stops: nothing past the pages was read, so no count is shown
  // (a zero would read as measured) and nothing is offered that reads bodies, whose index is in the damaged file.
  const pagesDamaged = r !== null && !r.pages.ok;
  return (
    <div className="integrity">
      <section className="card">
        <div className="toolbar">
          <h2>Integrity report</h2>
          <VerdictBadge ev={ev} verdict={verdict} progress />
          <span className="spacer" />
          {/* Two buttons, not one whose label flips: when the open's verification starts under a pointer that is
              pressing "Verify all bodies", React would otherwise turn that very element into "Cancel verification"
              and the click would cancel. Keyed apart, the press and the release land on different elements. */}
          {pagesDamaged ? null : shown.phase === 'running' ? (
            <button key="cancel" type="button" className="danger" onClick={cancel}>
              Cancel verification
            </button>
          ) : (
            // Once every body was verified, verifying again is no longer the thing to do next: not the primary button.
            <button key="verify" type="button" className={shown.phase === 'done' ? undefined : 'primary'} onClick={() => void start()}>
              Verify all bodies
            </button>
          )}
          {client.kind === 'http' && !pagesDamaged && <ExportWarcButton {...warc} />}
        </div>
        <VerifyStatus job={shown} ev={ev} />
        <WarcExportStatus state={warc.state} />
        {!r && <p className="muted">Building the report…</p>}
        {pagesDamaged && (
          <p className="facts" data-testid="stopped-at-pages">
            pages damaged: nothing past the pages was read (the check stops there, as Capsem&apos;s does)
          </p>
        )}
        {r && !pagesDamaged && (
          <div className="facts">
            <span>pages {r.pages.ok ? 'intact' : 'damaged'}</span>
            <span>
              {plural(r.archive.bodies, 'body', 'bodies')} in {plural(r.archive.blocks, 'block')}
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
              {plural(r.tools.calls, 'tool call')} · {countLabel(r.tools.orphanCalls)} orphaned ·{' '}
              {plural(r.tools.orphanResponses, 'response without a call', 'responses without a call')}
            </span>
            <span>
              {plural(r.overflow.windows, 'overflow window')} · {plural(r.overflow.heldBack, 'change')} held back
            </span>
            <span>
              {plural(r.providers.modelCalls, 'model call')} · {plural(r.providers.aiNetEvents, 'AI-provider request')}
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
                <FindingItem key={i} f={f} ev={ev} tables={tables} />
              ))}
            </section>
          );
        })}
      {r && !pagesDamaged && <CompletenessCard c={r.completeness} ev={ev} tables={tables} />}
      {r && !pagesDamaged && (
        <SecretsSection ev={ev} onReport={(report) => setSecretFindings(report.findings.filter((f) => isCredentialFinding(f)))} />
      )}
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
