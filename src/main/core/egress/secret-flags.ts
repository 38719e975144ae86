// The Egress view's credential flags: the secrets scan's count of credential-shaped strings per host (the check's
// credentials section, check/secrets-section.ts, one read of every verified body and text column) laid on the
// destinations. A host's count stands on each of its destinations (a host on two ports is one exchange partner to the
// scan, which names hosts, not ports); strings whose host is no destination here are counted apart, never dropped.
import { noneFound } from '../check/secrets-section.js';
import type { SecretsSection } from '../check/secrets-types.js';
import type { EgressReport } from './types.js';

export function withSecretFlags(report: EgressReport, scan: SecretsSection): EgressReport {
  const perHost = new Map(scan.byHost.map((h) => [h.host, h.counts]));
  const shown = new Set<string | null>();
  const destinations = report.destinations.map((d) => {
    const host = d.domain === null ? null : d.domain.toLowerCase();
    const counts = d.domain === null ? undefined : perHost.get(host);
    if (counts) shown.add(host);
    return { ...d, secrets: counts ?? noneFound() };
  });
  const total = (counts: SecretsSection['counts']): number => Object.values(counts).reduce((n, c) => n + c, 0);
  const atNoDestination = scan.byHost.filter((h) => !shown.has(h.host)).reduce((n, h) => n + total(h.counts), 0) + scan.hostsOmitted;
  return {
    ...report,
    destinations,
    secretsScan: {
      bodiesSearched: scan.bodiesSearched,
      bodiesNotSearched: scan.bodiesNotSearched,
      columnValues: scan.columnValues,
      atNoDestination,
      error: scan.error,
    },
  };
}
