import type Database from 'better-sqlite3';
import type { ArchiveState, FileHashes, Generation } from '../../../shared/ledger-types.js';
import type { Failure } from '../../../shared/errors.js';
import type { ArchiveLocation } from '../archive/types.js';

/** What the user pointed at, after classification (no SQLite opened yet). */
export interface SessionInput {
  readonly kind: 'session';
  /** The folder holding session.db; its name is the session id. */
  readonly dir: string;
  readonly dbPath: string;
  /** Absent when session.db was given alone and no partner exists beside it. */
  readonly archive: ArchiveLocation | null;
}

/** The private scratch copy of the SQLite set, with source and copy hashes. */
export interface Snapshot {
  readonly scratchDir: string;
  /** Path of the copied session.db inside scratchDir. */
  readonly dbCopyPath: string;
  /** Hashes of every source file copied (db, -wal, -shm, -journal), taken in the same read as the copy. */
  readonly sources: readonly FileHashes[];
  /** Remove the scratch folder. */
  dispose(): void;
}

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
  /** SHA-256 + BLAKE3 of session.db and of the archive file read (v3: the selected generation file). */
  readonly hashes: { readonly db: FileHashes; readonly archive: FileHashes | null };
  readonly archiveState: ArchiveState | null;
  /** Non-fatal observations made while opening (e.g. WAL tail, foreign generation files, extra schema objects). */
  readonly notes: readonly Failure[];
  close(): void;
}
