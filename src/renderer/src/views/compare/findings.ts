/** Integrity findings of each side as comparable rows: the verdict, then how many findings of each code. */
import type { CompareRow } from '../../../../shared/contract/library.js';
import { alignRows } from '../../../../shared/contract/library.js';
import type { IntegrityReportView, VerdictView } from '../../../../shared/contract.js';
import { VERDICT_LABELS } from '../../components/VerdictBadge.js';
import type { ShownSection } from './CompareTable.js';

const SEVERITY_ORDER = { error: 0, warning: 1, note: 2 } as const;

/**
 * The verdict row is the combined verdict (integrity.verdict: pages, copy proof, report and every body), the one
 * the header and the overview show, not the report's own, which knows nothing of the bodies.
 */
export function findingCounts(r: IntegrityReportView, verdict: VerdictView | null): Map<string, string> {
  const counts = new Map<string, number>();
  // The report may have been built before the verification ended: once the verdict has every body's answer, the
  // report's "bodies not verified" is stale and would sit beside INTACT; the bodies row says what was proven.
  const verified = verdict?.bodies.state === 'done';
  const findings = r.findings.filter((f) => !(verified && f.code === 'BODIES_UNVERIFIED'));
  const sorted = findings.sort((x, y) => SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] || x.code.localeCompare(y.code));
  for (const f of sorted) counts.set(`${f.severity} · ${f.code}`, (counts.get(`${f.severity} · ${f.code}`) ?? 0) + 1);
  return new Map([
    ['verdict', verdict ? VERDICT_LABELS[verdict.verdict] : 'checking'],
    ['bodies', bodiesText(verdict)],
    ...[...counts].map(([k, n]) => [k, String(n)] as [string, string]),
  ]);
}

/** What the verification proved of the bodies, in a few words. */
function bodiesText(verdict: VerdictView | null): string {
  const b = verdict?.bodies;
  if (!b || b.state === 'waiting' || b.state === 'running') return 'checking';
  if (b.state === 'cancelled') return 'not verified (cancelled)';
  if (b.state === 'failed') return `not verified (${b.code})`;
  const failed = b.failed + b.unreadable;
  return `${b.verified.toLocaleString('en-US')} of ${b.total.toLocaleString('en-US')} verified${failed > 0 ? ` · ${failed.toLocaleString('en-US')} failed` : ''}`;
}

/**
 * Whether either side's findings may still change: its verdict not in, still "checking", or its bodies still being
 * verified (a verdict reads DAMAGED from the first failure while the rest of the bodies are read).
 */
export function stillChecking(...sides: (SideReport | null)[]): boolean {
  return sides.some(
    (s) =>
      s === null ||
      ('verdict' in s &&
        (s.verdict === null ||
          s.verdict.verdict === 'checking' ||
          s.verdict.bodies.state === 'waiting' ||
          s.verdict.bodies.state === 'running')),
  );
}

/** What each code said, for a tooltip: the first message of that code on either side. */
export function findingMessages(...reports: (IntegrityReportView | null)[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of reports)
    for (const f of r?.findings ?? []) if (!m.has(`${f.severity} · ${f.code}`)) m.set(`${f.severity} · ${f.code}`, f.message);
  return m;
}

export type SideReport = { readonly report: IntegrityReportView; readonly verdict: VerdictView | null } | { readonly why: string };

export function findingsSection(a: SideReport, b: SideReport): ShownSection {
  const rows: CompareRow[] = alignRows(
    'report' in a ? findingCounts(a.report, a.verdict) : null,
    'report' in b ? findingCounts(b.report, b.verdict) : null,
    '0',
  );
  return {
    title: 'Findings (integrity report)',
    rows,
    unknownA: 'why' in a ? a.why : null,
    unknownB: 'why' in b ? b.why : null,
    truncated: false,
  };
}
