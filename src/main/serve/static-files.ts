/** Serves the built renderer: only regular files under its folder, by a fixed table of content types. */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  readonly path: string;
  readonly type: string;
  readonly size: number;
  open(): NodeJS.ReadableStream;
  /** The whole file, read once and kept (see FileMemo); null when it is too large to keep. */
  bytes(): Buffer | null;
}

/** Files up to this size are kept in memory once read; larger ones (source maps) are streamed each time. */
export const MEMO_FILE_BYTES = 1 << 20;

/**
 * The renderer's files, kept after the first read. Streamed from disk, a 316 kB chunk went out in 64 kB reads, each
 * waiting its turn on the main thread behind whatever API call was running there (a table page of a large ledger
 * held the first view's script back by 230 ms that way); kept, it goes to the socket in one write. Keyed by path,
 * size and mtime, so a rebuild is picked up.
 */
class FileMemo {
  private readonly files = new Map<string, { key: string; bytes: Buffer }>();
  get(path: string, size: number, mtimeMs: number): Buffer | null {
    if (size > MEMO_FILE_BYTES) return null;
    const key = `${size}:${mtimeMs}`;
    const hit = this.files.get(path);
    if (hit && hit.key === key) return hit.bytes;
    const bytes = readFileSync(path);
    if (bytes.length !== size) return null;
    this.files.set(path, { key, bytes });
    return bytes;
  }
}

const memo = new FileMemo();

/** The file for a URL path, or null (unknown type, outside the folder, not a regular file). */
export function resolveStatic(root: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const full = resolve(join(base, rel));
  if (!full.startsWith(base + sep)) return null;
  const type = TYPES[extname(full).toLowerCase()];
  if (!type) return null;
  try {
    const st = statSync(full);
    if (!st.isFile()) return null;
    return { path: full, type, size: st.size, open: () => createReadStream(full), bytes: () => memo.get(full, st.size, st.mtimeMs) };
  } catch {
    return null;
  }
}
