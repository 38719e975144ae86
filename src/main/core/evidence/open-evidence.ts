/**
 * openEvidence: classify → snapshot the SQLite set into scratch → hardened read-only connection on the copy →
 * quick_check → schema and generation (with archive_state and body_blocks in one read transaction) → open the
 * archive once → hash the archive file read. Nothing is ever written to the evidence folder.
 *
 * With `deferChecks` the open returns after the archive is opened, and quick_check and the archive hash run after
 * it (follow-up.ts), reported by `evidence.followUp`: on a 1 GiB ledger they cost seconds the first view need not
 * wait for. session.db is then copied by the kernel (copy_file_range, at disk speed) and its copy proven by hashing
 * source and copy after the open (the follow-up's copyProof): hashing 1.2 GB with SHA-256 alone takes ~3× as long
 * as `cp` of it, so a copy that hashes inline can never run at disk speed. Until the proof is done `hashes.db` is
 * null; once it fails (SNAPSHOT_MISMATCH) the registry refuses the structured views. What the first view reads
 * before quick_check is done is read through the hardened connection (cell_size_check, defensive, no mmap), where a
 * damaged page is an SQLITE_CORRUPT error on that query, never a crash; once quick_check fails, the registry
 * refuses the evidence's structured views (DB_CORRUPT).
 */
import { lstatSync } from 'node:fs';
import { basename } from 'node:path';
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Failure, Result } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import type { FileHashes, Generation } from '../../../shared/ledger-types.js';
import type { ArchiveSlot, Evidence, OpenEvidenceOptions, SessionInput, Snapshot } from './types.js';
import { classifyPaths } from './classify.js';
import { snapshotSqlite } from './snapshot.js';
import { openHardened, requireQuickCheck, sqliteFailure } from './open-hardened.js';
import { readSchema } from './schema.js';
import { detectGeneration } from './generation.js';
import type { ArchiveOpener } from './archive-slot.js';
import { openArchiveSlot } from './archive-slot.js';
import { hashEvidenceFile } from './hash-copy.js';
import { proofReadsElsewhere } from './hash-file-elsewhere.js';
import { DEFAULT_PROOF_READS } from './copy-proof.js';
import type { RunningFollowUp } from './follow-up.js';
import { startFollowUp } from './follow-up.js';
import { readBlockRows } from './block-rows.js';
import { initBlake3 } from '../archive/blake3.js';
import { defaultArchiveOpener } from './default-archive-opener.js';
import { newestShapeGaps, shapeGapSentence } from './newest-shape.js';

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

function archiveBytes(input: SessionInput): number {
  try {
    return input.archive ? lstatSync(input.archive.path).size : 0;
  } catch {
    return 0;
  }
}

/** session.db's hashes among the snapshot's sources: absent while a kernel copy awaits its proof. */
function dbSourceHashes(snapshot: Snapshot, dbPath: string): FileHashes | null {
  return snapshot.sources.find((s) => s.path === dbPath) ?? null;
}

export async function openEvidence(
  paths: string[],
  opts: OpenEvidenceOptions = {},
  deps: OpenEvidenceDeps = {},
): Promise<Result<Evidence>> {
  const classified = await classifyPaths(paths);
  if (!classified.ok) return classified;
  const input = classified.value;
  if (input.kind !== 'session') {
    return {
      ok: false,
      error: fail(
        'BAD_REQUEST',
        `${input.kind === 'host' ? input.hostDbPath : input.home} is a ${input.kind === 'host' ? 'host ledger' : 'Capsem home'}, not a session ledger; open it from the library`,
      ),
    };
  }
  return openSession(input, opts, deps);
}

export async function openSession(
  input: SessionInput,
  opts: OpenEvidenceOptions = {},
  deps: OpenEvidenceDeps = {},
): Promise<Result<Evidence>> {
  // The follow-up's file reads (the copy proof's, the archive hash) go where its worker goes (serve: its background host).
  const followUpReads = opts.backgroundWorkers ? proofReadsElsewhere(opts.backgroundWorkers) : DEFAULT_PROOF_READS;
  // The deferral rule (deferChecks and evidence above the threshold) also decides the kernel copy, so it is taken
  // from sizes before copying: the SQLite set as the snapshot lstat's it, plus the archive file.
  const archive = archiveBytes(input);
  const threshold = opts.deferAboveBytes ?? DEFER_CHECKS_ABOVE_BYTES;
  const snapshotResult = await snapshotSqlite(input.dbPath, {
    scratchRoot: opts.scratchRoot,
    ...(opts.deferChecks === true && opts.kernelCopy !== false ? { kernelCopyAboveBytes: threshold - archive } : {}),
    proofReads: followUpReads,
  });
  if (!snapshotResult.ok) return snapshotResult;
  const snapshot: Snapshot = snapshotResult.value;
  let db: Database.Database | null = null;
  let slot: ArchiveSlot = { state: 'none' };
  try {
    await initBlake3();
    db = openHardened(snapshot.dbCopyPath);
    const opened = db;
    let ledger: ReturnType<typeof readLedger>;
    const defer = opts.deferChecks === true && snapshot.setBytes + archive > threshold;
    // The same rule chose the kernel copy, so only a deferred open has one to prove; should they ever disagree, the
    // proof runs here rather than never.
    if (!defer && snapshot.proveDbCopy) await snapshot.proveDbCopy();
    try {
      if (opts.quickCheck !== false && !defer) requireQuickCheck(opened, input.dbPath);
      ledger = readLedger(opened, input.dbPath);
    } catch (error) {
      throw sqliteFailure(input.dbPath, error);
    }
    const { schema, detected, blocks, recordsBodies } = ledger;
    slot = await openArchiveSlot({
      input,
      generation: detected.generation,
      archiveState: detected.archiveState,
      recordsBodies,
      open: deps.openArchive ?? defaultArchiveOpener,
    });
    const finalSlot = slot;
    const followUp: RunningFollowUp | null = defer
      ? startFollowUp({
          dbCopyPath: snapshot.dbCopyPath,
          dbPath: input.dbPath,
          quickCheck: opts.quickCheck !== false,
          hashArchive:
            opts.hashArchive !== false && finalSlot.state === 'open' ? () => followUpReads.hashSource(finalSlot.archive.filePath) : null,
          // Kernel-copied: proven now, after the open. Otherwise (small set, or no /proc/self/fd) it was proven in
          // the snapshot, as without deferChecks.
          copyProof: snapshot.proveDbCopy ?? dbSourceHashes(snapshot, input.dbPath)!,
          runHere: (statements) => statements.map((sql) => opened.prepare(sql).raw().all() as unknown[][]),
          quickCheckHere: () => requireQuickCheck(opened, input.dbPath),
          ...(opts.followUpAfter ? { startAfter: opts.followUpAfter } : {}),
          ...(opts.backgroundWorkers ? { spawn: opts.backgroundWorkers } : {}),
        })
      : null;
    const archiveHashes = defer ? null : await hashArchive(slot, opts.hashArchive !== false);
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
      // Read when asked: with deferChecks each turns from null to the hashes once its follow-up part took them.
      hashes: {
        get db() {
          return dbSourceHashes(snapshot, input.dbPath);
        },
        get archive() {
          return archiveNow();
        },
      },
      archiveState: detected.archiveState,
      archive: finalSlot,
      blocks,
      tables: schema.tables,
      notes: withShapeNote(schema.notes, detected.generation, schema.tables, input.dbPath),
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

/** An earlier A4 build's tables are named on the overview as the report names them (newest-shape.ts). */
function withShapeNote(
  notes: readonly Failure[],
  generation: Generation,
  tables: ReadonlyMap<string, readonly string[]>,
  dbPath: string,
): readonly Failure[] {
  const gaps = newestShapeGaps(generation, (t) => {
    const columns = tables.get(t);
    return columns ? new Set(columns) : null;
  });
  return gaps ? [...notes, fail('SCHEMA_UNEXPECTED', `${dbPath}: ${shapeGapSentence(gaps)}`)] : notes;
}
