/**
 * Egress (issue 40): where this session's network requests went. A line of totals, then one row per destination
 * (domain, port) with its requests, bytes, decisions, traces, turns and first / last seen, each count a link to its
 * net_events rows; a credential sent to a host that is not its provider's stands out. On a click, the secrets scan
 * reads every verified body and flags each destination whose exchanges carried credential-shaped strings. Read from
 * `egress.report`, the report `capsem-inspect egress` prints (`--secrets` for the scan).
 */
import { useMemo, useState } from 'react';
import type { EgressReport } from '../../../../shared/contract.js';
import { useCall } from '../../api/use-call.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { SortableTh } from '../../components/SortableTh.js';
import { bytesLabel, countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { DestinationRow } from './DestinationRow.js';
import type { EgressSort } from './egress-sort.js';
import { sortDestinations } from './egress-sort.js';
import { scanLine, secretsFound } from './secrets-flags.js';
import './egress.css';

const COLUMNS: readonly { readonly by: EgressSort; readonly label: string; readonly num: boolean }[] = [
  { by: 'destination', label: 'destination', num: false },
  { by: 'requests', label: 'requests', num: true },
  { by: 'bytesSent', label: 'sent', num: true },
  { by: 'bytesReceived', label: 'received', num: true },
  { by: 'allowed', label: 'allowed', num: true },
  { by: 'denied', label: 'denied', num: true },
  { by: 'error', label: 'error', num: true },
  { by: 'redirected', label: 'redirected', num: true },
  { by: 'traces', label: 'traces / turns', num: true },
  { by: 'firstSeen', label: 'first / last seen', num: false },
];

function totalsLine(r: EgressReport): string {
  const b = (n: number | null): string => (n === null ? 'not recorded' : bytesLabel(n));
  const foreign = r.destinations.filter((d) => d.credentialElsewhere).length;
  return (
    `${countLabel(r.totals.requests)} requests to ${countLabel(r.destinations.length)} destinations · ` +
    `${b(r.totals.bytesSent)} sent · ${b(r.totals.bytesReceived)} received` +
    (foreign ? ` · ${foreign} with a credential sent to another provider's host` : '')
  );
}

function SecretsScanLine(props: { r: EgressReport; busy: boolean; error: { code: string; message: string } | null; onScan(): void }) {
  const { r, busy } = props;
  const flagged = r.destinations.filter((d) => secretsFound(d) > 0).length;
  return (
    <div className="eg-scan" data-secrets-scan={busy ? 'running' : r.secretsScan ? 'done' : 'none'}>
      <button type="button" onClick={props.onScan} disabled={busy}>
        {busy ? 'Searching every body…' : r.secretsScan ? 'Search again' : 'Search bodies for credentials'}
      </button>{' '}
      {r.secretsScan ? (
        <span className={flagged > 0 ? 'warn' : 'muted'}>{scanLine(r.secretsScan, flagged)}</span>
      ) : (
        <span className="muted">Flags each destination whose exchanges carried credential-shaped strings. Reads every body once.</span>
      )}
      {r.secretsScan && r.secretsScan.bodiesNotSearched > 0 && (
        <span className="bad"> · {countLabel(r.secretsScan.bodiesNotSearched)} bodies failed verification and were not searched</span>
      )}
      {props.error && <ErrorNote error={props.error} />}
      {r.secretsScan?.error && <ErrorNote error={r.secretsScan.error} />}
    </div>
  );
}

export function EgressView(props: { ev: string }) {
  const { ev } = props;
  const plain = useCall('egress.report', { evidenceId: ev });
  // The scan is a full read of every body: asked for on a click, its report then replaces the plain one.
  const [scan, setScan] = useState(false);
  const scanned = useCall('egress.report', scan ? { evidenceId: ev, secrets: true } : undefined);
  const report = scanned.value ? scanned : plain;
  const [sort, setSort] = useState<{ by: EgressSort; dir: 'asc' | 'desc' }>({ by: 'requests', dir: 'desc' });
  const rows = useMemo(() => (report.value ? sortDestinations(report.value.destinations, sort.by, sort.dir) : []), [report.value, sort]);
  if (report.error) return <ErrorNote error={report.error} />;
  if (!report.value) return <p className="hint">Loading egress…</p>;
  const r = report.value;
  const onSort = (by: EgressSort): void =>
    setSort((s) => ({
      by,
      dir: s.by === by ? (s.dir === 'desc' ? 'asc' : 'desc') : by === 'destination' || by === 'firstSeen' ? 'asc' : 'desc',
    }));
  return (
    <section className="card egress-view" data-egress-ready={r.destinations.length}>
      <h2>Egress</h2>
      <p className="eg-totals" data-total-requests={r.totals.requests}>
        {totalsLine(r)}
      </p>
      <SecretsScanLine
        r={r}
        busy={scan && scanned.loading}
        error={scanned.error}
        onScan={() => (scan ? scanned.reload() : setScan(true))}
      />
      {r.missing.length > 0 && (
        <p className="warn eg-missing">
          This ledger does not record {r.missing.map(visibleText).join(', ')}: what they would say reads “not recorded”, not zero.
        </p>
      )}
      {r.destinations.length === 0 ? (
        <p className="muted">No network requests recorded.</p>
      ) : (
        <table className="mini eg-table" aria-label="destinations">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortableTh key={c.by} by={c.by} label={c.label} num={c.num} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <DestinationRow key={`${d.domain ?? ''}\0${d.port ?? ''}`} ev={ev} d={d} columns={COLUMNS.length} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
