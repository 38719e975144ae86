// docs/formats/session-check.md#body-archive: the body index against the archive file, trusting neither. Per
// generation: A1 blocks end at block_offset + 44 + comp_len, A2 at block_offset + disk_len, v3 (A3/A4) is measured on
// the selected generation file (not the directory entry the doctor measures) and against archive_state.committed_end.
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Failure } from '../../../shared/errors.js';
import type { ArchiveState, Generation } from '../../../shared/ledger-types.js';
import type { ArchiveLocation, ArchiveOpenOptions, OpenedArchive } from '../archive/types.js';
import { hasTable } from '../queries/schema.js';
import { columnsOf, scalar, scalarOrNull } from '../queries/ledger-reads.js';

export interface ArchiveCheckInput {
  readonly db: Database.Database;
  readonly generation: Generation;
  readonly dbPath: string;
  readonly location: ArchiveLocation | null;
  readonly archiveState: ArchiveState | null;
  /** The archive as the evidence opened it once (or why it could not be opened). */
  readonly slot: ArchiveSlotFacts;
}

/**
 * What the index check reads of the evidence's ArchiveSlot (evidence/types.ts): the opened file's path, size and
 * version, never its cursors. An ArchiveSlot is one; a worker thread building the report gets these facts alone.
 */
export type ArchiveSlotFacts =
  | { readonly state: 'open'; readonly archive: Pick<OpenedArchive, 'filePath' | 'fileSize' | 'fileVersion'> }
  | { readonly state: 'failed'; readonly error: Failure }
  | { readonly state: 'none' };

/** What the body index says of the archive, before any body is read (the report's archive section adds verification). */
export interface IndexSection {
  /** body_blocks and event_body_blobs exist (false for L0). */
  readonly indexed: boolean;
  /** Where the bytes live: 'archive' (session.bodies), 'sqlite' (L0), 'none'. */
  readonly storage: 'archive' | 'sqlite' | 'none';
  readonly bodies: number;
  readonly blocks: number;
  /** The file measured (v3: the selected generation file), null when none. */
  readonly archivePath: string | null;
  readonly archiveBytes: number | null;
  /** A1: max(block_offset + 44 + comp_len); A2+: max(block_offset + disk_len). */
  readonly blocksEnd: number | null;
  /** v3: archive_state.committed_end. */
  readonly committedEnd: number | null;
  readonly fileVersion: number | null;
  readonly problems: readonly Failure[];
}

export interface ArchiveCheckResult {
  readonly section: IndexSection;
  /** How workers open the archive; null when there is none to open. */
  readonly openOptions: ArchiveOpenOptions | null;
  /** Set when the archive cannot be read at all: every body fails with it. */
  readonly unreadable: Failure | null;
}

const V1_BLOCK_HEADER = 44;
const MAX_BLOCK_RAW = 16 * 1024 * 1024;
const SAMPLE = 3;

export function checkArchiveIndex(input: ArchiveCheckInput): ArchiveCheckResult {
  const { db, generation } = input;
  const hasBlocks = hasTable(db, 'body_blocks');
  const hasBlobs = hasTable(db, 'event_body_blobs');
  const bodies = hasBlobs ? scalar(db, 'SELECT COUNT(*) FROM event_body_blobs') : 0;
  const none = { archivePath: null, archiveBytes: null, blocksEnd: null, committedEnd: null, fileVersion: null };
  if (generation === 'L0') {
    const storage = hasBlobs && columnsOf(db, 'event_body_blobs').has('body') ? 'sqlite' : 'none';
    return { section: { indexed: false, storage, bodies, blocks: 0, ...none, problems: [] }, openOptions: null, unreadable: null };
  }
  if (!hasBlocks || !hasBlobs) {
    const missing = [!hasBlocks && 'body_blocks', !hasBlobs && 'event_body_blobs'].filter(Boolean).join(' and ');
    const problem: Failure = {
      code: 'SCHEMA_UNEXPECTED',
      message: `no body index: ${missing} missing from ${input.dbPath}, an ${generation} ledger`,
    };
    return {
      section: { indexed: false, storage: 'none', bodies, blocks: 0, ...none, problems: [problem] },
      openOptions: null,
      unreadable: problem,
    };
  }

  const problems: Failure[] = [];
  const blocks = scalar(db, 'SELECT COUNT(*) FROM body_blocks');
  const extent = generation === 'A1' ? `k.block_offset + ${V1_BLOCK_HEADER} + k.comp_len` : 'k.block_offset + k.disk_len';
  const blocksEnd = scalarOrNull(db, `SELECT MAX(${extent}) FROM body_blocks k`);
  const headerLen = generation === 'A1' || generation === 'A2' ? 16 : 80;
  const committedEnd = input.archiveState?.committedEnd ?? null;
  problems.push(...indexProblems(db, extent, headerLen, committedEnd));

  const expectedVersion = generation === 'A1' ? 1 : generation === 'A2' ? 2 : 3;
  const openOptions: ArchiveOpenOptions | null = input.location
    ? { location: input.location, archiveState: input.archiveState, expectedVersion }
    : null;
  const base = { indexed: true, storage: 'archive' as const, bodies, blocks, blocksEnd, committedEnd };
  const slot = input.slot;
  switch (slot.state) {
    case 'none':
      return {
        section: {
          ...base,
          archivePath: measuredFile(input.location, input.archiveState),
          archiveBytes: null,
          fileVersion: null,
          problems,
        },
        openOptions,
        unreadable: null,
      };
    case 'failed': {
      const absent = slot.error.code === 'ARCHIVE_MISSING' || slot.error.code === 'BODIES_UNAVAILABLE';
      // As the doctor: an absent archive is a problem only while blocks are recorded.
      const counts = !absent || blocks > 0;
      const problem: Failure =
        absent && blocks > 0 ? { code: slot.error.code, message: `${slot.error.message} (${blocks} blocks are recorded)` } : slot.error;
      return {
        section: {
          ...base,
          archivePath: measuredFile(input.location, input.archiveState),
          archiveBytes: null,
          fileVersion: null,
          problems: counts ? [...problems, problem] : problems,
        },
        openOptions,
        unreadable: counts ? problem : null,
      };
    }
    case 'open': {
      const { filePath, fileSize, fileVersion } = slot.archive;
      if (blocksEnd !== null && fileSize < blocksEnd) {
        problems.push({
          code: 'INDEX_PAST_END',
          message: `${filePath} is ${fileSize} bytes but its last recorded block ends at ${blocksEnd}`,
        });
      }
      return { section: { ...base, archivePath: filePath, archiveBytes: fileSize, fileVersion, problems }, openOptions, unreadable: null };
    }
  }
}

function indexProblems(db: Database.Database, extent: string, headerLen: number, committedEnd: number | null): Failure[] {
  const out: Failure[] = [];
  const rowCheck = (where: string, join: 'LEFT JOIN' | 'JOIN', code: Failure['code'], what: string): void => {
    const from = `FROM event_body_blobs b ${join} body_blocks k ON k.block_offset = b.block_offset WHERE ${where}`;
    const n = scalar(db, `SELECT COUNT(*) ${from}`);
    if (n === 0) return;
    const sample = (
      db
        .prepare(
          `SELECT b.event_id, b.source_table, b.direction, b.block_offset ${from} ORDER BY b.block_offset, b.body_offset LIMIT ${SAMPLE}`,
        )
        .raw()
        .all() as unknown[][]
    ).map((r) => `${String(r[0])} ${String(r[1])}/${String(r[2])} (block ${String(r[3])})`);
    out.push({ code, message: `${n} ${n === 1 ? 'body' : 'bodies'} ${what}: ${sample.join(', ')}${n > SAMPLE ? ', ...' : ''}` });
  };
  rowCheck('k.block_offset IS NULL', 'LEFT JOIN', 'BLOCK_NOT_RECORDED', 'name a block body_blocks does not record');
  rowCheck(
    'b.body_offset < 0 OR b.body_offset + b.body_len > k.raw_len',
    'JOIN',
    'SPAN_OUT_OF_RANGE',
    "run past the end of their block's raw bytes",
  );
  const blockCheck = (where: string, code: Failure['code'], what: string): void => {
    const n = scalar(db, `SELECT COUNT(*) FROM body_blocks k WHERE ${where}`);
    if (n === 0) return;
    const first = scalar(db, `SELECT MIN(k.block_offset) FROM body_blocks k WHERE ${where}`);
    out.push({ code, message: `${n} body_blocks ${n === 1 ? 'row' : 'rows'} ${what} (first at offset ${first})` });
  };
  blockCheck(`k.raw_len > ${MAX_BLOCK_RAW} OR k.raw_len <= 0`, 'SPAN_OUT_OF_RANGE', 'record a raw_len outside 1..16 MiB');
  blockCheck(`k.block_offset < ${headerLen}`, 'SPAN_OUT_OF_RANGE', `start inside the ${headerLen}-byte file header`);
  if (committedEnd !== null) {
    blockCheck(`${extent} > ${committedEnd}`, 'INDEX_PAST_END', `end past archive_state.committed_end ${committedEnd}`);
  }
  return out;
}

/** The file whose length the index is measured against: v3 → the selected generation file. */
function measuredFile(location: ArchiveLocation | null, state: ArchiveState | null): string | null {
  if (!location) return null;
  switch (location.kind) {
    case 'file':
      return location.path;
    case 'directory':
      return state ? join(location.path, `g-${Buffer.from(state.generationId).toString('hex')}.cbl`) : null;
  }
}
