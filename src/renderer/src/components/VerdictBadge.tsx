/**
 * The verdict as every view shows it: what has been proven so far, never more (issue 23). "checking" with the
 * bodies' progress until pages, copy proof, report and bodies are done; INTACT only then; DAMAGED from the first
 * failure (while verification goes on naming the rest); "bodies not verified" after a cancel. The header's copy
 * can cancel the running verification.
 */
import type { VerdictView } from '../../../shared/contract.js';
import { client } from '../api/client.js';
import { refreshVerdict } from '../api/use-verdict.js';
import { countLabel } from './format.js';
import { CompletenessChip } from './CompletenessChip.js';

export const VERDICT_LABELS: Readonly<Record<VerdictView['verdict'], string>> = {
  checking: 'checking',
  intact: 'intact',
  damaged: 'damaged',
  unverified: 'bodies not verified',
};

/**
 * What the verdict means, in a sentence a reader sees (not only in a tooltip), and that the warnings and notes
 * listed with it do not change it.
 */
export function verdictMeaning(v: VerdictView | null): string {
  switch (v?.verdict ?? 'checking') {
    case 'intact':
      return 'INTACT: the pages pass quick_check, the copy read is proven to be the evidence, the report has no error and every body matched its BLAKE3 hash. Warnings and notes do not change the verdict; they say what else a reviewer should know.';
    case 'damaged':
      return 'DAMAGED: at least one of the checks failed (the errors say which); warnings and notes do not change the verdict.';
    case 'unverified':
      return 'Bodies not verified: their verification was stopped before every body was read, so nothing is claimed of them.';
    default:
      return 'Checking: the verdict reads INTACT only once the pages, the proof of the copy, the report and every body have passed.';
  }
}

/** What is still running, in a few words (empty when nothing is). */
function progressText(v: VerdictView): string {
  const b = v.bodies;
  // Until the verification's plan is in, its total reads 0: "checking…", never "0 / 0 bodies".
  if (b.state === 'running' && b.itemsTotal === 0) return 'checking bodies…';
  if (b.state === 'running')
    return `${countLabel(b.itemsDone)} / ${countLabel(b.itemsTotal)} bodies${b.failed > 0 ? ` · ${countLabel(b.failed)} failed` : ''}`;
  if (b.state === 'waiting') return 'bodies next';
  const pending = [v.pages === 'pending' && 'pages', v.copyProof === 'pending' && 'copy proof', v.report === 'pending' && 'report'].filter(
    Boolean,
  );
  return pending.length > 0 ? `${pending.join(', ')}…` : '';
}

function fraction(v: VerdictView): number {
  const b = v.bodies;
  return b.state === 'running' && b.itemsTotal > 0 ? b.itemsDone / b.itemsTotal : 0;
}

export function VerdictBadge(props: {
  ev: string;
  verdict: VerdictView | null;
  progress?: boolean;
  cancel?: boolean;
  /** Say completeness beside the verdict (the header, where no other view says it). */
  completeness?: boolean;
}) {
  const v = props.verdict;
  if (!v)
    return (
      <span className="verdict checking" data-verdict="checking" data-testid="verdict">
        checking
      </span>
    );
  const running = v.bodies.state === 'running' ? v.bodies : null;
  const text = props.progress ? progressText(v) : '';
  return (
    <span className="verdict-box" data-testid="verdict-box">
      <span className={`verdict ${v.verdict}`} data-verdict={v.verdict} data-testid="verdict" title={titleOf(v)}>
        {VERDICT_LABELS[v.verdict]}
      </span>
      {props.progress && running && (
        <progress
          className="verdict-progress"
          max={1}
          {...(running.itemsTotal > 0 ? { value: fraction(v) } : {})}
          aria-label="body verification progress"
        />
      )}
      {text && <span className="verdict-detail muted">{text}</span>}
      {props.completeness && v.completeness && <CompletenessChip c={v.completeness} />}
      {v.capsemRefuses && (
        <span className="verdict-caveat" data-testid="verdict-caveat" title={v.capsemRefuses}>
          Capsem&apos;s current build would refuse it
        </span>
      )}
      {props.cancel && running && (
        <button
          type="button"
          className="link-btn"
          onClick={() => void client.call('jobs.cancel', { jobId: running.jobId }).then(() => refreshVerdict(props.ev))}
        >
          cancel
        </button>
      )}
    </span>
  );
}

/** The verdict's grounds, for its tooltip. */
function titleOf(v: VerdictView): string {
  const state = (s: string): string => (s === 'ok' ? 'passed' : s === 'failed' ? 'failed' : 'running');
  const b = v.bodies;
  const bodies =
    b.state === 'done'
      ? `${countLabel(b.verified)} of ${countLabel(b.total)} verified`
      : b.state === 'running'
        ? `${countLabel(b.itemsDone)} of ${countLabel(b.itemsTotal)} read`
        : b.state === 'cancelled'
          ? 'verification cancelled'
          : b.state === 'failed'
            ? `verification did not finish (${b.code})`
            : 'not started yet';
  return `pages (quick_check) ${state(v.pages)} · copy proof ${state(v.copyProof)} · report ${state(v.report)} · bodies ${bodies}`;
}
