/**
 * The shapes that cross the contract. Plain, JSON-safe data only: both transports (Electron IPC and
 * serve mode's HTTP) carry exactly these values, so nothing here may be a BigInt, a Uint8Array or a class.
 */
import type { SecretsView } from './search.js';
import type { Generation } from '../ledger-types.js';
import type { Failure } from '../errors.js';
import type { CompletenessSection } from './completeness.js';

/**
 * One SQLite value, made JSON-safe and lossless:
 * - integers within ±2^53 and reals are numbers; integers beyond are `{ int: "<decimal text>" }`;
 * - blobs are `{ blob: { size, hexHead } }` (the first 64 bytes in hex; the UI never needs more inline).
 */
export type Cell =
  | null
  | number
  | string
  | { readonly int: string }
  | { readonly blob: { readonly size: number; readonly hexHead: string } };

/** An opened evidence set as the UI sees it: an opaque id, never a path. */
export interface EvidenceSummary {
  readonly id: string;
  /** The session id: the name of the folder holding session.db. */
  readonly sessionId: string;
  /** A persistent VM's name if known; shown beside the id, never instead of it. */
  readonly displayName: string | null;
  /** Null only for evidence SQLite cannot read far enough to tell (see `unreadable`). */
  readonly generation: Generation | null;
  /** ISO time this inspector opened it. */
  readonly openedAt: string;
  /** How it came in: from the command line / app, the bundled sample, or dropped files uploaded to scratch. */
  readonly origin: 'path' | 'sample' | 'dropped';
  /**
   * Which copy this is, so two copies of one session read apart in the start list and the compare picker: where it
   * was read from (the folder's last two names) and session.db's SHA-256 (null while a large ledger's is pending).
   */
  readonly copy?: { readonly where: string; readonly dbSha256: string | null };
  /**
   * Set when SQLite cannot open the ledger (its pages or schema are damaged): it is listed all the same, its verdict
   * is DAMAGED and its integrity report says what could be read; every structured view refuses with this failure.
   */
  readonly unreadable?: Failure;
}

export interface FileHashView {
  /** The file's name only (never the full path: the renderer does not need where evidence lives). */
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
  readonly blake3: string;
}

export interface ModelUsage {
  readonly provider: string;
  readonly model: string | null;
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  /** The largest model_calls rowid of these calls: marks a line that counts rows only in the -wal. */
  readonly lastRowid?: number;
}

export interface DecisionCount {
  /** Which table the decision came from (net_events, dns_events, tool_calls). */
  readonly source: string;
  readonly decision: string;
  readonly count: number;
}

export interface Overview {
  readonly evidence: EvidenceSummary;
  readonly generationLabel: string;
  /**
   * `db` is null while session.db's copy proof is pending (a large ledger's copy is proven after the first view; see
   * `followUp.copyProof`) and stays null when it failed; `archive` likewise for the archive hash.
   */
  readonly hashes: { readonly db: FileHashView | null; readonly archive: FileHashView | null; readonly others: readonly FileHashView[] };
  /** Earliest and latest timestamps seen across the event tables (ISO strings as stored), or null when empty. */
  readonly timeSpan: { readonly first: string; readonly last: string } | null;
  /** Which `table.column`s the time span was read from, and which it leaves out (see TimeSpanCoverage). */
  readonly timeSpanCoverage: TimeSpanCoverage;
  readonly rowCounts: readonly { readonly table: string; readonly rows: number }[];
  readonly models: readonly ModelUsage[];
  readonly decisions: readonly DecisionCount[];
  /** Observations made while opening (WAL tail, foreign generation files, ...). */
  readonly notes: readonly { readonly code: string; readonly message: string }[];
  /**
   * Work the open left for after the first view (absent when it did everything first). While any part is pending,
   * ask for the overview again: `hashes.db`, `hashes.archive`, `models` and `decisions` fill in as their parts finish.
   */
  readonly followUp?: OverviewFollowUp;
}

/** One deferred part of an open: still running, done, not asked for, or failed with a named error. */
export type FollowUpStatus =
  | { readonly state: 'pending' | 'done' | 'skipped' }
  | { readonly state: 'failed'; readonly code: string; readonly message: string };

export interface OverviewFollowUp {
  /** PRAGMA quick_check of session.db; failed (DB_CORRUPT) means the structured views are refused from then on. */
  readonly quickCheck: FollowUpStatus;
  /** SHA-256 + BLAKE3 of the archive file (`hashes.archive`). */
  readonly archiveHash: FollowUpStatus;
  /**
   * The proof of session.db's scratch copy (made by the kernel, then session.db hashed with SHA-256 + BLAKE3 and the
   * copy with BLAKE3): fills `hashes.db`; failed (SNAPSHOT_MISMATCH) means the structured views are refused.
   */
  readonly copyProof: FollowUpStatus;
  /** The full-table scans behind `models` and `decisions` (run after quick_check passed; empty lists until done). */
  readonly scans: FollowUpStatus;
}

/**
 * The time span is read by index seeks: a large table with no index on its time column would cost a full scan on
 * every Overview, so it is left out. `tables` were read (`table.column`), `skipped` were left out for that reason.
 */
export interface TimeSpanCoverage {
  readonly tables: readonly string[];
  readonly skipped: readonly string[];
}

export interface ColumnInfo {
  readonly name: string;
  /** Declared type as written in the schema (may be empty). */
  readonly type: string;
  /** True when keyset sorting on it is cheap: the rowid alias or the first column of an index. */
  readonly sortable: boolean;
  readonly primaryKey: boolean;
  /** A hint for the UI: timestamps are shown in UTC or local time. */
  readonly kind: 'text' | 'integer' | 'real' | 'blob' | 'timestamp' | 'unix_ms' | 'other';
}

/** A table as its schema describes it: known at once, without reading a row. */
export interface TableSchemaInfo {
  readonly name: string;
  readonly columns: readonly ColumnInfo[];
  /** True when rows carry an event_id column (the Event view can gather bodies). */
  readonly hasEventId: boolean;
}

export interface TableInfo extends TableSchemaInfo {
  readonly rowCount: number;
}

export type SortDirection = 'asc' | 'desc';
export interface SortSpec {
  readonly column: string;
  readonly direction: SortDirection;
}

export const FILTER_OPS = ['eq', 'neq', 'contains', 'prefix', 'gt', 'gte', 'lt', 'lte', 'null', 'notnull'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export interface ColumnFilter {
  readonly column: string;
  readonly op: FilterOp;
  /** Ignored for null/notnull. Numbers compare numerically, strings as text. */
  readonly value?: string | number;
}

/** A keyset position: the sort column's value and the rowid of a row. Opaque to the UI, but plain data. */
export interface PageCursor {
  readonly value: Cell;
  readonly rowid: number;
}

export interface PageRequest {
  readonly evidenceId: string;
  readonly table: string;
  /** Absent → rowid ascending. */
  readonly sort?: SortSpec;
  readonly filters?: readonly ColumnFilter[];
  /** Rows strictly after this position (forward paging). */
  readonly after?: PageCursor;
  /** Rows strictly before this position (backward paging); mutually exclusive with `after`. */
  readonly before?: PageCursor;
  /** 1..1000; default 200. */
  readonly limit?: number;
}

export interface TablePage {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** Rowid of each row, same order as rows. */
  readonly rowids: readonly number[];
  /** Cursor of the first and last row (null when the page is empty). */
  readonly first: PageCursor | null;
  readonly last: PageCursor | null;
  /** Whether rows exist beyond each end of this page, in the requested order. */
  readonly hasBefore: boolean;
  readonly hasAfter: boolean;
}

export interface BodyMeta {
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
  readonly eventType: string | null;
  readonly contentType: string | null;
  readonly originalBytes: number;
  readonly storedBytes: number;
  readonly truncated: boolean;
  readonly bodyHash: string;
}

export interface RowRef {
  readonly table: string;
  readonly rowid: number;
}

export interface EventDetail {
  readonly table: string;
  readonly rowid: number;
  readonly columns: readonly string[];
  readonly cells: readonly Cell[];
  readonly eventId: string | null;
  /** Every body indexed for this event_id (all source tables and directions). */
  readonly bodies: readonly BodyMeta[];
  /** Other rows that share this event_id (e.g. a security rule, its decision and its ask). */
  readonly related: readonly RowRef[];
}

export interface BodyKeyArg {
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
}

export interface BodyWindow {
  readonly key: BodyKeyArg;
  /** Always 'verified': a body that fails its hashes is an error, never bytes. */
  readonly status: 'verified';
  readonly storedBytes: number;
  readonly originalBytes: number;
  readonly truncated: boolean;
  readonly offset: number;
  /** The window's bytes in base64 (JSON-safe on both transports). */
  readonly base64: string;
}

/** How a save happened: a browser download URL (serve mode) or a file written by the desktop app. */
export type BodySaveResult =
  | { readonly kind: 'download'; readonly url: string }
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'cancelled' };

export type Severity = 'error' | 'warning' | 'note';

/** Where a finding's rows can be seen: a filtered table, a canned query, or the body failure list. */
export type FindingLink =
  | { readonly kind: 'table'; readonly table: string; readonly filters: readonly ColumnFilter[] }
  | { readonly kind: 'canned'; readonly queryId: string }
  | { readonly kind: 'failures' };

export interface IntegrityFinding {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** Likely causes and the evidence that tells them apart (the report's diagnoses). */
  readonly causes: readonly string[];
  readonly evidence: readonly string[];
  readonly link: FindingLink | null;
}

export interface BodyFailureView {
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
  readonly code: string;
  readonly message: string;
}

/** The integrity report as the UI shows it (the check report of issue 3, reduced to what is drawn). */
export interface IntegrityReportView {
  readonly verdict: 'intact' | 'damaged' | 'unverified';
  /** Null when the report stopped before the generation could be read (page damage). */
  readonly generation: Generation | null;
  /** Help text: where the report follows the seeds over Capsem's doctor. */
  readonly help: readonly string[];
  readonly pages: { readonly ok: boolean; readonly messages: readonly string[] };
  readonly missingTables: readonly string[];
  readonly archive: {
    readonly bodies: number;
    readonly blocks: number;
    readonly archiveBytes: number | null;
    readonly blocksEnd: number | null;
    readonly problems: readonly string[];
    /** null until bodies were verified. Then verified + failed + unreadable = bodies. */
    readonly verified: number | null;
    /** Bodies whose bytes came back wrong (hash mismatch, decode failure). */
    readonly failed: number | null;
    /** Bodies the archive could not produce (missing, truncated, unrecorded, out of range …). */
    readonly unreadable: number | null;
    readonly failures: readonly BodyFailureView[];
  };
  readonly overflow: { readonly windows: number; readonly heldBack: number };
  readonly tools: {
    readonly calls: number;
    readonly responses: number;
    readonly orphanCalls: number;
    readonly orphanResponses: number;
    readonly mcpWithoutLogicalCall: number;
  };
  readonly providers: { readonly aiNetEvents: number; readonly modelCalls: number };
  readonly findings: readonly IntegrityFinding[];
  /** What the evidence is missing, beside what was altered (check's completeness section). */
  readonly completeness: CompletenessSection;
  /** Asked for with `secrets: true` only: credential-shaped strings in the verified bodies and text columns. */
  readonly secrets?: SecretsView;
  /**
   * Per table, the first rowid that exists only in session.db-wal (committed, never checkpointed): that row and
   * every later one are lost by a copy without the -wal. Tables with none are left out; every view that shows rows
   * marks those.
   */
  readonly walOnlyFrom: Readonly<Record<string, number>>;
}

export interface JobStarted {
  readonly jobId: string;
}

/** A verification's outcome: verified + failed + unreadable = total (src/main/core/jobs/body-failure.ts). */
export interface VerifySummary {
  readonly total: number;
  readonly verified: number;
  readonly failed: number;
  readonly unreadable: number;
  readonly failures: readonly BodyFailureView[];
}

export interface CannedQuery {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly sql: string;
  /** Named parameters the query needs (`:trace_id` → 'trace_id'). */
  readonly params: readonly string[];
}

export interface SqlRunRequest {
  readonly evidenceId: string;
  /** Chosen by the caller so that sql.cancel can name the run while sql.run is pending. */
  readonly runId: string;
  readonly sql: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** Default 5000 ms, at most 120000. */
  readonly deadlineMs?: number;
  /** Default 1000, at most 10000. */
  readonly maxRows?: number;
  /**
   * 'stream': when more than maxRows rows exist, the result stays open and its child reads on; page it with
   * `sql.page` under the same runId, end it with `sql.close` (shared/contract/sql-paging.ts).
   */
  readonly paging?: 'stream';
}

export interface SqlResult {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** True when more rows existed than maxRows. */
  readonly truncated: boolean;
  readonly elapsedMs: number;
  /** True when the result was kept open (paging 'stream' and truncated): the rest is read on in the background. */
  readonly streaming?: boolean;
  /** Result columns that hold a table's rowid (its rowid or INTEGER PRIMARY KEY), so a row can be named; absent or empty when none can. */
  readonly rowRefs?: readonly SqlRowRef[];
}

/** A result column whose values are rowids of `table` (SQLite's column origin), for compound-free queries. */
export interface SqlRowRef {
  readonly column: number;
  readonly table: string;
}

export const SEARCH_KINDS = ['event_id', 'call_id', 'trace_id', 'turn_id', 'domain', 'tool_name'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchHit {
  readonly kind: SearchKind;
  readonly table: string;
  readonly rowid: number;
  /** The matched value and a short description of the row. */
  readonly value: string;
  readonly summary: string;
}

export interface SearchResult {
  readonly hits: readonly SearchHit[];
  /** True when more hits existed than were returned. */
  readonly truncated: boolean;
}
