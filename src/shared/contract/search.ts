/**
 * Body search (grep) over the contract: a job like verification (it is one, with a search attached), whose matches
 * stream to the renderer as `job.matches` events while it runs and whose `job.done` carries the verification summary
 * (the bodies that failed are listed there: they were not searched).
 */
import type { Guard } from './guards.js';
import { bool, obj, oneOf, optional, str } from './guards.js';

export const BODY_PATTERN_KINDS = ['fixed', 'regex', 'hex'] as const;
export type BodyPatternKind = (typeof BODY_PATTERN_KINDS)[number];

export interface BodySearchArg {
  readonly evidenceId: string;
  readonly kind: BodyPatternKind;
  /** The fixed string, the regular expression, or the hex bytes ('de ad be ef'). */
  readonly pattern: string;
  /** Fixed strings and regexes: ignore ASCII case. */
  readonly ignoreCase: boolean;
}

/** Where a match was found: in a body of the archive, or in a text column of a ledger table. */
export type MatchSource =
  | { readonly kind: 'body'; readonly sourceTable: string; readonly direction: string }
  | { readonly kind: 'column'; readonly table: string; readonly column: string; readonly rowid: number };

export interface SearchMatch {
  /** The row's event_id; '' when its table has none (a column match names its rowid). */
  readonly eventId: string;
  readonly source: MatchSource;
  /** Byte offset of the match in the body (or in the column's UTF-8 text). */
  readonly offset: number;
  readonly length: number;
  /** The bytes around the match, decoded as UTF-8 (invalid bytes become U+FFFD): for showing, never for evidence. */
  readonly before: string;
  readonly match: string;
  readonly after: string;
  /** The secret pattern's name (secrets search only). */
  readonly pattern?: string;
  /**
   * The match runs on past the longest stretch a match is found whole in (a regular expression is run a window at a
   * time, to bound its memory): `length` is where it was cut, and the match goes on after it.
   */
  readonly cut?: true;
}

export interface JobMatches {
  readonly jobId: string;
  readonly evidenceId: string;
  /** The next matches, in the order found; empty once `total` passed the cap the server forwards. */
  readonly matches: readonly SearchMatch[];
  /** Matches found so far, including any not forwarded. */
  readonly total: number;
}

/** At most this many matches of one job are sent to the renderer; the rest are counted. */
export const MAX_FORWARDED_MATCHES = 2000;

export const BODY_SEARCH_GUARD: Guard<BodySearchArg> = obj({
  evidenceId: str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ }),
  kind: oneOf(BODY_PATTERN_KINDS),
  pattern: str({ max: 1024, min: 1 }),
  ignoreCase: bool,
});

/** `integrity.report`'s argument: with `secrets`, the report also carries its credentials section (a body search). */
export interface IntegrityReportArg {
  readonly evidenceId: string;
  readonly secrets?: boolean;
}

export const INTEGRITY_REPORT_GUARD: Guard<IntegrityReportArg> = obj({
  evidenceId: str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ }),
  secrets: optional(bool),
});

/** Which way a credential-shaped string went, worst first (search/secret-findings.ts decides it). */
export type SecretVerdictView = 'elsewhere' | 'unsubstituted' | 'destination-unknown' | 'substituted' | 'inbound';

/**
 * Each way in a sentence, worst first, as the app's views say it (the Integrity view's credentials, the Egress view's
 * flags). The terminal says them shorter, with the host after them (cli/text/grep-lines.ts, egress-report.ts).
 */
export const SECRET_WAY_WORDS: Readonly<Record<SecretVerdictView, string>> = {
  elsewhere: 'sent to a host that is not its provider',
  unsubstituted: 'sent to its provider, not substituted by Capsem',
  'destination-unknown': 'sent where the ledger does not say',
  substituted: 'substituted by Capsem',
  inbound: 'seen inbound',
};

/** One credential-shaped string the report found, its value masked. */
export interface ReportedSecretView {
  readonly eventId: string;
  /** `source_table/direction` of a body, `table.column#rowid` of a column value. */
  readonly where: string;
  readonly offset: number;
  readonly length: number;
  readonly pattern: string;
  readonly masked: string;
  /** Where the request went (net_events.domain, or the model call's provider host); null when the ledger names none. */
  readonly host: string | null;
  readonly verdict: SecretVerdictView;
}

/** The report's credentials section as the Integrity view draws it. */
export interface SecretsView {
  readonly bodiesSearched: number;
  readonly bodiesNotSearched: number;
  readonly columnValues: number;
  readonly counts: Readonly<Record<SecretVerdictView, number>>;
  /** Worst first ("sent to a host that is not its provider" leads), capped; `omitted` more were counted. */
  readonly findings: readonly ReportedSecretView[];
  readonly omitted: number;
  /** Every string counted, by the host of its exchange (any port); past a cap of hosts only in `counts`. */
  readonly byHost: readonly { readonly host: string | null; readonly counts: Readonly<Record<SecretVerdictView, number>> }[];
  readonly hostsOmitted: number;
  readonly error: { readonly code: string; readonly message: string } | null;
}
