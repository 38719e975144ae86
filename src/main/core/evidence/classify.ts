/**
 * Turns what the user pointed at (a folder, a file, or the two files a drag-and-drop gives) into a typed input,
 * without opening anything: only lstat is used, so symlinks, FIFOs and devices are named, never followed.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, toFailure } from '../../../shared/errors.js';
import type { ArchiveLocation } from '../archive/types.js';
import type { CapsemHomeInput, ClassifiedInput, SessionInput } from './types.js';
import type { Entry } from './safe-fs.js';
import { lstatEntry } from './safe-fs.js';

/**
 * The archive path is always the database path with its extension replaced by `.bodies`
 * (docs/formats/ledger-format.md#files-on-disk).
 */
export function archivePathFor(dbPath: string): string {
  const ext = extname(dbPath);
  const stem = ext ? basename(dbPath).slice(0, -ext.length) : basename(dbPath);
  return join(dirname(dbPath), `${stem}.bodies`);
}

/** The inverse: the index a `.bodies` path pairs with. */
export function dbPathFor(archivePath: string): string {
  return join(dirname(archivePath), `${basename(archivePath).slice(0, -'.bodies'.length)}.db`);
}

const SIDECAR = /-(wal|shm|journal)$/;

function isArchiveName(path: string): boolean {
  return basename(path).endsWith('.bodies') && basename(path).length > '.bodies'.length;
}

function toLocation(path: string, entry: Entry): ArchiveLocation | null {
  switch (entry.kind) {
    case 'missing':
      return null;
    case 'file':
      return { kind: 'file', path };
    case 'dir':
      return { kind: 'directory', path };
  }
}

async function sessionFromDb(dbPath: string, givenAs: SessionInput['givenAs']): Promise<SessionInput> {
  await lstatEntry(dbPath); // names a symlinked session.db before anything else looks at it
  const archivePath = archivePathFor(dbPath);
  const archive = toLocation(archivePath, await lstatEntry(archivePath));
  return { kind: 'session', dir: dirname(dbPath), dbPath, archive, givenAs };
}

async function sessionFromArchive(archivePath: string, entry: Entry): Promise<SessionInput> {
  const dbPath = dbPathFor(archivePath);
  const db = await lstatEntry(dbPath);
  if (db.kind === 'missing') {
    throw new InspectorError(
      'INDEX_REQUIRED',
      `${archivePath} is a body archive; its index ${basename(dbPath)} is needed beside it to read any body (the archive has no directory of its own)`,
    );
  }
  return { kind: 'session', dir: dirname(dbPath), dbPath, archive: toLocation(archivePath, entry), givenAs: 'pair' };
}

async function classifyFolder(dir: string): Promise<ClassifiedInput> {
  const sessionDb = join(dir, 'session.db');
  const dbEntry = await lstatEntry(sessionDb);
  if (dbEntry.kind !== 'missing' || (await lstatEntry(`${sessionDb}-wal`)).kind !== 'missing') return sessionFromDb(sessionDb, 'folder');
  if (isArchiveName(dir)) return sessionFromArchive(dir, { kind: 'dir', stat: null });
  const hostDb = join(dir, 'host.db');
  if ((await lstatEntry(hostDb)).kind === 'file') return { kind: 'host', hostDbPath: hostDb };
  const home = await capsemHome(dir);
  if (home) return home;
  throw new InspectorError('NOT_A_LEDGER', `${dir} holds no session.db, host.db or Capsem home (sessions/host.db, run/)`);
}

async function capsemHome(dir: string): Promise<CapsemHomeInput | null> {
  const hostDb = join(dir, 'sessions', 'host.db');
  const runDir = join(dir, 'run');
  const host = (await lstatEntry(hostDb)).kind === 'file' ? hostDb : null;
  const run = (await lstatEntry(runDir)).kind === 'dir' ? runDir : null;
  if (!host && !run) return null;
  return { kind: 'capsem-home', home: dir, hostDbPath: host, runDir: run };
}

async function classifyOne(path: string): Promise<ClassifiedInput> {
  const entry = await lstatEntry(path);
  switch (entry.kind) {
    case 'missing':
      throw new InspectorError('NOT_FOUND', `${path} does not exist`);
    case 'dir':
      return classifyFolder(path);
    case 'file':
      if (isArchiveName(path)) return sessionFromArchive(path, entry);
      if (basename(path) === 'host.db') return { kind: 'host', hostDbPath: path };
      // A sidecar dropped on its own stands for the database it belongs to.
      return sessionFromDb(path.replace(SIDECAR, ''), 'db');
  }
}

async function classifyPair(a: string, b: string): Promise<SessionInput> {
  const [archivePath, dbPath] = isArchiveName(a) ? [a, b] : [b, a];
  if (!isArchiveName(archivePath) || isArchiveName(dbPath)) {
    throw new InspectorError('BAD_REQUEST', `two paths must be a session.db and its .bodies archive; got ${a} and ${b}`);
  }
  const dbEntry = await lstatEntry(dbPath);
  if (dbEntry.kind !== 'file') throw new InspectorError('NOT_FOUND', `${dbPath} is not a database file beside the archive`);
  const archiveEntry = await lstatEntry(archivePath);
  if (archiveEntry.kind === 'missing') throw new InspectorError('NOT_FOUND', `${archivePath} does not exist`);
  return { kind: 'session', dir: dirname(dbPath), dbPath, archive: toLocation(archivePath, archiveEntry), givenAs: 'pair' };
}

/**
 * Classifies one path (session folder, session.db, session.bodies file or v3 folder, host.db, Capsem home) or
 * two paths (session.db + its .bodies). Never opens a file; refuses symlinks/FIFOs/devices by name (UNSAFE_PATH).
 */
export async function classifyPaths(paths: string[]): Promise<Result<ClassifiedInput>> {
  try {
    const resolved = paths.map((p) => resolve(p));
    if (resolved.length === 1) return { ok: true, value: await classifyOne(resolved[0]!) };
    if (resolved.length === 2) return { ok: true, value: await classifyPair(resolved[0]!, resolved[1]!) };
    throw new InspectorError('BAD_REQUEST', `expected one path or a session.db and its .bodies archive; got ${paths.length} paths`);
  } catch (error) {
    return { ok: false, error: toFailure(error) };
  }
}
