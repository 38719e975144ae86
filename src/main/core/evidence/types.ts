import type Database from 'better-sqlite3';
import type { ArchiveState, BlockRow, FileHashes, Generation } from '../../../shared/ledger-types.js';
import type { Failure } from '../../../shared/errors.js';
import type { ArchiveLocation, OpenedArchive } from '../archive/types.js';
import type { SpawnWorker } from '../workers/worker-like.js';

/** What the user pointed at, after classification (no SQLite opened yet). */
export interface SessionInput {
  readonly kind: 'session';
  /** The folder holding session.db; its name is the session id. */
  readonly dir: string;
  readonly dbPath: string;
  /** Absent when session.db was given alone and no partner exists beside it. */
  readonly archive: ArchiveLocation | null;
  /**
   * How the user named it. A session.db given alone with no partner makes bodies "unavailable"
   * (BODIES_UNAVAILABLE); a folder or pair whose archive is absent while blocks are recorded is damage
   * (ARCHIVE_MISSING).
   */
  readonly givenAs: 'folder' | 'db' | 'pair';
}

/** A host ledger (host.db), handled by the library feature. */
export interface HostInput {
  readonly kind: 'host';
  readonly hostDbPath: string;
}

/** A Capsem home folder: `sessions/host.db` and/or `run/`. Paths are null when absent. */
export interface CapsemHomeInput {
  readonly kind: 'capsem-home';
  readonly home: string;
  readonly hostDbPath: string | null;
  readonly runDir: string | null;
}

export type ClassifiedInput = SessionInput | HostInput | CapsemHomeInput;

/** The private scratch copy of the SQLite set, with source and copy hashes. */
export interface Snapshot {
  readonly scratchDir: string;
  /** Path of the copied session.db inside scratchDir. */
  readonly dbCopyPath: string;
  /**
   * Hashes of every source file copied (db first, then -wal, -shm, -journal), taken in the same read as the copy.
   * A database the kernel copied (`proveDbCopy`) is absent until its proof passed.
   */
  readonly sources: readonly FileHashes[];
  /** Size of the SQLite set (database and sidecars) as lstat'ed before copying. */
  readonly setBytes: number;
  /**
   * Present when the database was copied by the kernel (copy_file_range) rather than read here: hashes the source
   * (SHA-256 + BLAKE3) and the copy (BLAKE3) and resolves with the source's hashes when they match, which then join
   * `sources`; rejects with SNAPSHOT_MISMATCH otherwise. Runs once; later calls return the same promise.
   */
  readonly proveDbCopy?: () => Promise<FileHashes>;
  /**
   * Wall time of the copy (ms): with a kernel copy, the copy alone (its proof follows); otherwise the copy, hashes
   * and re-hash. Lets a benchmark tell the copy from the rest of an open.
   */
  readonly copyMs?: number;
  /** Remove the scratch folder. Idempotent. */
  dispose(): void;
}

/**
 * The body archive as the evidence holds it: opened once and reused by every body read (its cursors live in it),
 * or the failure that prevented opening it (every body read then fails with that failure), or none at all (L0,
 * or an archive generation that records no blocks and has no archive beside it).
 */
export type ArchiveSlot =
  | { readonly state: 'open'; readonly archive: OpenedArchive }
  | { readonly state: 'failed'; readonly error: Failure }
  | { readonly state: 'none' };

/** One opened session ledger: a hardened read-only connection on the scratch copy, plus what we learned. */
export interface Evidence {
  /** Opaque id handed to the UI; never a path. */
  readonly id: string;
  /** Session id = name of the folder holding session.db. */
  readonly sessionId: string;
  /** Display name (persistent VM name) if one is known; never used as the id. */
  readonly displayName: string | null;
  readonly input: SessionInput;
  readonly generation: Generation;
  readonly db: Database.Database;
  readonly snapshot: Snapshot;
  /**
   * SHA-256 + BLAKE3 of session.db and of the archive file read (v3: the selected generation file). With
   * deferChecks either may be null until its follow-up part is done (`db`: the copy proof; `archive`: the archive
   * hash), and stays null when that part failed.
   */
  readonly hashes: { readonly db: FileHashes | null; readonly archive: FileHashes | null };
  readonly archiveState: ArchiveState | null;
  /** The archive, opened once (or why it could not be). */
  readonly archive: ArchiveSlot;
  /** body_blocks by block_offset, read in the same SQLite read transaction as archive_state. Empty for L0. */
  readonly blocks: ReadonlyMap<number, BlockRow>;
  /**
   * Tables that are real tables (never views) and may be queried, with their column names in declared order.
   * Ledger names that turned out to be views, or unknown objects, are absent here and described in `notes`.
   */
  readonly tables: ReadonlyMap<string, readonly string[]>;
  /** Non-fatal observations made while opening (e.g. WAL tail, foreign generation files, extra schema objects). */
  readonly notes: readonly Failure[];
  /**
   * Present when the open was asked to defer (`deferChecks`): quick_check and the archive hash, still running or
   * done. Absent when the open did everything before returning.
   */
  readonly followUp?: FollowUp;
  close(): void;
}

/** One piece of work an open left for after the first view. */
export type FollowUpPart<T> =
  | { readonly state: 'pending' }
  | { readonly state: 'done'; readonly value: T }
  /** The caller asked for it not to run (quickCheck: false, hashArchive: false). */
  | { readonly state: 'skipped' }
  | { readonly state: 'failed'; readonly error: Failure };

/**
 * What a deferred open still owes, run after openEvidence returned: PRAGMA quick_check on the scratch copy (in a
 * worker thread, on its own hardened connection), the hash of the archive file and the proof of session.db's copy.
 * Read the parts at any time; they only move from pending to a final state, once.
 */
export interface FollowUp {
  quickCheck(): FollowUpPart<'ok'>;
  archiveHash(): FollowUpPart<FileHashes | null>;
  /**
   * The proof of session.db's scratch copy (Snapshot.proveDbCopy): done with the source's hashes, or failed with
   * SNAPSHOT_MISMATCH, after which the registry refuses the structured views. Done from the start when the copy was
   * already proven during the open (no kernel copy here).
   */
  copyProof(): FollowUpPart<FileHashes>;
  /** Settles (never rejects) when copyProof reached a final state (or the evidence was closed). */
  readonly copyProofSettled: Promise<void>;
  /** Settles (never rejects) when quickCheck reached a final state (or the evidence was closed, leaving it pending). */
  readonly quickCheckSettled: Promise<void>;
  /**
   * Runs read-only statements (full-table scans the first view must not wait for) on the follow-up connection, each
   * `.all()` in raw row form, strictly after quick_check passed: a damaged ledger rejects them with its DB_CORRUPT
   * failure. Rejects with CANCELLED once the evidence is closed.
   */
  scan(statements: readonly string[]): Promise<unknown[][][]>;
  /** Settles (never rejects) when quick_check, the archive hash and the copy proof reached a final state. */
  readonly settled: Promise<void>;
}

export interface OpenEvidenceOptions {
  /** Where the private scratch folder is made (default os.tmpdir()); refused when inside the evidence folder. */
  readonly scratchRoot?: string;
  /** Run PRAGMA quick_check before anything else (default true); anything but "ok" refuses with DB_CORRUPT. */
  readonly quickCheck?: boolean;
  /** Hash the archive file read (default true). A large archive costs one full read. */
  readonly hashArchive?: boolean;
  /**
   * Return as soon as the overview can be drawn (default false): quick_check and the archive hash then run after
   * the open, reported by `evidence.followUp`, and `hashes.archive` stays null until that hash is done. session.db
   * is copied by the kernel (at disk speed, Linux) and proven after the open: `hashes.db` stays null until then. For the
   * interactive app (a 1 GiB ledger's quick_check takes seconds); the CLI, exports and the integrity report open
   * without it, so everything they read has been checked first. Only evidence larger than `deferAboveBytes` is
   * deferred: a smaller one is checked and hashed before the open returns, as without this option (no follow-up).
   */
  readonly deferChecks?: boolean;
  /** SQLite set + archive file size from which `deferChecks` defers (default DEFER_CHECKS_ABOVE_BYTES, 64 MiB). */
  readonly deferAboveBytes?: number;
  /**
   * With deferChecks on large evidence: copy session.db in the kernel and prove it after the open (default true).
   * false: copy it while hashing it, in one read, before the open returns (a caller that must wait for the proof
   * anyway, such as the integrity report, is done sooner: one read instead of a copy and two reads).
   */
  readonly kernelCopy?: boolean;
  /**
   * With a deferred open: the follow-up (its worker, the copy proof, the archive hash) starts only once this settles.
   * The interactive app (service/registry.ts) passes "the first view was answered": on two cores the follow-up's
   * threads otherwise start exactly while the first page is being served. Absent: the follow-up starts at once (the
   * CLI and check paths, which wait for it anyway).
   */
  readonly followUpAfter?: Promise<void>;
  /**
   * Where a deferred open's follow-up runs its workers (quick_check and the overview's scans on the scratch copy, the
   * copy proof's and the archive's hashes): by default threads of this process; serve mode passes its background
   * host's (jobs/verify-host-client.ts), a process of its own session whose scheduling group is lowered, so the
   * browser's first views come first.
   */
  readonly backgroundWorkers?: SpawnWorker;
}
