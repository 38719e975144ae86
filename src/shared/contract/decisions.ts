// What the decisions report and one event's chain say (issue 40, "Every decision explained"): every denied, asked and
// redirected event grouped by the rule that decided it, and everything the ledger records under one event_id.
// Declared in the contract (the core room src/main/core/decisions builds them) so the Decisions view and the CLI read
// the same shapes.
import type { Guard } from './guards.js';
import { obj, str } from './guards.js';

/**
 * The columns that say a row met policy: a decision, a matched rule or a policy_* value the ledger wrote on it
 * (docs/formats/ledger-format.md#event-tables). Only such rows offer their decision chain, so a link to it never
 * leads to an empty chain; the transcript and the side pane ask the same question of a row.
 */
export const POLICY_MET_COLUMNS = ['decision', 'matched_rule', 'policy_mode', 'policy_action', 'policy_rule', 'policy_reason'] as const;

/** Whether a row with an event_id met policy, from its cells (`valueOf(column)`: undefined when the row lacks it). */
export function metPolicy(eventId: unknown, valueOf: (column: string) => unknown): boolean {
  if (typeof eventId !== 'string' || eventId === '') return false;
  return POLICY_MET_COLUMNS.some((c) => {
    const v = valueOf(c);
    return typeof v === 'string' ? v.trim() !== '' : v !== null && v !== undefined;
  });
}

/** One denied, asked or redirected event, as one row of its table recorded it. */
export interface DecisionEvent {
  readonly table: string;
  /** The row's id (its rowid), so the row can be found again even without an event_id. */
  readonly id: number;
  readonly eventId: string | null;
  /** RFC 3339 text: the row's own timestamp, or its timestamp_unix_ms written out with six fractional digits. */
  readonly time: string | null;
  /** What it was: `METHOD host[:port]path`, the DNS name, the tool name, or the security row's event_type. */
  readonly what: string | null;
  readonly rule: string | null;
  /** The outcome this row records, counted per group: a decision (denied, redirected), block/ask, or `ask <status>`. */
  readonly action: string;
  readonly policyMode: string | null;
  readonly policyAction: string | null;
  readonly policyReason: string | null;
  /** Security decision rows: stage, actor and the previous → requested decision. */
  readonly stage: string | null;
  readonly actor: string | null;
  readonly previous: string | null;
  readonly requested: string | null;
  /** Security ask rows: who resolved it. */
  readonly resolver: string | null;
  readonly reason: string | null;
}

export interface ActionCount {
  readonly action: string;
  readonly count: number;
}

export interface DecisionGroup {
  /** null: the rows record no rule. */
  readonly rule: string | null;
  readonly total: number;
  readonly counts: readonly ActionCount[];
  /** In time order; at most EVENTS_PER_GROUP, the rest counted in `more`. */
  readonly events: readonly DecisionEvent[];
  readonly more: number;
}

export interface DecisionsReport {
  readonly groups: readonly DecisionGroup[];
  readonly total: number;
  /** Tables or columns this ledger lacks (`table` or `table.column`), whose events could not be read or are blank. */
  readonly missing: readonly string[];
}

/** A body archived for a chain row, named by its key; the bytes are not read. */
export interface ChainBody {
  readonly direction: string;
  readonly contentType: string | null;
  readonly originalBytes: number | null;
  readonly storedBytes: number | null;
}

export type FieldValue = string | number | null;

export interface ChainEntry {
  readonly table: string;
  readonly id: number;
  readonly time: string | null;
  /** The row's columns that explain the decision, in the order a reader takes them; absent columns are left out. */
  readonly fields: Readonly<Record<string, FieldValue>>;
  /** null when the ledger has no archive index to look in. */
  readonly bodies: readonly ChainBody[] | null;
  /**
   * True when other rows of this table carry the same event_id: a body's key (event_id, source_table, direction)
   * names no row, so the bodies belong to all of them together, not to this one.
   */
  readonly bodiesShared: boolean;
}

export interface EventChain {
  readonly eventId: string;
  readonly entries: readonly ChainEntry[];
  readonly missing: readonly string[];
}

export interface DecisionsChannels {
  'decisions.report': { arg: { readonly evidenceId: string }; result: DecisionsReport };
  'decisions.chain': { arg: { readonly evidenceId: string; readonly eventId: string }; result: EventChain };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
/**
 * Any text a ledger wrote as an event_id: it is only ever a bound parameter, and a hostile row's odd id must still
 * open its own chain. Bounded so a request cannot carry an unbounded string.
 */
const CHAIN_EVENT_ID = str({ max: 1024, min: 1 });

export const DECISIONS_ARG_GUARDS: { readonly [C in keyof DecisionsChannels]: Guard<DecisionsChannels[C]['arg']> } = {
  'decisions.report': obj({ evidenceId: EVIDENCE_ID }),
  'decisions.chain': obj({ evidenceId: EVIDENCE_ID, eventId: CHAIN_EVENT_ID }),
};
