// Turns an opened ledger into a verification job: totals, the rows that fail without reading (naming an
// unrecorded block, or every row when the archive cannot be opened at all), and one task per worker.
import { availableParallelism } from 'node:os';
import type Database from 'better-sqlite3';
import type { Failure } from '../../../shared/errors.js';
import type { BlockRow, Generation } from '../../../shared/ledger-types.js';
import type { ArchiveOpenOptions } from '../archive/types.js';
import { FailureTally, bodyFailure } from './body-failure.js';
import { partitionIdRange, runStarts } from './partition.js';
import type { VerifyJobSpec } from './verify-pool.js';
import type { VerifyTask } from './verify-types.js';
import { DEFAULT_MAX_LISTED_FAILURES } from './verify-types.js';

export interface VerifyPlanInput {
  /** The evidence connection (hardened, on the scratch copy). */
  readonly db: Database.Database;
  /** The scratch copy's path, which each worker opens itself. */
  readonly dbCopyPath: string;
  readonly generation: Generation;
  /** How to open the archive; null when there is none to open. */
  readonly archive: ArchiveOpenOptions | null;
  /** Set when the archive cannot be read at all (missing, bad header, identity, extent): every body fails with it. */
  readonly archiveUnreadable: Failure | null;
  /** Default: one per core; fewer when the bodies are too few to pay for starting them (MIN_BYTES_PER_WORKER). */
  readonly workers?: number;
  readonly maxListedFailures?: number;
  /** Default MIN_BYTES_PER_WORKER; 0 gives every requested worker a part (tests of the partitioning). */
  readonly minBytesPerWorker?: number;
}

const hasColumn = (db: Database.Database, table: string, column: string): boolean =>
  (db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) ?? null) !== null;
const hasTable = (db: Database.Database, table: string): boolean =>
  (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) ?? null) !== null;

export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
}

/** Raw bytes per claimed run: ~10 ms of work, so the last run ends workers within about that of each other. */
export const CLAIM_RUN_BYTES = 4 * 1024 * 1024;

/** Below this many raw bytes per worker, another worker costs more to start than it saves. */
export const MIN_BYTES_PER_WORKER = 4 * 1024 * 1024;

function workersFor(requested: number, bytes: number, minBytes: number): number {
  return minBytes <= 0 ? requested : Math.max(1, Math.min(requested, Math.ceil(bytes / minBytes)));
}

export function planVerification(input: VerifyPlanInput): VerifyJobSpec {
  const maxListed = input.maxListedFailures ?? DEFAULT_MAX_LISTED_FAILURES;
  const workers = input.workers ?? defaultWorkerCount();
  const minBytes = input.minBytesPerWorker ?? MIN_BYTES_PER_WORKER;
  const empty = new FailureTally(maxListed).result();
  const { db } = input;
  if (!hasTable(db, 'event_body_blobs')) return { tasks: [], itemsTotal: 0, bytesTotal: 0, settled: empty, maxListedFailures: maxListed };

  if (!hasTable(db, 'body_blocks')) {
    if (!hasColumn(db, 'event_body_blobs', 'body'))
      return { tasks: [], itemsTotal: 0, bytesTotal: 0, settled: empty, maxListedFailures: maxListed };
    const t = db
      .prepare('SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(body)), 0) AS bytes, MIN(id) AS lo, MAX(id) AS hi FROM event_body_blobs')
      .get() as { n: number; bytes: number; lo: number | null; hi: number | null };
    const tasks: VerifyTask[] =
      t.lo === null || t.hi === null
        ? []
        : partitionIdRange(t.lo, t.hi, workersFor(workers, t.bytes, minBytes)).map(([firstId, lastId]) => ({
            kind: 'sqlite',
            dbPath: input.dbCopyPath,
            firstId,
            lastId,
            maxListedFailures: maxListed,
          }));
    return { tasks, itemsTotal: t.n, bytesTotal: t.bytes, settled: empty, maxListedFailures: maxListed };
  }

  const totals = db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(body_len), 0) AS bytes FROM event_body_blobs').get() as {
    n: number;
    bytes: number;
  };
  const base = { itemsTotal: totals.n, bytesTotal: totals.bytes, maxListedFailures: maxListed };
  if (input.archiveUnreadable || !input.archive) {
    const why = input.archiveUnreadable ?? { code: 'ARCHIVE_MISSING', message: 'no body archive was found beside the ledger' };
    return { ...base, tasks: [], settled: settleAll(db, why, maxListed) };
  }
  const archive = input.archive;
  const blocks = recordedBlocksWithRows(db, input.generation);
  const rawBytes = blocks.reduce((n, b) => n + b.rawLen, 0);
  const count = blocks.length === 0 ? 0 : workersFor(workers, rawBytes, minBytes);
  // One worker verifies every block; more claim runs of blocks from a shared counter as they go (partition.ts).
  const claimRuns = count > 1 ? runStarts(blocks, CLAIM_RUN_BYTES) : undefined;
  const tasks: VerifyTask[] = Array.from({ length: count }, () => ({
    kind: 'archive',
    dbPath: input.dbCopyPath,
    archive,
    blocks,
    ...(claimRuns ? { claimRuns } : {}),
    maxListedFailures: maxListed,
  }));
  return { ...base, tasks, settled: settleUnrecorded(db, maxListed) };
}

/**
 * body_blocks rows that some index row names, in file order. A1's row length is comp_len
 * (docs/formats/ledger-format.md#file-format-v1).
 */
function recordedBlocksWithRows(db: Database.Database, generation: Generation): BlockRow[] {
  const lenColumn = generation === 'A1' || !hasColumn(db, 'body_blocks', 'disk_len') ? 'comp_len' : 'disk_len';
  const sealed = hasColumn(db, 'body_blocks', 'sealed_at') ? 'k.sealed_at' : 'NULL';
  const rows = db
    .prepare(
      `SELECT k.block_offset AS blockOffset, k.raw_len AS rawLen, k.${lenColumn} AS diskLen, ${sealed} AS sealedAt FROM body_blocks k ` +
        'WHERE EXISTS (SELECT 1 FROM event_body_blobs b WHERE b.block_offset = k.block_offset) ORDER BY k.block_offset',
    )
    .all() as BlockRow[];
  return rows;
}

function settleUnrecorded(db: Database.Database, maxListed: number) {
  const tally = new FailureTally(maxListed);
  const stmt = db.prepare(
    'SELECT b.id, b.event_id AS eventId, b.source_table AS sourceTable, b.direction, b.block_offset AS blockOffset, b.body_len AS bodyLen ' +
      'FROM event_body_blobs b LEFT JOIN body_blocks k ON k.block_offset = b.block_offset WHERE k.block_offset IS NULL ORDER BY b.block_offset, b.body_offset',
  );
  for (const raw of stmt.iterate()) {
    const r = raw as { id: number; eventId: string; sourceTable: string; direction: string; blockOffset: number | null; bodyLen: number };
    tally.bytes += r.bodyLen;
    tally.fail(
      bodyFailure(r, {
        code: 'BLOCK_NOT_RECORDED',
        message: `event_body_blobs row ${r.id} names a block at offset ${String(r.blockOffset)} that body_blocks does not record`,
      }),
    );
  }
  return tally.result();
}

function settleAll(db: Database.Database, why: Failure, maxListed: number) {
  const tally = new FailureTally(maxListed);
  const stmt = db.prepare(
    'SELECT event_id AS eventId, source_table AS sourceTable, direction, body_len AS bodyLen FROM event_body_blobs ORDER BY block_offset, body_offset',
  );
  for (const raw of stmt.iterate()) {
    const r = raw as { eventId: string; sourceTable: string; direction: string; bodyLen: number };
    tally.bytes += r.bodyLen;
    tally.fail(bodyFailure(r, why));
  }
  return tally.result();
}
