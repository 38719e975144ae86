/**
 * Serves the built renderer from the app scheme. Only files under the renderer folder are reachable; every
 * response carries the CSP header; anything else is a 404 with no body.
 */
import { extname, join, normalize, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-url.js';
import { APP_RESPONSE_HEADERS } from './csp.js';

/** The registration Electron needs before `ready` (protocol.registerSchemesAsPrivileged). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  // standard: real origin and relative URL resolution; secure: counts as a secure context like https.
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    corsEnabled: false,
    stream: false,
    bypassCSP: false,
    allowServiceWorkers: false,
    codeCache: true,
  },
} as const;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Maps an app URL to a file under `rootDir`, or null when it is not ours or would leave the folder. */
export function resolveAssetPath(rootDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.hostname !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
  const full = normalize(join(rootDir, relative));
  const root = normalize(rootDir.endsWith(sep) ? rootDir : rootDir + sep);
  return full.startsWith(root) ? full : null;
}

export interface AppProtocolDeps {
  readonly rendererDir: string;
  readFile(path: string): Promise<Uint8Array>;
}

/** The protocol.handle callback: GET only, files from the renderer folder, CSP on every response. */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = { ...APP_RESPONSE_HEADERS };
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers });
    const path = resolveAssetPath(deps.rendererDir, request.url);
    if (!path) return new Response(null, { status: 404, headers });
    try {
      const bytes = await deps.readFile(path);
      // A copy typed on a plain ArrayBuffer, which every BodyInit typing accepts.
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
        status: 200,
        headers: { ...headers, 'Content-Type': contentTypeFor(path) },
      });
    } catch {
      return new Response(null, { status: 404, headers });
    }
  };
}
