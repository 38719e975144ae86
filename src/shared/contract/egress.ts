// What the egress report says about one session ledger: where its network requests went, how much, why and with
// which credentials. Every field a ledger generation may lack is null there (and named in `missing`), never zero.
// Declared in the contract (the core room src/main/core/egress builds it) so the Egress view reads the same shape.
import type { Guard } from './guards.js';
import { bool, obj, optional, str } from './guards.js';
import type { SecretVerdictView } from './search.js';

/** net_events.decision as the writer spells it; anything else (NULL, an unknown word) is counted as `other`. */
export interface DecisionCounts {
  readonly allowed: number;
  readonly denied: number;
  readonly error: number;
  readonly redirected: number;
  readonly other: number;
}

/** A capped list: the first items (most frequent first) and how many more distinct values were left out. */
export interface Listed<T> {
  readonly items: readonly T[];
  readonly more: number;
}

export interface NamedCount {
  readonly name: string;
  readonly count: number;
}

/**
 * Whether a credential went to its own provider's host (search/secret-findings.ts isProviderHost, the rule the
 * secrets scan uses), to some other host, or the ledger cannot tell (no provider recorded, several, or one the
 * inspector knows no hosts for; `why` says which).
 */
export type CredentialVerdict = 'own-provider' | 'elsewhere' | 'unknown';

export interface CredentialUse {
  readonly ref: string;
  readonly requests: number;
  /** The provider the ledger names for this credential_ref, or null when it names none or several. */
  readonly provider: string | null;
  readonly verdict: CredentialVerdict;
  readonly why: string | null;
}

export interface EgressDestination {
  /** As recorded (text; a non-text value as text); null when the row names none. */
  readonly domain: string | null;
  readonly port: number | null;
  readonly requests: number;
  /** SQLite TOTAL(): a float that cannot overflow, whatever a hostile row holds. */
  readonly bytesSent: number | null;
  readonly bytesReceived: number | null;
  readonly decisions: DecisionCounts | null;
  readonly credentials: readonly CredentialUse[] | null;
  /** Some request carried a credential whose provider's hosts do not include this domain. */
  readonly credentialElsewhere: boolean;
  readonly processes: Listed<NamedCount> | null;
  readonly traces: number | null;
  readonly turns: number | null;
  readonly exampleTraces: readonly string[] | null;
  readonly firstSeen: string | null;
  readonly lastSeen: string | null;
  /** dns_events.answer_ip for qname = domain (case-insensitive, a trailing dot ignored). */
  readonly addresses: Listed<string> | null;
  /**
   * Credential-shaped strings the secrets scan found in the bodies and columns of exchanges with this host (any port),
   * by which way they went; null when no scan was asked for (`secrets: true`).
   */
  readonly secrets: Readonly<Record<SecretVerdictView, number>> | null;
}

/** What the secrets scan behind the destinations' `secrets` read, when one was asked for. */
export interface EgressSecretsScan {
  readonly bodiesSearched: number;
  /** Bodies that failed verification: never searched. */
  readonly bodiesNotSearched: number;
  readonly columnValues: number;
  /** Strings in exchanges with no destination in this table (a model call's provider host, a column with no host). */
  readonly atNoDestination: number;
  readonly error: { readonly code: string; readonly message: string } | null;
}

export interface EgressTotals {
  readonly requests: number;
  readonly bytesSent: number | null;
  readonly bytesReceived: number | null;
}

export interface EgressReport {
  readonly destinations: readonly EgressDestination[];
  readonly totals: EgressTotals;
  /** Tables and columns this ledger lacks (`net_events.credential_ref`, `dns_events`): their fields are null. */
  readonly missing: readonly string[];
  /** Null unless the report was asked with `secrets: true` (a full read of every body). */
  readonly secretsScan: EgressSecretsScan | null;
}

export interface EgressChannels {
  /** `secrets`: also search every verified body and text column for credentials, and flag each destination's. */
  'egress.report': { arg: { readonly evidenceId: string; readonly secrets?: boolean }; result: EgressReport };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const EGRESS_ARG_GUARDS: { readonly [C in keyof EgressChannels]: Guard<EgressChannels[C]['arg']> } = {
  'egress.report': obj({ evidenceId: EVIDENCE_ID, secrets: optional(bool) }),
};

/**
 * What left the sandbox during a trace or a turn, or among the rows no told trace carries, as the transcript's
 * headers and the turn pane say it: the net_events rows the ledger ties to it (by trace_id, and turn_id for a turn)
 * counted as the Egress view counts a destination's: requests, bytes sent and received, distinct hosts, denied.
 */
export interface SpanEgress {
  readonly requests: number;
  /** null: the ledger does not record bytes. */
  readonly bytesSent: number | null;
  readonly bytesReceived: number | null;
  readonly hosts: number;
  readonly denied: number;
  /** The same in a sentence, as views and saved transcripts show it. */
  readonly says: string;
}
