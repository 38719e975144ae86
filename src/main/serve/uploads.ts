/**
 * Dropped session files, uploaded into a private scratch folder (mode 0700, outside any evidence) and opened
 * from there. Only the names a session folder holds are accepted, so an upload can never place a file
 * anywhere else: session.db, its -wal/-shm/-journal, a single-file session.bodies, or v3 generation files.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { InspectorError } from '../../shared/errors.js';

const FILE_NAMES = /^(session\.db|session\.db-wal|session\.db-shm|session\.db-journal|session\.bodies|session\.bodies\/g-[0-9a-f]{32}\.cbl)$/;
const FOLDER_NAME = /^[A-Za-z0-9._-]{1,128}$/;
/** Per file; generous (a ledger's archive can be large) but finite. */
const MAX_FILE_BYTES = 64 * 1024 ** 3;
const MAX_PENDING = 8;

interface Upload {
  readonly root: string;
  readonly sessionDir: string;
  readonly names: Set<string>;
}

export class UploadArea {
  private readonly uploads = new Map<string, Upload>();
  constructor(private readonly scratchRoot = tmpdir()) {}

  begin(folder: string | null): string {
    if (this.uploads.size >= MAX_PENDING) throw new InspectorError('BAD_REQUEST', 'too many uploads are pending; open or discard one first');
    const name = folder && FOLDER_NAME.test(folder) && folder !== '.' && folder !== '..' ? folder : `dropped-${randomBytes(4).toString('hex')}`;
    const root = mkdtempSync(join(this.scratchRoot, 'capsem-upload-'));
    const sessionDir = join(root, name);
    mkdirSync(sessionDir, { mode: 0o700 });
    const id = `up-${randomBytes(12).toString('hex')}`;
    this.uploads.set(id, { root, sessionDir, names: new Set() });
    return id;
  }

  async receive(id: string, name: string, body: IncomingMessage): Promise<number> {
    const u = this.uploads.get(id);
    if (!u) throw new InspectorError('BAD_REQUEST', `no upload has id ${id}`);
    if (!FILE_NAMES.test(name)) throw new InspectorError('BAD_REQUEST', `${name} is not a file a session folder holds (session.db, -wal, -shm, -journal, session.bodies)`);
    if (u.names.has(name)) throw new InspectorError('BAD_REQUEST', `${name} was already uploaded`);
    if (name.startsWith('session.bodies/')) mkdirSync(join(u.sessionDir, 'session.bodies'), { recursive: true, mode: 0o700 });
    u.names.add(name);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(size > MAX_FILE_BYTES ? new InspectorError('BAD_REQUEST', `${name} is larger than the upload limit`) : null, chunk);
      },
    });
    await pipeline(body, limit, createWriteStream(join(u.sessionDir, name), { flags: 'wx', mode: 0o600 }));
    return size;
  }

  /** The folder to open, and the cleanup to run when the evidence is closed. */
  finish(id: string): { dir: string; cleanup: () => void } {
    const u = this.uploads.get(id);
    if (!u) throw new InspectorError('BAD_REQUEST', `no upload has id ${id}`);
    this.uploads.delete(id);
    if (!u.names.has('session.db')) {
      rmSync(u.root, { recursive: true, force: true });
      throw new InspectorError('INDEX_REQUIRED', 'the dropped files hold no session.db; drop the whole session folder (session.db with its -wal and session.bodies)');
    }
    return { dir: u.sessionDir, cleanup: () => rmSync(u.root, { recursive: true, force: true }) };
  }

  disposeAll(): void {
    for (const u of this.uploads.values()) rmSync(u.root, { recursive: true, force: true });
    this.uploads.clear();
  }
}
