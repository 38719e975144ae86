/**
 * Files from a drop: plain files, or a dropped session folder walked one level down (plus session.bodies/, which
 * holds v3 generation files). Returns the folder name when a folder was dropped: it is the session id.
 */
import type { DroppedUpload } from '../api/transport.js';

interface Entry {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly name: string;
  file?(cb: (f: File) => void, err: (e: unknown) => void): void;
  createReader?(): { readEntries(cb: (es: Entry[]) => void, err: (e: unknown) => void): void };
}

function entryFile(e: Entry): Promise<File> {
  return new Promise((resolve, reject) => e.file!(resolve, reject));
}

async function readDir(e: Entry): Promise<Entry[]> {
  const reader = e.createReader!();
  const all: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

export async function collectDropped(dt: DataTransfer): Promise<{ files: DroppedUpload[]; folder: string | null }> {
  const entries = Array.from(dt.items ?? [])
    .map((it) => (it.kind === 'file' && typeof it.webkitGetAsEntry === 'function' ? (it.webkitGetAsEntry() as Entry | null) : null))
    .filter((e): e is Entry => e !== null);
  const dir = entries.length === 1 && entries[0]!.isDirectory ? entries[0]! : null;
  if (dir) {
    const files: DroppedUpload[] = [];
    for (const child of await readDir(dir)) {
      if (child.isFile) files.push({ file: await entryFile(child), relativePath: child.name });
      else if (child.isDirectory && child.name === 'session.bodies') {
        for (const g of await readDir(child))
          if (g.isFile) files.push({ file: await entryFile(g), relativePath: `session.bodies/${g.name}` });
      }
    }
    return { files, folder: dir.name };
  }
  return { files: Array.from(dt.files).map((file) => ({ file })), folder: null };
}

/** A picked file's path inside the picked folder (the browser's webkitRelativePath; empty for loose files). */
const pickedPath = (f: File): string => (f as File & { webkitRelativePath?: string }).webkitRelativePath ?? '';

/**
 * Files chosen with the page's pickers, read the way a drop is: a chosen folder (every path starts with its name)
 * gives its own files and those of its session.bodies/, with the folder's name; loose files are taken as they are.
 */
export function collectPicked(list: ArrayLike<File>): { files: DroppedUpload[]; folder: string | null } {
  const all = Array.from(list);
  const folder = pickedPath(all[0] ?? new File([], '')).split('/')[0] ?? '';
  const inFolder = folder !== '' && all.every((f) => pickedPath(f).startsWith(`${folder}/`));
  if (!inFolder) return { files: all.map((file) => ({ file })), folder: null };
  const files: DroppedUpload[] = [];
  for (const f of all) {
    const rest = pickedPath(f).split('/').slice(1);
    if (rest.length === 1 || (rest.length === 2 && rest[0] === 'session.bodies')) files.push({ file: f, relativePath: rest.join('/') });
  }
  return { files, folder };
}
