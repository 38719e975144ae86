/**
 * Two sessions side by side. The route carries both sides (`#/compare?a=…&b=…`), so a comparison has a link.
 * The core lines up counters, tables, models, tools and domains; findings come from each side's integrity report.
 */
import { useEffect, useState } from 'react';
import type { CompareSideInfo, CompareView as CompareData } from '../../../../shared/contract/library.js';
import { parseCompareRef } from '../../../../shared/contract/library.js';
import { useCall } from '../../api/use-call.js';
import { useVerdict } from '../../api/use-verdict.js';
import { useApp } from '../../app-context.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { formatCell } from '../../components/format.js';
import { href } from '../../router.js';
import { ComparePicker } from './ComparePicker.js';
import { CompareTable } from './CompareTable.js';
import type { SideReport } from './findings.js';
import { findingMessages, findingsSection, stillChecking } from './findings.js';
import './compare.css';
import { visibleText } from '../../components/visible-text.js';
import { VerdictBadge } from '../../components/VerdictBadge.js';
import { shortHash } from '../../components/copy-label.js';

export function CompareView(props: { a: string | null; b: string | null }) {
  const a = parseCompareRef(props.a);
  const b = parseCompareRef(props.b);
  const v = useCall('library.compare', a && b ? { a, b } : undefined);
  if (!a || !b) return <ComparePicker a={props.a} b={props.b} />;
  if (v.error) {
    return (
      <>
        <ErrorNote error={v.error} />
        <ComparePicker a={props.a} b={props.b} />
      </>
    );
  }
  if (!v.value) return <p className="hint">Comparing…</p>;
  return <Comparison data={v.value} />;
}

function useSideReport(side: CompareSideInfo): SideReport | null {
  const r = useCall('integrity.report', side.evidenceId ? { evidenceId: side.evidenceId } : undefined);
  const verdict = useVerdict(side.evidenceId ?? null);
  if (!side.evidenceId) return { why: 'no session ledger is open for this side, so it has no integrity report' };
  if (r.error) return { why: `its integrity report failed: ${r.error.code}: ${r.error.message}` };
  return r.value ? { report: r.value, verdict } : null;
}

/** A hash as far as a reader compares it by eye (the whole one in its title); none while not taken, or not takeable. */

function SideCard({ label, side }: { label: 'A' | 'B'; side: CompareSideInfo }) {
  const { time } = useApp();
  const verdict = useVerdict(side.evidenceId);
  const when = (ms: number | null): string => (ms === null ? '—' : formatCell(ms, 'unix_ms', time));
  return (
    <section className="card cmp-side" data-testid={`side-${label}`}>
      <div className="cmp-side-head">
        <span className="cmp-letter">{label}</span>
        <span className="mono">{visibleText(side.sessionId)}</span>
        {side.status && <span className={`badge ${side.status === 'stopped' ? '' : 'warn'}`}>{visibleText(side.status)}</span>}
        <span className="badge">{side.ref.kind === 'library' ? 'library session' : 'opened ledger'}</span>
        {side.evidenceId && <VerdictBadge ev={side.evidenceId} verdict={verdict} />}
      </div>
      {side.copy && (
        <div className="muted cmp-side-copy" data-testid={`copy-${label}`}>
          from <span className="mono">{visibleText(side.copy.where)}</span> · session.db SHA-256{' '}
          <span className="mono" title={side.copy.dbSha256 ?? undefined}>
            {shortHash(side.copy.dbSha256)}
          </span>
          {' · '}session.bodies SHA-256{' '}
          <span className="mono" title={side.copy.archiveSha256 ?? undefined}>
            {shortHash(side.copy.archiveSha256)}
          </span>
        </div>
      )}
      <div className="muted cmp-side-facts">
        {side.createdMs !== null && (
          <>
            created <span className="mono">{when(side.createdMs)}</span> · stopped <span className="mono">{when(side.stoppedMs)}</span>{' '}
            ·{' '}
          </>
        )}
        counters from{' '}
        {side.countersFrom === 'host-ledger'
          ? 'the host ledger (final snapshot)'
          : side.countersFrom === 'session-ledger'
            ? 'the session ledger (ledger_counters)'
            : 'nowhere (none recorded)'}
        {side.evidenceId && (
          <>
            {' '}
            · <a href={href({ view: 'overview', ev: side.evidenceId })}>open its ledger →</a>
          </>
        )}
      </div>
      {side.notes.length > 0 && (
        <ul className="notes">
          {side.notes.map((n, i) => (
            <li key={i}>{visibleText(n)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Comparison({ data }: { data: CompareData }) {
  const [onlyDiffs, setOnlyDiffs] = useState(false);
  const { refreshEvidence } = useApp();
  // A library side still on disk was opened by the comparison: the app's list of open ledgers should show it.
  useEffect(refreshEvidence, [refreshEvidence, data]);
  const ra = useSideReport(data.a);
  const rb = useSideReport(data.b);
  // Every section counts, the findings too: an intact and a damaged copy of one session differ only there.
  const findings = ra && rb ? findingsSection(ra, rb) : null;
  const total = [...data.sections, ...(findings ? [findings] : [])].reduce((n, s) => n + s.rows.filter((r) => r.differs).length, 0);
  const checking = stillChecking(ra, rb);
  return (
    <div className="compare" data-testid="compare">
      <div className="cmp-sides">
        <SideCard label="A" side={data.a} />
        <SideCard label="B" side={data.b} />
      </div>
      <div className="cmp-toolbar">
        <span data-testid="cmp-total" data-checking={checking ? 'yes' : 'no'}>
          <strong>{total}</strong> differing {total === 1 ? 'value' : 'values'}
          {checking && <span className="muted"> · findings still being checked</span>}
        </span>
        <label>
          <input type="checkbox" checked={onlyDiffs} onChange={(e) => setOnlyDiffs(e.target.checked)} /> only differences
        </label>
        <span className="spacer" />
        <a href={href({ view: 'compare', a: null, b: null })}>choose other sessions</a>
      </div>
      <div className="cmp-grid">
        {data.sections.map((s) => (
          <CompareTable key={s.id} section={s} testId={`cmp-${s.id}`} onlyDiffs={onlyDiffs} />
        ))}
        {ra && rb && findings ? (
          <CompareTable
            section={findings}
            testId="cmp-findings"
            onlyDiffs={onlyDiffs}
            titles={findingMessages('report' in ra ? ra.report : null, 'report' in rb ? rb.report : null)}
          />
        ) : (
          <section className="card" data-testid="cmp-findings-pending">
            <h3>Findings (integrity report)</h3>
            <p className="muted">Checking both ledgers…</p>
          </section>
        )}
      </div>
    </div>
  );
}
