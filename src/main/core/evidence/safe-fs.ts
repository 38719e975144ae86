/**
 * The only way this module looks at evidence paths: lstat (never stat, so a symlink is seen as one) and opens that
 * are read-only, refuse to follow a final symlink (O_NOFOLLOW), never block on a FIFO (O_NONBLOCK) and, where the
 * process owns the file, do not touch its access time (O_NOATIME).
 */
import { constants, promises as fsp } from 'node:fs';
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { InspectorError } from '../../../shared/errors.js';

export type EntryKind = 'missing' | 'file' | 'dir';

export interface Entry {
  readonly kind: EntryKind;
  readonly stat: Stats | null;
}

function describeUnsafe(stat: Stats): string | null {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isFile() || stat.isDirectory()) return null;
  return 'not a regular file or folder';
}

/**
 * Looks at one path without following it. Symlinks, FIFOs, devices and sockets throw UNSAFE_PATH naming the path;
 * a missing path is `missing`, never an error (callers decide whether absence matters).
 */
export async function lstatEntry(path: string): Promise<Entry> {
  let stat: Stats;
  try {
    stat = await fsp.lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing', stat: null };
    throw error;
  }
  const unsafe = describeUnsafe(stat);
  if (unsafe) throw new InspectorError('UNSAFE_PATH', `${path} is ${unsafe}; evidence is never followed through it or read from it`);
  return { kind: stat.isDirectory() ? 'dir' : 'file', stat };
}

const BASE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** What a classification saw of a file, enough to know a later open reached the same one (any Stats is one). */
export type SeenFile = Pick<Stats, 'ino' | 'dev'>;

/**
 * Opens an evidence file for reading only. Checks after opening that the handle is the same regular file lstat saw
 * (same device and inode), so a swap between the look and the open is caught rather than read.
 */
export async function openEvidenceFile(path: string, seen?: SeenFile): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await fsp.open(path, BASE_FLAGS | (constants.O_NOATIME ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOATIME is allowed only to the file's owner; fall back without it.
    if (code === 'EPERM') handle = await openPlain(path);
    else throw mapOpenError(path, error);
  }
  const stat = await handle.stat();
  if (!stat.isFile() || (seen && (stat.ino !== seen.ino || stat.dev !== seen.dev))) {
    await handle.close();
    throw new InspectorError('UNSAFE_PATH', `${path} changed into something other than the regular file first seen; not read`);
  }
  return handle;
}

async function openPlain(path: string): Promise<FileHandle> {
  try {
    return await fsp.open(path, BASE_FLAGS);
  } catch (error) {
    throw mapOpenError(path, error);
  }
}

function mapOpenError(path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return new InspectorError('UNSAFE_PATH', `${path} is a symbolic link; evidence is never followed through it`);
  if (code === 'ENOENT') return new InspectorError('NOT_FOUND', `${path} does not exist`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Reads up to `length` bytes at `position` from an evidence file (short when the file is shorter). */
export async function readPrefix(path: string, length: number, seen?: Stats): Promise<Buffer> {
  const handle = await openEvidenceFile(path, seen);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
