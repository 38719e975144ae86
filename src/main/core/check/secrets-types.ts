// The shape of the report's credentials section, apart from the search that fills it (secrets-section.ts), so the
// report's types do not import the search and through it the archive check back.
import type { SecretVerdict } from '../search/secret-findings.js';

export interface ReportedSecret {
  readonly eventId: string;
  /** `source_table/direction` of a body, `table.column#rowid` of a column value. */
  readonly where: string;
  readonly offset: number;
  /** The match's length in bytes (what the body viewer highlights). */
  readonly length: number;
  readonly pattern: string;
  readonly masked: string;
  readonly host: string | null;
  readonly verdict: SecretVerdict;
}

/** The strings found in exchanges with one host (any port), by which way they went. */
export interface HostSecrets {
  /** As secret-findings.ts names it (net_events.domain lowercased, or a model call's provider host); null: none named. */
  readonly host: string | null;
  readonly counts: Readonly<Record<SecretVerdict, number>>;
}

export interface SecretsSection {
  readonly bodiesSearched: number;
  /** Bodies that failed verification: never searched. */
  readonly bodiesNotSearched: number;
  readonly columnValues: number;
  readonly counts: Readonly<Record<SecretVerdict, number>>;
  /** Worst first, at most MAX_LISTED. */
  readonly findings: readonly ReportedSecret[];
  readonly omitted: number;
  /** Every string counted, by host: the Egress view's flags. Past HOSTS_KEPT hosts, the rest are only in `counts`. */
  readonly byHost: readonly HostSecrets[];
  readonly hostsOmitted: number;
  /** Set when the search did not finish (cancelled, a worker failed). */
  readonly error: { readonly code: string; readonly message: string } | null;
}
