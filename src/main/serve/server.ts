/**
 * Serve mode: the built renderer and the contract over HTTP on 127.0.0.1 only.
 *   GET  /?token=…            the page (sets the token cookie)          GET /assets/…  renderer files (cookie)
 *   POST /api/<channel>       JSON argument → JSON Result (token header) GET /events    job events as SSE (cookie)
 *   POST /upload/begin, PUT /upload/<id>/<name>, POST /upload/<id>/open  dropped session files (token header)
 *   GET  /download/<evidenceId>?e=&t=&d=  one verified body as an attachment (cookie)
 * Every response carries the CSP and the other security headers.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvidenceSummary, InspectorEvent } from '../../shared/contract.js';
import { HTTP_ROUTES, isChannel } from '../../shared/contract.js';
import type { LibrarySummary } from '../../shared/contract/library.js';
import { RENDERER_SECURITY_HEADERS } from '../../shared/contract/csp.js';
import type { Result } from '../../shared/errors.js';
import { toFailure } from '../../shared/errors.js';
import type { OpenEvidenceOptions } from '../core/evidence/types.js';
import type { InspectorService } from '../core/service/service.js';
import { buildInspector } from '../core/service/build-inspector.js';
import type { VerifyRunner } from '../core/jobs/verify-runner.js';
import type { SpawnWorker } from '../core/workers/worker-like.js';
import { backgroundHost } from '../core/jobs/background-host-client.js';
import type { EvidenceOpener } from '../core/service/registry.js';
import { cookieToken, headerToken, hostAllowed, newToken, originAllowed, sameToken, tokenCookie } from './auth.js';
import { resolveStatic } from './static-files.js';
import { UploadArea } from './uploads.js';
import { toWireJson } from './wire-json.js';
import { downloadBody, downloadUrl } from './download.js';
import { requestTrace } from './request-trace.js';

export interface ServerOptions {
  /** Evidence paths from the command line; opened before the server answers. */
  readonly paths?: readonly string[];
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The built renderer (default build/renderer above this module). */
  readonly rendererDir?: string;
  /** Open the bundled sample when no path is given (default true). */
  readonly openSampleWhenEmpty?: boolean;
  /** Where the sample is (default: found under resources/sample/); null: none. */
  readonly sampleDir?: string | null;
  readonly openOptions?: OpenEvidenceOptions;
  /** Replaces openEvidence (tests). */
  readonly open?: EvidenceOpener;
  /** Where uploads are placed (default os.tmpdir()). */
  readonly uploadRoot?: string;
  /**
   * Where "Verify all bodies" runs (default: serve's background host, a helper process in a session of its own,
   * jobs/background-host-client.ts). The page is in a browser of another session, and on Linux a session's threads
   * cannot yield the CPU to it by their own nice: measured, a verification in serve's threads cost the table's
   * scrolling p95 33 ms and 83 ms long tasks; the same with serve's session lowered as a whole, p95 17 ms and none.
   */
  readonly verifyRunner?: VerifyRunner;
  /**
   * Where an open's follow-up worker (quick_check, the overview's scans) and the integrity report's builder run
   * (default: the background host too; null: threads of serve, as the CLI and the desktop app run them). Measured
   * as threads of serve: the 1,000,000-row table's second first view took 1.7-2.3 s while quick_check ran.
   */
  readonly backgroundWorkers?: SpawnWorker | null;
}

export interface RunningServer {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly port: number;
  readonly service: InspectorService;
  /** What was opened at start (command-line paths, or the sample). */
  readonly opened: readonly Result<EvidenceSummary>[];
  /** Host ledgers opened at start (a Capsem home or host.db given as the path): the Library. */
  readonly libraries: readonly Result<LibrarySummary>[];
  close(): Promise<void>;
}

const MAX_JSON_BYTES = 1 << 20;

export function defaultRendererDir(): string {
  // The repository (or installed package) root is the first folder above this module holding package.json,
  // whether this runs from src/main/serve (sources) or build/node/src/main/serve (built).
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return join(dir, 'build', 'renderer');
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { ...RENDERER_SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
const sendJson = (res: ServerResponse, value: unknown): void => send(res, 200, 'application/json; charset=utf-8', toWireJson(value));
const refuse = (res: ServerResponse, status: number, why: string): void => send(res, status, 'text/plain; charset=utf-8', `${why}\n`);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw Object.assign(new Error('request body is larger than 1 MiB'), { code: 'BAD_REQUEST' });
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw Object.assign(new Error('request body is not JSON'), { code: 'BAD_REQUEST' });
  }
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const token = newToken();
  const rendererDir = opts.rendererDir ?? defaultRendererDir();
  const host = opts.verifyRunner && opts.backgroundWorkers !== undefined ? null : backgroundHost();
  const workers = opts.backgroundWorkers === undefined ? host!.spawnWorker : (opts.backgroundWorkers ?? undefined);
  const openOptions: OpenEvidenceOptions = { ...(workers ? { backgroundWorkers: workers } : {}), ...opts.openOptions };
  let port = 0;
  const service = buildInspector({
    open: opts.open,
    openOptions,
    sampleDir: opts.sampleDir,
    verifyRunner: opts.verifyRunner ?? host!,
    saveBody: (e, key) => ({ kind: 'download', url: downloadUrl(e.id, key) }),
    // The report's builder, like the open's follow-up, runs in the background host unless told otherwise.
    ...(workers ? { reportWorkers: workers } : {}),
  });
  const uploads = new UploadArea(opts.uploadRoot);
  const streams = new Set<ServerResponse>();
  const unsubscribe = service.onEvent((e: InspectorEvent) => {
    const frame = `event: ${e.name}\ndata: ${toWireJson(e.payload)}\n\n`;
    for (const s of streams) s.write(frame);
  });

  const opened: Result<EvidenceSummary>[] = [];
  const libraries: Result<LibrarySummary>[] = [];
  const library = opts.paths && opts.paths.length > 0 ? await service.library.openIfLibrary(opts.paths) : null;
  if (library) {
    libraries.push(library);
  } else if (opts.paths && opts.paths.length > 0) {
    opened.push(await service.openPaths([...opts.paths], 'path'));
  } else if (opts.openSampleWhenEmpty !== false) {
    opened.push(await service.registry.openSample());
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req, port)) return refuse(res, 421, 'wrong Host: this server answers only 127.0.0.1 and localhost at its port');
    if (!originAllowed(req, port)) return refuse(res, 403, 'cross-origin requests are refused');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const byHeader = sameToken(headerToken(req), token);
    const byCookie = sameToken(cookieToken(req), token);

    if (path.startsWith(HTTP_ROUTES.api)) {
      if (method !== 'POST') return refuse(res, 405, 'the API takes POST');
      if (!byHeader) return refuse(res, 403, 'missing or wrong token');
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return refuse(res, 415, 'the API takes application/json');
      const channel = path.slice(HTTP_ROUTES.api.length);
      if (!isChannel(channel)) return sendJson(res, { ok: false, error: { code: 'BAD_REQUEST', message: `no channel named ${channel}` } });
      const arg = await readJson(req);
      return sendJson(res, await service.handle(channel, arg));
    }
    if (path === HTTP_ROUTES.events) {
      if (!byCookie && !sameToken(url.searchParams.get('token'), token)) return refuse(res, 403, 'missing or wrong token');
      res.writeHead(200, { ...RENDERER_SECURITY_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
      res.write('retry: 2000\n\n');
      streams.add(res);
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(ping);
        streams.delete(res);
      });
      return;
    }
    if (path.startsWith(HTTP_ROUTES.upload + '/')) {
      if (!byHeader) return refuse(res, 403, 'missing or wrong token');
      const rest = path.slice(HTTP_ROUTES.upload.length + 1);
      if (rest === 'begin' && method === 'POST') return sendJson(res, { ok: true, value: { uploadId: uploads.begin(url.searchParams.get('folder')) } });
      const [id, ...nameParts] = rest.split('/');
      const name = decodeURIComponent(nameParts.join('/'));
      if (method === 'PUT' && id) return sendJson(res, { ok: true, value: { bytes: await uploads.receive(id, name, req) } });
      if (method === 'POST' && id && name === 'open') {
        const { dir, cleanup } = uploads.finish(id);
        return sendJson(res, await service.openPaths([dir], 'dropped', cleanup));
      }
      return refuse(res, 404, 'no such upload step');
    }
    if (path.startsWith(HTTP_ROUTES.download + '/')) {
      if (method !== 'GET') return refuse(res, 405, 'downloads take GET');
      if (!byCookie) return refuse(res, 403, 'missing or wrong token');
      return downloadBody(service, path.slice(HTTP_ROUTES.download.length + 1), url.searchParams, res);
    }
    if (method !== 'GET' && method !== 'HEAD') return refuse(res, 405, 'method not allowed');
    const queryToken = url.searchParams.get('token');
    const viaQuery = sameToken(queryToken, token);
    if (!byCookie && !viaQuery) return refuse(res, 403, 'open the URL printed by capsem-inspect serve (it carries the token)');
    const file = resolveStatic(rendererDir, path);
    if (!file) return refuse(res, 404, path === '/' ? `the renderer is not built (${rendererDir}); run npm run build:web` : 'not found');
    const bytes = method === 'HEAD' ? null : file.bytes();
    res.writeHead(200, {
      ...RENDERER_SECURITY_HEADERS,
      'Content-Type': file.type,
      'Content-Length': bytes ? bytes.length : file.size,
      ...(viaQuery ? { 'Set-Cookie': tokenCookie(token) } : {}),
    });
    if (method === 'HEAD') return void res.end();
    if (bytes) return void res.end(bytes);
    file.open().pipe(res);
  };

  const trace = requestTrace();
  const server: Server = createServer((req, res) => {
    trace?.request(req, res);
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      sendJson(res, { ok: false, error: toFailure(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}#/`,
    origin,
    token,
    port,
    service,
    opened,
    libraries,
    close: async () => {
      trace?.stop();
      unsubscribe();
      for (const s of streams) s.end();
      streams.clear();
      service.dispose();
      host?.close();
      uploads.disposeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
