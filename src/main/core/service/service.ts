/**
 * The transport-neutral side of the contract: one handler per channel, each validated by the shared guards,
 * each answering the Result envelope. Serve mode wraps it in HTTP; the Electron glue wraps it in IPC.
 */
import type { ArgOf, BodySaveResult, Channel, EvidenceSummary, InspectorEvent, JobEvent, ResultOf } from '../../../shared/contract.js';
import { validateRequest } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, toFailure } from '../../../shared/errors.js';
import type { BodyKey } from '../../../shared/ledger-types.js';
import { readBody } from '../bodies/read-body.js';
import { sqliteFailure } from '../evidence/open-hardened.js';
import type { Evidence } from '../evidence/types.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import { BodyCache } from './body-cache.js';
import { eventById, eventByRow } from '../event/event-detail.js';
import { buildOverview } from '../overview/overview.js';
import { watchOverview } from '../overview/overview-events.js';
import { readPage } from '../tables/page.js';
import type { EvidenceRegistry } from './registry.js';
import { listTables, listTableSchemas } from '../queries/schema.js';
import { rowCountsSettled } from '../tables/row-counts.js';
import { search } from '../search/table-search.js';
import { SqlConsole } from '../sql/sql-runner.js';
import { sqlHandlers } from '../sql/handlers.js';
import type { SqlChildSpawner } from '../sql/sql-child-spawner.js';
import { JobBoard } from './jobs.js';
import { JobBus } from './job-bus.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import { createLibraryChannels } from '../library/channels.js';
import { huntHandlers } from '../hunt/handlers.js';
import type { LibraryStore } from '../library/library-store.js';
import { graphHandlers } from '../graph/handlers.js';
import { seekPage } from '../tables/seek.js';
import { cancelSort, sortStatus, startSort } from '../tables/sort-orders.js';
import { resolveId } from '../event/resolve-id.js';
import { dbWithTraceKeys } from '../traces/trace-keys.js';
import { lifecycleHandlers } from '../lifecycle/handlers.js';
import { fsHandlers } from '../fs-activity/handlers.js';
import { egressHandlers } from '../egress/handlers.js';
import { decisionsHandlers } from '../decisions/handlers.js';
import { fileHistoryHandlers } from '../file-history/handlers.js';
import { viewReport } from './view-reports.js';
import { caseHandlers } from '../case/handlers.js';
import { createNotableRoom } from '../notable/notable-room.js';
import type { IntegrityReportView } from '../../../shared/contract.js';
import type { IntegrityRoom } from '../integrity/integrity-room.js';
import { createIntegrityRoom } from '../integrity/integrity-room.js';
import { transcriptHandlers } from '../transcript/handlers.js';
import { relatedHandlers } from '../related/handlers.js';
import { countMatching } from '../tables/table-count.js';

export interface InspectorServiceOptions {
  readonly registry: EvidenceRegistry;
  /** How a body is saved: serve mode hands back a download URL; the desktop app shows a save dialog. */
  readonly saveBody: (evidence: Evidence, key: BodyKey, bytes: Uint8Array) => Promise<BodySaveResult> | BodySaveResult;
  /**
   * Builds the integrity report (src/main/core/check); injected so this file does not fix its shape of call.
   * `verification` is the last "Verify all bodies" result for this evidence (null before one finished), to be
   * folded into the report's archive section (checkEvidence's `verification` option).
   */
  readonly integrityReport: (
    evidence: Evidence,
    verification: VerifySummary | null,
    opts?: { readonly secrets?: boolean },
  ) => Promise<IntegrityReportView> | IntegrityReportView;
  /** How the SQL console starts its child (default child_process.fork; the desktop app passes utilityProcess). */
  readonly sqlChildSpawner?: SqlChildSpawner;
  /** Where "Verify all bodies" runs its workers (default this process's threads; serve passes its host). */
  readonly verifyRunner?: VerifyRunner;
  /** The case file tags and notes are kept in (buildInspector's casePath); null or absent: none, tagging refuses. */
  readonly casePath?: string | null;
  /** The notable set run over each session as it opens (buildInspector's notablePath); null or absent: none. */
  readonly notablePath?: string | null;
}

export interface InspectorService {
  handle<C extends Channel>(channel: C, arg: unknown): Promise<Result<ResultOf<C>>>;
  onEvent(listener: (e: InspectorEvent) => void): () => void;
  /** Open paths given on the command line or by the desktop app (never from the renderer). */
  openPaths(paths: string[], origin?: EvidenceSummary['origin'], onClose?: (() => void) | null): Promise<Result<EvidenceSummary>>;
  readonly registry: EvidenceRegistry;
  /** Host ledgers (Capsem homes) opened in this process: the Library. */
  readonly library: LibraryStore;
  /**
   * One verified body's bytes, read the way body.window and body.save read them (through the body cache), for
   * serve's downloads, which are binary and so not a contract channel. Throws for an evidence id that is not open
   * (as every handler does); a body that cannot be read is a Failure.
   */
  readBody(evidenceId: string, key: BodyKey): Result<Uint8Array>;
  dispose(): void;
}

type Handlers = { readonly [C in Channel]: (arg: ArgOf<C>) => Promise<ResultOf<C>> | ResultOf<C> };

const MAX_WINDOW = 1 << 20;

function bodyBytes(cache: BodyCache, e: Evidence, key: BodyKey): Uint8Array {
  const ck = `${e.id}\0${key.eventId}\0${key.sourceTable}\0${key.direction}`;
  const hit = cache.get(ck);
  if (hit) return hit;
  const r = readBody(e, key);
  if (!r.ok) throw new InspectorError(r.error.code, r.error.message);
  cache.set(ck, r.bytes);
  return r.bytes;
}

export function createInspectorService(opts: InspectorServiceOptions): InspectorService {
  const { registry } = opts;
  const bus = new JobBus();
  const emit = (e: InspectorEvent): void => bus.emit(e);
  /** An evidence's view reads differently now (any event but a job's): said only while it is open, a closed one has no view. */
  const said = (e: Exclude<InspectorEvent, JobEvent | { name: 'hunt.changed' }>): void => {
    if (registry.has(e.payload.evidenceId)) emit(e);
  };
  // The transports' subscriptions, dropped on dispose (the integrity room's own stops with it).
  const unsubscribes = new Set<() => void>();
  const cache = new BodyCache();
  const sql = new SqlConsole({ spawner: opts.sqlChildSpawner });
  // Made first, so its verification tracker hears each job event before the transports forward it.
  const integrity: IntegrityRoom = createIntegrityRoom({
    registry,
    integrityReport: opts.integrityReport,
    startVerify: (e) => jobs.startVerify(e),
    prepareVerify: (e) => jobs.prepareVerify(e),
    events: bus,
    emit: (evidenceId) => emit({ name: 'verdict.changed', payload: { evidenceId } }),
  });
  const jobs = new JobBoard(emit, (evidenceId, summary) => integrity.verified(evidenceId, summary), opts.verifyRunner);
  const unwrap = <T>(r: Result<T>): T => {
    if (!r.ok) throw new InspectorError(r.error.code, r.error.message);
    return r.value;
  };

  const library = createLibraryChannels(registry);
  // A hunt is about a library, not one evidence: its event goes out whatever is open.
  const hunts = huntHandlers(
    (libraryId) => library.store.get(libraryId).ledger,
    (payload) => emit({ name: 'hunt.changed', payload }),
    registry.scratchRoot,
  );
  const notable = createNotableRoom(registry, opts.notablePath ?? null, (evidenceId) =>
    said({ name: 'notable.changed', payload: { evidenceId } }),
  );
  const handlers: Handlers = {
    ...library.handlers,
    ...notable.handlers,
    ...hunts.handlers,
    ...graphHandlers(registry),
    ...lifecycleHandlers(registry),
    ...fsHandlers(registry),
    ...egressHandlers(registry, (e) => viewReport(e, 'egress.report')),
    ...decisionsHandlers(registry, (e) => viewReport(e, 'decisions.report')),
    ...fileHistoryHandlers(registry, (e) => viewReport(e, 'files.paths')),
    ...caseHandlers(registry, opts.casePath ?? null, (evidenceId) => said({ name: 'case.changed', payload: { evidenceId } })),
    ...transcriptHandlers(registry),
    ...sqlHandlers(registry, sql, (payload) => said({ name: 'sql.changed', payload })),
    ...relatedHandlers(registry),
    'evidence.list': () => registry.list(),
    'evidence.openSample': async () => unwrap(await registry.openSample()),
    'evidence.close': ({ evidenceId }) => {
      notable.forget(evidenceId);
      registry.close(evidenceId);
      cache.dropPrefix(`${evidenceId}\0`);
      integrity.forget(evidenceId);
      return null;
    },
    // Both need every table's row count: wait (without holding this thread) for the count the open started.
    overview: async ({ evidenceId }) => {
      await rowCountsSettled(registry.get(evidenceId).db);
      const e = registry.get(evidenceId);
      const built = buildOverview(e, registry.summary(evidenceId));
      watchOverview(e, (evidenceId) => said({ name: 'overview.changed', payload: { evidenceId } }));
      return built;
    },
    'tables.list': async ({ evidenceId }) => {
      await rowCountsSettled(registry.get(evidenceId).db);
      return listTables(registry.get(evidenceId).db);
    },
    'tables.schema': ({ evidenceId }) => listTableSchemas(registry.get(evidenceId).db),
    'tables.page': (arg) => readPage(registry.get(arg.evidenceId).db, arg),
    'tables.seek': (arg) => seekPage(registry.get(arg.evidenceId).db, arg),
    'tables.sort.start': (arg) => {
      const e = registry.get(arg.evidenceId);
      return startSort(e.db, e.snapshot.dbCopyPath, arg, () => said({ name: 'sort.changed', payload: { evidenceId: e.id } }));
    },
    'tables.sort.status': (arg) => sortStatus(registry.get(arg.evidenceId).db, arg),
    'tables.sort.cancel': (arg) => {
      cancelSort(registry.get(arg.evidenceId).db, arg);
      return null;
    },
    'id.resolve': ({ evidenceId, id }) => resolveId(dbWithTraceKeys(registry.get(evidenceId)), id),
    'tables.count': ({ evidenceId, table, filters }) => countMatching(registry.get(evidenceId).db, table, filters),
    'event.get': (arg) => {
      const db = registry.get(arg.evidenceId).db;
      return arg.eventId !== undefined ? eventById(db, arg.eventId) : eventByRow(db, arg.table!, arg.rowid!);
    },
    'body.window': ({ evidenceId, key, offset, length }) => {
      const e = registry.get(evidenceId);
      const bytes = bodyBytes(cache, e, key);
      const start = Math.min(offset, bytes.byteLength);
      const end = Math.min(bytes.byteLength, start + Math.min(length, MAX_WINDOW));
      const meta = e.db
        .prepare(
          'SELECT original_bytes AS o, truncated AS t FROM event_body_blobs WHERE event_id = ? AND source_table = ? AND direction = ? LIMIT 1',
        )
        .get(key.eventId, key.sourceTable, key.direction) as { o: number; t: number } | undefined;
      return {
        key,
        status: 'verified',
        storedBytes: bytes.byteLength,
        originalBytes: meta ? Number(meta.o) : bytes.byteLength,
        truncated: meta ? Number(meta.t) !== 0 : false,
        offset: start,
        base64: Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('base64'),
      };
    },
    'body.save': async ({ evidenceId, key }) => {
      const e = registry.get(evidenceId);
      return opts.saveBody(e, key, bodyBytes(cache, e, key));
    },
    ...integrity.handlers,
    'jobs.grep.start': (arg) => ({ jobId: jobs.startGrep(registry.get(arg.evidenceId), arg) }),
    'jobs.cancel': ({ jobId }) => {
      jobs.cancel(jobId);
      return null;
    },
    search: ({ evidenceId, query, kinds, limit }) => search(registry.get(evidenceId).db, query, kinds, limit),
  };

  return {
    registry,
    library: library.store,
    async handle<C extends Channel>(channel: C, raw: unknown): Promise<Result<ResultOf<C>>> {
      const arg = validateRequest(channel, raw);
      if (!arg.ok) return arg;
      try {
        const handler = handlers[channel] as (a: ArgOf<C>) => Promise<ResultOf<C>> | ResultOf<C>;
        return { ok: true, value: await handler(arg.value) };
      } catch (error) {
        return { ok: false, error: toFailure(namedSqliteError(registry, arg.value, error)) };
      } finally {
        // The verdict is polled by every view's header: it is not a view being drawn, so it must not hold the
        // follow-up back (first-view-gate.ts waits for the views' calls to go quiet).
        const evidenceId = evidenceIdOf(arg.value);
        if (evidenceId !== null && channel !== 'integrity.verdict') registry.answered(evidenceId);
      }
    },
    onEvent(listener) {
      const off = bus.on(listener);
      unsubscribes.add(off);
      return () => {
        off();
        unsubscribes.delete(off);
      };
    },
    openPaths: (paths, origin = 'path', onClose = null) => registry.open(paths, origin, onClose),
    readBody(evidenceId, key) {
      const e = registry.get(evidenceId);
      try {
        return { ok: true, value: bodyBytes(cache, e, key) };
      } catch (error) {
        return { ok: false, error: toFailure(error) };
      }
    },
    dispose() {
      integrity.dispose();
      jobs.cancelAll();
      hunts.dispose();
      notable.dispose();
      sql.dispose();
      registry.closeAll();
      for (const off of unsubscribes) off();
      unsubscribes.clear();
    },
  };
}

/** The evidence a call is about, when its argument names one. */
function evidenceIdOf(arg: unknown): string | null {
  const id = arg && typeof arg === 'object' && 'evidenceId' in arg ? (arg as { evidenceId: unknown }).evidenceId : null;
  return typeof id === 'string' ? id : null;
}

/**
 * An error SQLite raised on an evidence connection, classified by the open's own rules (sqliteFailure) and naming the
 * file: a query that meets page damage (on a large ledger before its deferred quick_check has finished) is the same
 * DB_CORRUPT finding as a failed quick_check, not an internal error. Anything else passes through unchanged.
 */
function namedSqliteError(registry: EvidenceRegistry, arg: unknown, error: unknown): unknown {
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : null;
  const evidenceId = evidenceIdOf(arg);
  if (typeof code !== 'string' || !code.startsWith('SQLITE_') || evidenceId === null) return error;
  try {
    return sqliteFailure(registry.getEvenIfDamaged(evidenceId).input.dbPath, error);
  } catch {
    return error;
  }
}
