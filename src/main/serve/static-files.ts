/** Serves the built renderer: only regular files under its folder, by a fixed table of content types. */
import { createReadStream, statSync } from 'node:fs';
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
}

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
    return { path: full, type, size: st.size, open: () => createReadStream(full) };
  } catch {
    return null;
  }
}
