// The integrity report as a value: sections in the order of docs/formats/session-check.md#the-checks, findings in the
// manner of Wireshark's expert info (severity + stable code + sentence), and a verdict. The CLI renders it
// as text or JSON; the UI's integrity view reads the same value.
import type { Failure } from '../../../shared/errors.js';
import type { IndexSection } from '../bodies/archive-index.js';
import type { Generation } from '../../../shared/ledger-types.js';
import type { Severity } from '../../../shared/contract/types.js';
import type { UsageRow } from '../../../shared/contract/lifecycle.js';
import type { BodyFailure } from '../jobs/verify-types.js';
import type { SecretsSection } from './secrets-types.js';
import type { ShapeGaps } from '../evidence/newest-shape.js';
import type { WalSection } from './wal-section.js';
import type { CompletenessSection } from '../completeness/types.js';

/** A finding's weight: the contract's, so the report and the Integrity view cannot disagree on the set. */
export type { Severity };

/** Stable finding codes. Errors make the verdict "damaged"; warnings and notes never do. */
export const FINDING_CODES = [
  'PAGES_DAMAGED',
  'TABLES_MISSING',
  'ARCHIVE_PROBLEM',
  'BODIES_FAILED',
  'VERIFY_INCOMPLETE',
  'PRE_ARCHIVE_LEDGER',
  'BODIES_UNVERIFIED',
  'NO_BODIES',
  'OVERFLOW_WINDOWS',
  'ORPHAN_TOOL_CALLS',
  'ORPHAN_TOOL_RESPONSES',
  'MCP_WITHOUT_LOGICAL_CALL',
  'AI_TRAFFIC_WITHOUT_MODEL_CALLS',
  'AI_BARE_DOMAINS',
  'NULL_MODEL',
  'NULL_TOKENS',
  'NULL_REQUEST_PREVIEW',
  'ZERO_COST',
  'UNKNOWN_PROVIDERS',
  'OLDER_A4_BUILD',
  'WAL_NOT_REPLAYED',
  'WAL_ONLY_ROWS',
  'CREDENTIALS_SENT_ELSEWHERE',
  'CREDENTIALS_NOT_SUBSTITUTED',
  'CREDENTIALS_SEEN',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export interface Finding {
  readonly severity: Severity;
  readonly code: FindingCode;
  readonly message: string;
  /** Likely causes, from the seed docs (diagnoses, issue item 8). */
  readonly causes?: readonly string[];
  /** Evidence already looked up that tells the causes apart (so nobody has to write SQL). */
  readonly evidence?: readonly string[];
}

export interface PagesSection {
  readonly ok: boolean;
  /** quick_check output (at most 10 lines kept, as the doctor prints). */
  readonly messages: readonly string[];
}

/** The index section (bodies/archive-index.ts) with what body verification adds to it. */
export interface ArchiveSection extends IndexSection {
  /** null without --verify-bodies. */
  readonly verified: number | null;
  /** Every body that did not verify; verified + failed = bodies. */
  readonly failed: number | null;
  /** Of `failed`, the bodies whose bytes the archive could not produce (jobs/body-failure.ts has the split). */
  readonly unreadable: number | null;
  readonly failures: readonly BodyFailure[];
  readonly failuresOmitted: number;
  /** Set when verification ran but did not finish (cancelled, or a worker failed). */
  readonly verifyError: Failure | null;
}

export interface OverflowWindow {
  readonly id: number;
  readonly timestamp: string | null;
  readonly heldBack: number;
  /** The scan it was held for: the next non-overflow fs_events row after it (by id). */
  readonly heldFor: { readonly id: number; readonly timestamp: string | null; readonly action: string; readonly path: string } | null;
}

export interface OverflowSection {
  readonly windows: number;
  readonly heldBack: number;
  /** The first windows (capped at 100 to bound the report). */
  readonly list: readonly OverflowWindow[];
}

/** One tool's calls by origin and decision: the contract's row (the Lifecycle view shows the same shape). */
export type ToolUsageRow = UsageRow;

export interface ToolsSection {
  readonly calls: number;
  readonly responses: number;
  /** Seeds' contract: no response with the same call_id in the same trace. */
  readonly orphanCalls: number;
  /** The doctor's count (call_id only), for parity. */
  readonly orphanCallsByCallId: number;
  readonly orphanResponses: number;
  readonly mcpWithoutLogicalCall: number;
  readonly origins: readonly { readonly origin: string; readonly count: number }[];
  readonly usage: readonly ToolUsageRow[];
}

export interface ProvidersSection {
  /** The doctor's count: domain LIKE '%.googleapis.com' / '%.anthropic.com' / '%.openai.com'. */
  readonly aiNetEvents: number;
  /** Bare provider domains the doctor's patterns miss (anthropic.com etc.). */
  readonly aiNetEventsBareDomain: number;
  readonly modelCalls: number;
  /** model_calls.provider values per count. */
  readonly providers: readonly { readonly provider: string; readonly count: number }[];
}

export interface NullsSection {
  readonly model: number;
  readonly tokens: number;
  readonly requestBodyPreview: number;
  readonly total: number;
}

export interface Preview {
  readonly table: string;
  readonly total: number;
  readonly columns: readonly string[];
  /** Newest first; strings over 60 characters cut to 57 + '...'. */
  readonly rows: readonly (readonly (string | number | null)[])[];
}

export interface CheckReport {
  /** null only when page damage stopped the ledger from being read far enough to tell. */
  readonly generation: Generation | null;
  readonly session: { readonly id: string; readonly dir: string };
  readonly dbPath: string;
  /** Set when the report stopped early (page damage): every later section is empty. */
  readonly stoppedAfter: 'pages' | null;
  readonly pages: PagesSection;
  readonly tables: Readonly<Record<string, number>>;
  readonly missingTables: readonly string[];
  /** An A4 ledger whose tables are an earlier A4 build's: what the newest shape has that it lacks (else null). */
  readonly newestShape: ShapeGaps | null;
  /** The scratch copy's -wal: what SQLite replays of it and the rows that live only there (null without a -wal). */
  readonly wal: WalSection | null;
  readonly archive: ArchiveSection;
  readonly overflow: OverflowSection;
  readonly tools: ToolsSection;
  readonly providers: ProvidersSection;
  readonly nulls: NullsSection;
  readonly previews: readonly Preview[];
  readonly findings: readonly Finding[];
  /** What the evidence is missing, beside what was altered: COMPLETE or GAPS, never folded into the verdict. */
  readonly completeness: CompletenessSection;
  /** `check --secrets` only: credential-shaped strings and which way they went (secrets-section.ts). */
  readonly secrets?: SecretsSection;
  /** `unverified`: body verification was asked for and did not finish (check/verdict.ts). */
  readonly verdict: 'intact' | 'damaged' | 'unverified';
  /** Where we follow the seeds over the doctor, or fix what it gets wrong. */
  readonly help: readonly string[];
}

export const EXPECTED_TABLES = ['net_events', 'model_calls', 'tool_calls', 'tool_responses', 'fs_events'] as const;
