/**
 * openEvidence: classify → snapshot the SQLite set into scratch → hardened read-only connection on the copy →
 * quick_check → schema and generation (with archive_state and body_blocks in one read transaction) → open the
 * archive once → hash the archive file read. Nothing is ever written to the evidence folder.
 */
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
    try {
      if (opts.quickCheck !== false) requireQuickCheck(opened, input.dbPath);
      ledger = readLedger(opened, input.dbPath);
    } catch (error) {
      throw sqliteFailure(input.dbPath, error);
    }
    const { schema, detected, blocks, recordsBodies } = ledger;
    slot = await openArchiveSlot({ input, generation: detected.generation, archiveState: detected.archiveState, recordsBodies, open: deps.openArchive ?? defaultArchiveOpener });
    const archiveHashes = await hashArchive(slot, opts.hashArchive !== false);
    const dbHashes = snapshot.sources[0]!;
    const finalSlot = slot;
    let closed = false;
    const evidence: Evidence = {
      id: randomUUID(),
      sessionId: basename(input.dir),
      displayName: null,
      input,
      generation: detected.generation,
      db: opened,
      snapshot,
      hashes: { db: dbHashes, archive: archiveHashes },
      archiveState: detected.archiveState,
      archive: finalSlot,
      blocks,
      tables: schema.tables,
      notes: schema.notes,
      close() {
        if (closed) return;
        closed = true;
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
