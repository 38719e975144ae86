/** Before/after snapshot of an evidence folder (EVI-1): every entry's name, type, size, SHA-256, mode, mtime, ctime. */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface EntrySnapshot {
  readonly path: string;
  readonly type: 'file' | 'dir' | 'other';
  readonly size: number;
  readonly sha256: string | null;
  readonly mode: number;
  readonly mtimeNs: string;
  readonly ctimeNs: string;
}

export function snapshotFolder(root: string): EntrySnapshot[] {
  const out: EntrySnapshot[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const st = lstatSync(p, { bigint: true });
      const type = st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
      out.push({
        path: relative(root, p),
        type,
        size: Number(st.size),
        mode: Number(st.mode),
        sha256: type === 'file' ? createHash('sha256').update(readFileSync(p)).digest('hex') : null,
        mtimeNs: String(st.mtimeNs),
        ctimeNs: String(st.ctimeNs),
      });
      if (type === 'dir') walk(p);
    }
  };
  const st = lstatSync(root, { bigint: true });
  out.push({
    path: '.',
    type: 'dir',
    size: 0,
    sha256: null,
    mode: Number(st.mode),
    mtimeNs: String(st.mtimeNs),
    ctimeNs: String(st.ctimeNs),
  });
  walk(root);
  return out;
}
