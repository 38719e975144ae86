/**
 * THE contract between the renderer and the core: every request (channel → argument → result) and every
 * event (main → renderer). Both transports — Electron IPC (preload exposes one function per channel) and
 * serve mode (`POST /api/<channel>` with a JSON body, events over Server-Sent Events) — carry exactly these
 * shapes, validate arguments with the same guards (`validateRequest`), and answer with the `Result` envelope.
 *
 * Rules: the renderer passes opaque evidence ids, never paths; every value is plain JSON-safe data.
 * Reserved name spaces for later parts: `graph.*` (identity graph), `lifecycle.*` (tool lifecycles),
 * `fs.*` (file activity and overflow windows), `egress.*` (egress by destination), `decisions.*` (denied, asked and
 * redirected events and their chains), `files.*` (every file's history: a path there is ledger text, never a
 * file the core opens), `case.*` (the case file's tags and notes), `library.*` (host ledger session list),
 * `export.*` (WARC).
 * Add channels there by extending `Channels` and `ARG_GUARDS` together (the compiler holds them in step).
 */
import type { Result } from './errors.js';
import { fail } from './errors.js';
import type {
  BodyKeyArg,
  BodySaveResult,
  BodyWindow,
  CannedQuery,
  ColumnFilter,
  EventDetail,
  EvidenceSummary,
  IntegrityReportView,
  JobStarted,
  Overview,
  PageRequest,
  SearchKind,
  SearchResult,
  SortSpec,
  SqlResult,
  SqlRunRequest,
  TableInfo,
  TableSchemaInfo,
  TablePage,
} from './contract/types.js';
import { FILTER_OPS, SEARCH_KINDS } from './contract/types.js';
import type { Guard } from './contract/guards.js';
import { arrayOf, cellGuard, int, literalNull, obj, oneOf, optional, paramRecord, str, union } from './contract/guards.js';
import { FS_ARG_GUARDS, type FsChannels } from './contract/fs.js';
import { EGRESS_ARG_GUARDS, type EgressChannels } from './contract/egress.js';
import { DECISIONS_ARG_GUARDS, type DecisionsChannels } from './contract/decisions.js';
import { FILES_ARG_GUARDS, type FilesChannels } from './contract/files.js';
import { CASE_ARG_GUARDS, type CaseChannels } from './contract/case.js';
import { GRAPH_ARG_GUARDS, type GraphChannels } from './contract/graph.js';
import { LIFECYCLE_ARG_GUARDS, type LifecycleChannels } from './contract/lifecycle.js';
import { LIBRARY_ARG_GUARDS, type LibraryChannels } from './contract/library.js';
import { VERDICT_ARG_GUARDS, type VerdictChannels } from './contract/verdict.js';
import { BODY_SEARCH_GUARD, INTEGRITY_REPORT_GUARD, type BodySearchArg, type IntegrityReportArg } from './contract/search.js';
import { TRANSCRIPT_ARG_GUARDS, type TranscriptChannels } from './contract/transcript.js';
import { RELATED_ARG_GUARDS, type RelatedChannels } from './contract/related.js';
import { SEEK_ARG_GUARDS, type SeekChannels } from './contract/seek.js';
import { TABLE_COUNT_ARG_GUARDS, type TableCountChannels } from './contract/table-count.js';
import { SQL_PAGING_ARG_GUARDS, type SqlPagingChannels } from './contract/sql-paging.js';
import { TABLE_SORT_ARG_GUARDS, type TableSortChannels } from './contract/table-sort.js';
import { SEARCH_STREAM_ARG_GUARDS, type SearchStreamChannels } from './contract/search-stream.js';
import { HUNT_ARG_GUARDS, type HuntChannels } from './contract/hunt.js';
import { NOTABLE_ARG_GUARDS, type NotableChannels } from './contract/notable.js';

export type * from './contract/types.js';
export type * from './contract/verdict.js';
export type * from './contract/search.js';
export type * from './contract/seek.js';
export type * from './contract/sql-paging.js';
export type * from './contract/table-sort.js';
export type * from './contract/search-stream.js';
export type * from './contract/egress.js';
export type * from './contract/decisions.js';
export type * from './contract/files.js';
export type * from './contract/case.js';
export type * from './contract/notable.js';
export { BODY_PATTERN_KINDS, MAX_FORWARDED_MATCHES } from './contract/search.js';
export { FILTER_OPS, SEARCH_KINDS } from './contract/types.js';

/** Opaque ids: letters, digits, `_` and `-` only, so nothing path-like can pass. */
const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const IDENT = str({ max: 128, min: 1, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ });
const EVENT_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_.:-]+$/ });

export interface EvidenceArg {
  readonly evidenceId: string;
}
export interface EventGetArg {
  readonly evidenceId: string;
  /** Either a row (table + rowid) or an event_id (first row carrying it, in table order). */
  readonly table?: string;
  readonly rowid?: number;
  readonly eventId?: string;
}
export interface BodyWindowArg {
  readonly evidenceId: string;
  readonly key: BodyKeyArg;
  readonly offset: number;
  /** At most 1 MiB per window. */
  readonly length: number;
}
export interface BodySaveArg {
  readonly evidenceId: string;
  readonly key: BodyKeyArg;
}
export interface SearchArg {
  readonly evidenceId: string;
  readonly query: string;
  /** Absent → every kind. */
  readonly kinds?: readonly SearchKind[];
  readonly limit?: number;
}

/** channel → { arg, result }. */
export interface Channels
  extends GraphChannels,
    LifecycleChannels,
    FsChannels,
    EgressChannels,
    DecisionsChannels,
    FilesChannels,
    CaseChannels,
    LibraryChannels,
    VerdictChannels,
    TranscriptChannels,
    RelatedChannels,
    SeekChannels,
    TableCountChannels,
    SqlPagingChannels,
    TableSortChannels,
    SearchStreamChannels,
    HuntChannels,
    NotableChannels {
  /** Evidence opened in this process (command line, sample, drops), newest first. */
  'evidence.list': { arg: null; result: readonly EvidenceSummary[] };
  /** Open (or return, if already open) the bundled sample ledger. */
  'evidence.openSample': { arg: null; result: EvidenceSummary };
  'evidence.close': { arg: EvidenceArg; result: null };
  overview: { arg: EvidenceArg; result: Overview };
  /** Every table with its row count; answered once the counts are in (COUNT(*) of each table, in a worker). */
  'tables.list': { arg: EvidenceArg; result: readonly TableInfo[] };
  /** The same tables without their counts, answered at once: a table's grid needs its columns, not the count. */
  'tables.schema': { arg: EvidenceArg; result: readonly TableSchemaInfo[] };
  /** One keyset page: never an OFFSET, at most 1000 rows, sort only on `sortable` columns. */
  'tables.page': { arg: PageRequest; result: TablePage };
  'event.get': { arg: EventGetArg; result: EventDetail };
  /** A window of one body's verified bytes; the body is read through every hash before any byte is sent. */
  'body.window': { arg: BodyWindowArg; result: BodyWindow };
  'body.save': { arg: BodySaveArg; result: BodySaveResult };
  'integrity.report': { arg: IntegrityReportArg; result: IntegrityReportView };
  /** Start verifying every body; progress and the end arrive as `job.progress` / `job.done` events. */
  'jobs.verify.start': { arg: EvidenceArg; result: JobStarted };
  /**
   * A verification may follow soon (the Integrity view with its Verify button is on screen): start its worker threads
   * now, so that a job started within 30 s finds them loaded. Starts nothing when none would get work.
   */
  'jobs.verify.prepare': { arg: EvidenceArg; result: null };
  'jobs.cancel': { arg: { readonly jobId: string }; result: null };
  /**
   * Search every body, each verified before it is searched (a verification with a search attached); matches arrive as
   * `job.matches` events, progress and the end (the verification summary) as `job.progress` / `job.done`.
   */
  'jobs.grep.start': { arg: BodySearchArg; result: JobStarted };
  'sql.canned': { arg: null; result: readonly CannedQuery[] };
  /** Read-only SQL in a killable child process; DEADLINE, CANCELLED or QUERY_REFUSED on failure. */
  'sql.run': { arg: SqlRunRequest; result: SqlResult };
  'sql.cancel': { arg: { readonly runId: string }; result: null };
  search: { arg: SearchArg; result: SearchResult };
}

export type Channel = keyof Channels;
export type ArgOf<C extends Channel> = Channels[C]['arg'];
export type ResultOf<C extends Channel> = Channels[C]['result'];

const bodyKey = obj({ eventId: EVENT_ID, sourceTable: IDENT, direction: IDENT });
const sortSpec: Guard<SortSpec> = obj({ column: IDENT, direction: oneOf(['asc', 'desc'] as const) });
const filter: Guard<ColumnFilter> = obj({
  column: IDENT,
  op: oneOf(FILTER_OPS),
  value: optional(union(str({ max: 1024 }), int(-(2 ** 53) + 1, 2 ** 53 - 1))),
});
const cursor = obj({ value: cellGuard, rowid: int(-(2 ** 53) + 1, 2 ** 53 - 1) });

const ARG_GUARDS: { readonly [C in Channel]: Guard<ArgOf<C>> } = {
  'evidence.list': literalNull(),
  'evidence.openSample': literalNull(),
  'evidence.close': obj({ evidenceId: ID }),
  overview: obj({ evidenceId: ID }),
  'tables.list': obj({ evidenceId: ID }),
  'tables.schema': obj({ evidenceId: ID }),
  'tables.page': obj({
    evidenceId: ID,
    table: IDENT,
    sort: optional(sortSpec),
    filters: optional(arrayOf(filter, 32)),
    after: optional(cursor),
    before: optional(cursor),
    limit: optional(int(1, 1000)),
  }),
  'event.get': obj({
    evidenceId: ID,
    table: optional(IDENT),
    rowid: optional(int(-(2 ** 53) + 1, 2 ** 53 - 1)),
    eventId: optional(EVENT_ID),
  }),
  'body.window': obj({ evidenceId: ID, key: bodyKey, offset: int(0, 2 ** 40), length: int(0, 1 << 20) }),
  'body.save': obj({ evidenceId: ID, key: bodyKey }),
  'integrity.report': INTEGRITY_REPORT_GUARD,
  'jobs.verify.start': obj({ evidenceId: ID }),
  'jobs.verify.prepare': obj({ evidenceId: ID }),
  'jobs.cancel': obj({ jobId: ID }),
  'jobs.grep.start': BODY_SEARCH_GUARD,
  'sql.canned': literalNull(),
  'sql.run': obj({
    evidenceId: ID,
    runId: ID,
    sql: str({ max: 100_000, min: 1 }),
    params: optional(paramRecord(32)),
    deadlineMs: optional(int(100, 120_000)),
    maxRows: optional(int(1, 10_000)),
    paging: optional(oneOf(['stream'] as const)),
  }),
  'sql.cancel': obj({ runId: ID }),
  search: obj({
    evidenceId: ID,
    query: str({ max: 512, min: 1 }),
    kinds: optional(arrayOf(oneOf(SEARCH_KINDS), SEARCH_KINDS.length)),
    limit: optional(int(1, 500)),
  }),
  ...GRAPH_ARG_GUARDS,
  ...LIFECYCLE_ARG_GUARDS,
  ...FS_ARG_GUARDS,
  ...EGRESS_ARG_GUARDS,
  ...DECISIONS_ARG_GUARDS,
  ...FILES_ARG_GUARDS,
  ...CASE_ARG_GUARDS,
  ...LIBRARY_ARG_GUARDS,
  ...VERDICT_ARG_GUARDS,
  ...TRANSCRIPT_ARG_GUARDS,
  ...RELATED_ARG_GUARDS,
  ...SEEK_ARG_GUARDS,
  ...TABLE_COUNT_ARG_GUARDS,
  ...SQL_PAGING_ARG_GUARDS,
  ...TABLE_SORT_ARG_GUARDS,
  ...SEARCH_STREAM_ARG_GUARDS,
  ...HUNT_ARG_GUARDS,
  ...NOTABLE_ARG_GUARDS,
};

export const CHANNELS = Object.keys(ARG_GUARDS) as readonly Channel[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ARG_GUARDS, name);
}

/** The one argument check both transports run before any handler sees a request. */
export function validateRequest<C extends Channel>(channel: C, arg: unknown): Result<ArgOf<C>> {
  const guard = ARG_GUARDS[channel] as Guard<ArgOf<C>>;
  const r = guard(arg, channel);
  if (!r.ok) return { ok: false, error: fail('BAD_REQUEST', r.message) };
  const v = r.value as ArgOf<C>;
  // Cross-field rules the shape guards cannot say.
  if (channel === 'tables.page') {
    const p = v as PageRequest;
    if (p.after && p.before) return { ok: false, error: fail('BAD_REQUEST', 'tables.page takes after or before, not both') };
  }
  if (channel === 'event.get') {
    const e = v as EventGetArg;
    const byRow = e.table !== undefined && e.rowid !== undefined;
    if (byRow === (e.eventId !== undefined) || (e.table !== undefined) !== (e.rowid !== undefined)) {
      return { ok: false, error: fail('BAD_REQUEST', 'event.get takes either table and rowid, or eventId') };
    }
  }
  return { ok: true, value: v };
}

// ---------------------------------------------------------------- events (main → renderer): contract/events.ts

export type * from './contract/events.js';
export { EVENT_NAMES, isJobEvent } from './contract/events.js';
import type { InspectorEvent } from './contract/events.js';

// ---------------------------------------------------------------- the bridge the preload exposes

/** A dropped DOM File, structurally (shared stays DOM-free). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** `window.capsem` in Electron: one function per channel plus event subscription. */
export type InspectorBridge = {
  readonly [C in Channel]: (arg: ArgOf<C>) => Promise<Result<ResultOf<C>>>;
} & {
  /** Subscribe to events; returns an unsubscribe function. */
  onEvent(listener: (event: InspectorEvent) => void): () => void;
  /**
   * Open files or folders dropped on the window: the renderer hands over the DOM File objects, the preload
   * resolves their paths with webUtils.getPathForFile and main validates them (shared stays DOM-free,
   * so the type names only what is read here).
   */
  openDropped(files: readonly DroppedFile[]): Promise<Result<EvidenceSummary>>;
};

/** The serve-mode HTTP surface, named once so server and client agree. */
export const HTTP_ROUTES = {
  api: '/api/', // POST /api/<channel>, JSON body = argument, JSON response = Result
  events: '/events', // GET, text/event-stream of InspectorEvent
  upload: '/upload', // POST /upload/begin → {uploadId}; PUT /upload/<uploadId>/<name>; POST /upload/<uploadId>/open
  download: '/download', // GET /download/<evidenceId>?e=&t=&d= (a verified body as an attachment)
  transcript: '/transcript', // GET /transcript/<evidenceId>?format=&trace= (a transcript file, streamed as an attachment)
  warc: '/warc', // POST /warc/<evidenceId> → a verified WARC export's facts; GET /warc/<evidenceId>/<ticket> (that file)
  tokenHeader: 'x-capsem-token',
  tokenCookie: 'capsem_token',
} as const;

export type { IntegrityReportView as IntegrityReport, BodyKeyArg as BodyKey };
