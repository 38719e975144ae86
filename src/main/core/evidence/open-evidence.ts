/**
 * openEvidence: classify → snapshot the SQLite set into scratch → hardened read-only connection on the copy →
 * quick_check → schema and generation (with archive_state and body_blocks in one read transaction) → open the
 * archive once → hash the archive file read. Nothing is ever written to the evidence folder.
 *
 * With `deferChecks` the open returns after the archive is opened, and quick_check and the archive hash run after
 * it (follow-up.ts), reported by `evidence.followUp`: on a 1 GiB ledger they cost seconds the first view need not
 * wait for. What the first view reads before quick_check is done is read through the hardened connection
 * (cell_size_check, defensive, no mmap), where a damaged page is an SQLITE_CORRUPT error on that query, never a
 * crash; once quick_check fails, the registry refuses the evidence's structured views (DB_CORRUPT).
 */
import { lstatSync } from 'node:fs';
import { basename } from 'node:path';
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Result } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { ArchiveSlot, Evidence, OpenEvidenceOptions, SessionInput, Snapshot } from './types.js';
import { classifyPaths } from './classify.js';
import { snapshotSqlite } from './snapshot.js';
import { openHardened, requireQuickCheck, sqliteFailure } from './open-hardened.js';
import { readSchema } from './schema.js';
import { detectGeneration } from './generation.js';
import type { ArchiveOpener } from './archive-slot.js';
import { openArchiveSlot } from './archive-slot.js';
import { hashEvidenceFile } from './hash-copy.js';
import type { RunningFollowUp } from './follow-up.js';
import { startFollowUp } from './follow-up.js';
import { readBlockRows } from '../bodies/block-rows.js';
import { initBlake3 } from '../archive/blake3.js';
import { defaultArchiveOpener } from './default-archive-opener.js';

export interface OpenEvidenceDeps {
  /** The archive reader's entry; replaceable in tests. */
  readonly openArchive?: ArchiveOpener;
}

function readLedger(db: Database.Database, dbPath: string) {
  // One read transaction: archive_state, body_blocks and the row count describe the same committed state.
  return db.transaction(() => {
    const schema = readSchema(db, dbPath);
    const detected = detectGeneration(db, schema, dbPath);
    const blocks = readBlockRows(db, detected.generation, schema.tables.get('body_blocks'));
    const hasIndexRows = schema.tables.has('event_body_blobs') && db.prepare('SELECT 1 FROM event_body_blobs LIMIT 1').get() !== undefined;
    return { schema, detected, blocks, recordsBodies: blocks.size > 0 || hasIndexRows };
  })();
}

async function hashArchive(slot: ArchiveSlot, wanted: boolean): Promise<FileHashes | null> {
  if (!wanted || slot.state !== 'open') return null;
  return hashEvidenceFile(slot.archive.filePath);
}

/**
 * Below this much evidence (SQLite set + archive file) `deferChecks` does nothing: quick_check (~5 ms/MiB here) and
 * the hashes fit in the first view's budget, and the views never see an unchecked ledger.
 */
export const DEFER_CHECKS_ABOVE_BYTES = 64 * 1024 * 1024;

function evidenceBytes(snapshot: Snapshot, input: SessionInput): number {
  const sqlite = snapshot.sources.reduce((n, s) => n + s.size, 0);
  let archive = 0;
  try {
    if (input.archive) archive = lstatSync(input.archive.path).size;
  } catch {
    archive = 0;
  }
  return sqlite + archive;
}

export async function openEvidence(paths: string[], opts: OpenEvidenceOptions = {}, deps: OpenEvidenceDeps = {}): Promise<Result<Evidence>> {
  const classified = await classifyPaths(paths);
  if (!classified.ok) return classified;
  const input = classified.value;
  if (input.kind !== 'session') {
    return { ok: false, error: fail('BAD_REQUEST', `${input.kind === 'host' ? input.hostDbPath : input.home} is a ${input.kind === 'host' ? 'host ledger' : 'Capsem home'}, not a session ledger; open it from the library`) };
  }
  return openSession(input, opts, deps);
}

export async function openSession(input: SessionInput, opts: OpenEvidenceOptions = {}, deps: OpenEvidenceDeps = {}): Promise<Result<Evidence>> {
  const snapshotResult = await snapshotSqlite(input.dbPath, { scratchRoot: opts.scratchRoot });
  if (!snapshotResult.ok) return snapshotResult;
  const snapshot: Snapshot = snapshotResult.value;
  let db: Database.Database | null = null;
  let slot: ArchiveSlot = { state: 'none' };
  try {
    await initBlake3();
    db = openHardened(snapshot.dbCopyPath);
    const opened = db;
    let ledger: ReturnType<typeof readLedger>;
    const defer = opts.deferChecks === true && evidenceBytes(snapshot, input) > (opts.deferAboveBytes ?? DEFER_CHECKS_ABOVE_BYTES);
    try {
      if (opts.quickCheck !== false && !defer) requireQuickCheck(opened, input.dbPath);
      ledger = readLedger(opened, input.dbPath);
    } catch (error) {
      throw sqliteFailure(input.dbPath, error);
    }
    const { schema, detected, blocks, recordsBodies } = ledger;
    slot = await openArchiveSlot({ input, generation: detected.generation, archiveState: detected.archiveState, recordsBodies, open: deps.openArchive ?? defaultArchiveOpener });
    const finalSlot = slot;
    const followUp: RunningFollowUp | null = defer
      ? startFollowUp({
          dbCopyPath: snapshot.dbCopyPath,
          dbPath: input.dbPath,
          quickCheck: opts.quickCheck !== false,
          hashArchive: opts.hashArchive !== false && finalSlot.state === 'open' ? () => hashEvidenceFile(finalSlot.archive.filePath) : null,
          runHere: (statements) => statements.map((sql) => opened.prepare(sql).raw().all() as unknown[][]),
          quickCheckHere: () => requireQuickCheck(opened, input.dbPath),
        })
      : null;
    const archiveHashes = defer ? null : await hashArchive(slot, opts.hashArchive !== false);
    const dbHashes = snapshot.sources[0]!;
    const archiveNow = (): FileHashes | null => {
      if (!followUp) return archiveHashes;
      const part = followUp.archiveHash();
      return part.state === 'done' ? part.value : null;
    };
    let closed = false;
    const evidence: Evidence = {
      id: randomUUID(),
      sessionId: basename(input.dir),
      displayName: null,
      input,
      generation: detected.generation,
      db: opened,
      snapshot,
      // `archive` is read when asked: with deferChecks it turns from null to the hashes once the follow-up took them.
      hashes: {
        db: dbHashes,
        get archive() {
          return archiveNow();
        },
      },
      archiveState: detected.archiveState,
      archive: finalSlot,
      blocks,
      tables: schema.tables,
      notes: schema.notes,
      ...(followUp ? { followUp } : {}),
      close() {
        if (closed) return;
        closed = true;
        followUp?.stop();
        if (finalSlot.state === 'open') finalSlot.archive.close();
        opened.close();
        snapshot.dispose();
      },
    };
    return { ok: true, value: evidence };
  } catch (error) {
    if (slot.state === 'open') slot.archive.close();
    db?.close();
    snapshot.dispose();
    return { ok: false, error: toFailure(error) };
  }
}
