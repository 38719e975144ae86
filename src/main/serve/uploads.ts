/**
 * Dropped session files, uploaded into a private scratch folder (mode 0700, outside any evidence) and opened
 * from there. Only the names a session folder holds are accepted, so an upload can never place a file
 * anywhere else: session.db, its -wal/-shm/-journal, a single-file session.bodies, or v3 generation files.
 * Every refusal is BAD_REQUEST with a sentence that names the file as the browser named it, never a server path.
 * An upload nobody finished expires after UPLOAD_IDLE_MS (and the page discards one that failed), so abandoned ones
 * cannot use up the MAX_PENDING places; a folder a killed serve left is removed at the next start (its marker).
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { InspectorError } from '../../shared/errors.js';
import { markerText, removeAbandonedScratch } from '../core/evidence/abandoned-scratch.js';

export const UPLOAD_PREFIX = 'capsem-upload-';
export const UPLOAD_MARKER = '.capsem-inspect-upload';
/** An upload with no file arriving for this long is given up (a drop sends its files back to back). */
export const UPLOAD_IDLE_MS = 5 * 60_000;

const FILE_NAMES =
  /^(session\.db|session\.db-wal|session\.db-shm|session\.db-journal|session\.bodies|session\.bodies\/g-[0-9a-f]{32}\.cbl)$/;
const FOLDER_NAME = /^[A-Za-z0-9._-]{1,128}$/;
/** Per file; generous (a ledger's archive can be large) but finite. */
const MAX_FILE_BYTES = 64 * 1024 ** 3;
const MAX_PENDING = 8;

interface Upload {
  readonly root: string;
  readonly sessionDir: string;
  readonly names: Set<string>;
  /** When a file last began or ended arriving; files still arriving keep it from expiring. */
  touched: number;
  receiving: number;
}

/** A name from the upload URL, %-decoded; a malformed escape is the browser's mistake, not ours. */
export function uploadFileName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new InspectorError('BAD_REQUEST', `the upload name ${JSON.stringify(raw.slice(0, 200))} is not valid %-escaped text`);
  }
}

export class UploadArea {
  private readonly uploads = new Map<string, Upload>();
  constructor(
    private readonly scratchRoot = tmpdir(),
    private readonly now: () => number = Date.now,
  ) {
    removeAbandonedScratch([{ prefix: UPLOAD_PREFIX, marker: UPLOAD_MARKER }], scratchRoot);
  }

  begin(folder: string | null): string {
    this.expire();
    if (this.uploads.size >= MAX_PENDING)
      throw new InspectorError('BAD_REQUEST', 'too many uploads are pending; open or discard one first');
    const name =
      folder && FOLDER_NAME.test(folder) && folder !== '.' && folder !== '..' ? folder : `dropped-${randomBytes(4).toString('hex')}`;
    const root = mkdtempSync(join(this.scratchRoot, UPLOAD_PREFIX));
    writeFileSync(join(root, UPLOAD_MARKER), markerText('upload folder'), { mode: 0o600, flag: 'wx' });
    const sessionDir = join(root, name);
    mkdirSync(sessionDir, { mode: 0o700 });
    const id = `up-${randomBytes(12).toString('hex')}`;
    this.uploads.set(id, { root, sessionDir, names: new Set(), touched: this.now(), receiving: 0 });
    return id;
  }

  async receive(id: string, name: string, body: IncomingMessage): Promise<number> {
    const u = this.uploads.get(id);
    if (!u)
      throw new InspectorError(
        'BAD_REQUEST',
        `no upload has id ${id} (it was opened, discarded, or expired after ${UPLOAD_IDLE_MS / 60_000} idle minutes)`,
      );
    if (!FILE_NAMES.test(name))
      throw new InspectorError(
        'BAD_REQUEST',
        `${name} is not a file a session folder holds (session.db, -wal, -shm, -journal, session.bodies)`,
      );
    if (u.names.has(name)) throw new InspectorError('BAD_REQUEST', `${name} was already uploaded`);
    // session.bodies is either one file (A1, A2) or a folder of generation files (A3, A4), never both.
    const asFolder = name.startsWith('session.bodies/');
    if (asFolder ? u.names.has('session.bodies') : name === 'session.bodies' && [...u.names].some((n) => n.startsWith('session.bodies/'))) {
      throw new InspectorError(
        'BAD_REQUEST',
        `${name} cannot join this upload: session.bodies was already uploaded as a ${asFolder ? 'file' : 'folder of generation files'}, and a session holds one or the other`,
      );
    }
    u.names.add(name);
    u.receiving += 1;
    u.touched = this.now();
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(size > MAX_FILE_BYTES ? new InspectorError('BAD_REQUEST', `${name} is larger than the upload limit`) : null, chunk);
      },
    });
    try {
      if (asFolder) mkdirSync(join(u.sessionDir, 'session.bodies'), { recursive: true, mode: 0o700 });
      await pipeline(body, limit, createWriteStream(join(u.sessionDir, name), { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      if (error instanceof InspectorError) throw error;
      // The file system's own message names the scratch path; the page gets the reason alone.
      const errno = (error as NodeJS.ErrnoException | null)?.code ?? 'a write error';
      throw new InspectorError('BAD_REQUEST', `${name} could not be stored (${errno}); discard this upload and drop the files again`);
    } finally {
      u.receiving -= 1;
      u.touched = this.now();
    }
    return size;
  }

  /** Gives up an upload (the page does after a failed file): its folder is removed and its place freed. */
  discard(id: string): void {
    const u = this.uploads.get(id);
    if (!u) throw new InspectorError('BAD_REQUEST', `no upload has id ${id}`);
    this.uploads.delete(id);
    rmSync(u.root, { recursive: true, force: true });
  }

  /** Uploads idle past UPLOAD_IDLE_MS with no file arriving: removed, so abandoned ones never lock dropping. */
  private expire(): void {
    const now = this.now();
    for (const [id, u] of this.uploads) {
      if (u.receiving === 0 && now - u.touched > UPLOAD_IDLE_MS) {
        this.uploads.delete(id);
        rmSync(u.root, { recursive: true, force: true });
      }
    }
  }

  /** Uploads begun and neither opened, discarded nor expired. */
  pending(): number {
    return this.uploads.size;
  }

  /** The folder to open, and the cleanup to run when the evidence is closed. */
  finish(id: string): { dir: string; cleanup: () => void } {
    const u = this.uploads.get(id);
    if (!u) throw new InspectorError('BAD_REQUEST', `no upload has id ${id}`);
    this.uploads.delete(id);
    if (!u.names.has('session.db')) {
      rmSync(u.root, { recursive: true, force: true });
      throw new InspectorError(
        'INDEX_REQUIRED',
        'the dropped files hold no session.db; drop the whole session folder (session.db with its -wal and session.bodies)',
      );
    }
    return { dir: u.sessionDir, cleanup: () => rmSync(u.root, { recursive: true, force: true }) };
  }

  disposeAll(): void {
    for (const u of this.uploads.values()) rmSync(u.root, { recursive: true, force: true });
    this.uploads.clear();
  }
}
