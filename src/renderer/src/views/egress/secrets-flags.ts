// Words for the secrets scan's per-destination counts (EgressDestination.secrets), in the ways' own words
// (SECRET_WAY_WORDS), as the Integrity view's credentials section says them.
import type { EgressDestination, EgressSecretsScan } from '../../../../shared/contract.js';
import { SECRET_WAY_WORDS } from '../../../../shared/contract/search.js';
import { countLabel } from '../../components/format.js';

type Counts = NonNullable<EgressDestination['secrets']>;

export function secretsFound(d: EgressDestination): number {
  return d.secrets ? Object.values(d.secrets).reduce((n, c) => n + c, 0) : 0;
}

/** A real credential left the sandbox unsubstituted, or went to a host not its provider's: stands out in red. */
export function secretsAlarm(d: EgressDestination): boolean {
  return d.secrets !== null && (d.secrets.elsewhere > 0 || d.secrets.unsubstituted > 0 || d.secrets['destination-unknown'] > 0);
}

export function secretsWays(d: EgressDestination): string {
  if (!d.secrets) return '';
  const s = d.secrets;
  return (Object.keys(SECRET_WAY_WORDS) as (keyof Counts)[])
    .filter((w) => s[w] > 0)
    .map((w) => `${countLabel(s[w])} ${SECRET_WAY_WORDS[w]}`)
    .join(', ');
}

export function scanLine(scan: EgressSecretsScan, flagged: number): string {
  const parts = [
    `Searched ${countLabel(scan.bodiesSearched)} verified bodies and ${countLabel(scan.columnValues)} text values`,
    flagged === 0
      ? 'no destination’s exchanges carried a credential-shaped string'
      : `${countLabel(flagged)} ${flagged === 1 ? 'destination’s exchanges carried' : 'destinations’ exchanges carried'} credential-shaped strings`,
  ];
  if (scan.atNoDestination > 0)
    parts.push(`${countLabel(scan.atNoDestination)} more in exchanges with no destination here (model calls, columns)`);
  return parts.join(' · ');
}
