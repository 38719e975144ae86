/**
 * The export's temporary file, beside its final name so the closing rename never crosses a filesystem
 * (the PostgreSQL durable_rename / write-file-atomic pattern): write, fsync, re-read, rename, fsync the folder.
 * Until the rename nothing exists under the final name; a failure deletes the temporary file.
 */
import { closeSync, fsyncSync, lstatSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

const TEMP_SUFFIX = '.partial';

/** `.<final name>.<pid>.<8 hex>.partial`: hidden, names its owner process, and cannot be mistaken for a WARC. */
export function tempPathFor(finalPath: string): string {
  return join(dirname(finalPath), `.${basename(finalPath)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes temporary files an earlier export to the same final name left behind when its process was killed.
 * Only exact matches of our own pattern whose owner process is gone, and only regular files, are touched.
 */
export function removeStaleTempFiles(finalPath: string): string[] {
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(finalPath))}\\.(\\d+)\\.[0-9a-f]{8}${escapeRegExp(TEMP_SUFFIX)}$`);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dirname(finalPath));
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    const path = join(dirname(finalPath), name);
    try {
      if (!lstatSync(path).isFile()) continue;
      unlinkSync(path);
      removed.push(path);
    } catch {
      // Another cleaner got there first, or we may not delete it: leave it.
    }
  }
  return removed;
}

/** An exclusive, append-only temporary output. Every method is synchronous: the caller yields between records. */
export class TempOutput {
  private fd: number | null;
  private written = 0;

  constructor(readonly path: string) {
    // 'wx': never reuse or follow an existing name.
    this.fd = openSync(path, 'wx', 0o644);
  }

  get bytesWritten(): number {
    return this.written;
  }

  write(bytes: Uint8Array): void {
    if (this.fd === null) throw new Error(`temporary file ${this.path} is already closed`);
    let offset = 0;
    while (offset < bytes.byteLength) offset += writeSync(this.fd, bytes, offset, bytes.byteLength - offset);
    this.written += bytes.byteLength;
  }

  /** fsync and close; the bytes are on disk before anyone re-reads them. */
  finish(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Closes (if open) and deletes the temporary file; never throws. */
  discard(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed by the OS
      }
      this.fd = null;
    }
    try {
      unlinkSync(this.path);
    } catch {
      // already gone
    }
  }

  /** Gives the verified file its final name and makes the rename itself durable. */
  publish(finalPath: string): void {
    if (this.fd !== null) throw new Error(`temporary file ${this.path} must be finished before it is published`);
    renameSync(this.path, finalPath);
    fsyncFolder(dirname(finalPath));
  }
}

/** fsync a folder so a rename in it survives a crash. Some platforms cannot fsync folders; that is not an error. */
export function fsyncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EBADF' && code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
