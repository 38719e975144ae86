/**
 * Writing a small file the user keeps (the case file, the notable set) whole and atomically: a temporary file in the
 * same folder, fsync'ed, renamed over the file, then the folder fsync'ed. A reader (or a crash) sees the old file
 * or the new one, never half of either, and a failed write leaves no temporary file behind.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** The folder's entries reach the disk too, so the rename survives a power cut (not every platform can open one). */
function fsyncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Best effort: Windows cannot open a folder; the rename itself is still atomic there.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

export function writeFileAtomically(path: string, text: string): void {
  const folder = dirname(path);
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | null = openSync(temp, 'wx', 0o644);
  try {
    const bytes = Buffer.from(text, 'utf8');
    // writeSync may write less than asked; the loop makes sure every byte is down before the fsync.
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(temp, path);
  } catch (error) {
    if (fd !== null) closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  fsyncFolder(folder);
}
