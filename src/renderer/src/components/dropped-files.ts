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
