import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveState } from '../../../shared/ledger-types.js';
import { fail, type Failure } from '../../../shared/errors.js';
import { checkIdentity, generationFileName, parseFileHeader, type FileHeaderInfo } from './file-header.js';
import { FILE_HEADER_LEN_V3 } from './constants.js';
import type { ArchiveLocation } from './types.js';

/** An archive file opened read-only, its header validated. */
export interface ArchiveFile {
  readonly fd: number;
  readonly path: string;
  readonly size: number;
  readonly header: FileHeaderInfo;
  readonly committedEnd: number | null;
}

export type ArchiveFileResult = { readonly ok: true; readonly file: ArchiveFile } | { readonly ok: false; readonly error: Failure };

const no = (code: Failure['code'], message: string): ArchiveFileResult => ({ ok: false, error: fail(code, message) });

/**
 * Finds the file to read and validates its header (docs/formats/ledger-format.md#file-format-v1 to #file-format-v3,
 * #refusals). A v3 directory: only the generation archive_state selects is opened (foreign or orphan files are never
 * listed, let alone read). A regular file with a v3 header is read with v3 rules, without identity checks.
 */
export function openArchiveFile(location: ArchiveLocation, expected: 1 | 2 | 3, state: ArchiveState | null): ArchiveFileResult {
  const where = lstatKind(location.path);
  if (where === 'missing') return no('ARCHIVE_MISSING', `the body archive ${location.path} does not exist`);
  if (where === 'other') return no('UNSAFE_PATH', `the body archive ${location.path} is a symlink or special file; it is not followed`);
  let filePath = location.path;
  if (location.kind === 'directory' || where === 'directory') {
    if (where !== 'directory')
      return no('BAD_FILE_HEADER', `the body archive ${location.path} is a regular file where a v3 generation directory is expected`);
    if (expected !== 3)
      return no(
        'BAD_FILE_HEADER',
        `the body archive ${location.path} is a v3 generation directory, but this ledger generation expects a v${expected} file`,
      );
    if (!state) return no('BAD_REQUEST', `the generation directory ${location.path} can only be read with its archive_state`);
    filePath = path.join(location.path, generationFileName(state.generationId));
    const kind = lstatKind(filePath);
    if (kind === 'missing') return no('ARCHIVE_MISSING', `the selected generation file ${filePath} (archive_state) does not exist`);
    if (kind !== 'file') return no('UNSAFE_PATH', `the selected generation file ${filePath} is not a regular file`);
  }
  let fd: number;
  try {
    fd = fs.openSync(filePath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (e) {
    return no('ARCHIVE_MISSING', `the body archive ${filePath} cannot be opened: ${e instanceof Error ? e.message : String(e)}`);
  }
  const checked = checkOpened(fd, filePath, expected, state, location.kind === 'directory' || where === 'directory');
  if (!checked.ok) fs.closeSync(fd);
  return checked;
}

function checkOpened(
  fd: number,
  filePath: string,
  expected: 1 | 2 | 3,
  state: ArchiveState | null,
  inDirectory: boolean,
): ArchiveFileResult {
  const st = fs.fstatSync(fd);
  if (!st.isFile()) return no('UNSAFE_PATH', `the body archive ${filePath} is not a regular file`);
  const head = new Uint8Array(Math.min(FILE_HEADER_LEN_V3, st.size));
  const n = head.length > 0 ? fs.readSync(fd, head, 0, head.length, 0) : 0;
  const parsed = parseFileHeader(head.subarray(0, n), filePath, expected);
  if (!parsed.ok) return parsed;
  let committedEnd: number | null = null;
  if (parsed.info.version === 3 && state) {
    if (inDirectory) {
      const mismatch = checkIdentity(parsed.info, state, path.basename(filePath), filePath);
      if (mismatch) return { ok: false, error: mismatch };
    }
    if (!Number.isSafeInteger(state.committedEnd) || state.committedEnd < FILE_HEADER_LEN_V3) {
      return no('COMMITTED_EXTENT', `archive_state.committed_end ${String(state.committedEnd)} is not an integer ≥ 80`);
    }
    if (st.size < state.committedEnd) {
      return no(
        'COMMITTED_EXTENT',
        `the generation ${filePath} is ${st.size} bytes, shorter than archive_state.committed_end ${state.committedEnd}`,
      );
    }
    committedEnd = state.committedEnd;
  }
  return { ok: true, file: { fd, path: filePath, size: st.size, header: parsed.info, committedEnd } };
}

function lstatKind(p: string): 'missing' | 'file' | 'directory' | 'other' {
  try {
    const st = fs.lstatSync(p);
    if (st.isFile()) return 'file';
    if (st.isDirectory()) return 'directory';
    return 'other';
  } catch {
    return 'missing';
  }
}

/** Positional read of exactly `len` bytes; returns fewer only when the file ends first. */
export function readAt(fd: number, position: number, len: number): Uint8Array {
  return readInto(fd, position, new Uint8Array(len));
}

/** Positional read filling `buf` (a caller's reused buffer); the view returned is shorter only when the file ends first. */
export function readInto(fd: number, position: number, buf: Uint8Array): Uint8Array {
  const len = buf.length;
  let got = 0;
  while (got < len) {
    const n = fs.readSync(fd, buf, got, len - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === len ? buf : buf.subarray(0, got);
}
