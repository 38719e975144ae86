/**
 * Serve mode: the built renderer and the contract over HTTP on 127.0.0.1 only.
 *   GET  /?token=…            the page (sets the token cookie)          GET /assets/…  renderer files (cookie)
 *   POST /api/<channel>       JSON argument → JSON Result (token header) GET /events    job events as SSE (cookie)
 *   POST /upload/begin, PUT /upload/<id>/<name>, POST /upload/<id>/open, POST /upload/<id>/discard
 *                                                                        dropped session files (token header)
 *   GET  /download/<evidenceId>?e=&t=&d=  one verified body as an attachment (cookie)
 *   GET  /transcript/<evidenceId>?format=&trace=  a transcript file, streamed as it is written (cookie)
 *   POST /warc/<evidenceId>   export a WARC, answer once it was re-read (token header)
 *   GET  /warc/<evidenceId>/<ticket>  that verified .warc.gz as an attachment (cookie)
 * Every response carries the CSP and the other security headers. Each route is a file of ./routes/; this one starts the
 * service, checks Host and Origin, and sends each request to its route.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvidenceSummary, InspectorEvent } from '../../shared/contract.js';
import { HTTP_ROUTES } from '../../shared/contract.js';
import type { LibrarySummary } from '../../shared/contract/library.js';
import type { Result } from '../../shared/errors.js';
import { toFailure } from '../../shared/errors.js';
import type { OpenEvidenceOptions } from '../core/evidence/types.js';
import type { InspectorService } from '../core/service/service.js';
import { buildInspector } from '../core/service/build-inspector.js';
import type { VerifyRunner } from '../core/jobs/verify-runner.js';
import type { SpawnWorker } from '../core/workers/worker-like.js';
import { backgroundHost } from '../core/jobs/verify-host-client.js';
import type { EvidenceOpener } from '../core/service/registry.js';
import { cookieToken, headerToken, hostAllowed, newToken, originAllowed, sameToken } from './auth.js';
import { UploadArea } from './uploads.js';
import { toWireJson } from './wire-json.js';
import { downloadUrl } from './download.js';
import { requestTrace } from './request-trace.js';
import { groupOpenRequests } from '../core/open-groups.js';
import { removeAbandonedScratchDirs } from '../core/evidence/scratch.js';
import { apiRoute } from './routes/api.js';
import { downloadRoute } from './routes/download.js';
import { transcriptDownloadRoute } from './routes/transcript-download.js';
import { eventsRoute } from './routes/events.js';
import { pageRoute } from './routes/page.js';
import type { RouteRequest } from './routes/respond.js';
import { refuse, sendJson } from './routes/respond.js';
import { uploadRoute } from './routes/upload.js';
import { warcExportRoute } from './routes/warc-export.js';
import type { RunWarcExport } from './warc-export-runner.js';
import { workerWarcExport } from './warc-export-runner.js';
import { WarcExportArea } from './warc-exports.js';

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
   * jobs/verify-host-client.ts). The page is in a browser of another session, and on Linux a session's threads
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
  /** Replaces the WARC export's worker (tests); default: a worker thread, as the desktop runs it. */
  readonly warcExport?: RunWarcExport;
  /** The case file tags and notes are kept in (--case FILE); absent: none, and the page offers no tagging. */
  readonly casePath?: string;
  /** The notable set each opened session is scanned for (--notable FILE); absent: none. */
  readonly notablePath?: string;
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

export function defaultRendererDir(): string {
  // The repository (or installed package) root is the first folder above this module holding package.json,
  // whether this runs from src/main/serve (sources) or build/node/src/main/serve (built).
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return join(dir, 'build', 'renderer');
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
    casePath: opts.casePath ?? null,
    notablePath: opts.notablePath ?? null,
    // The report's builder, like the open's follow-up, runs in the background host unless told otherwise.
    ...(workers ? { reportWorkers: workers } : {}),
  });
  // A serve or app that was killed left its scratch copies behind: gone with their process, they go now.
  removeAbandonedScratchDirs(opts.openOptions?.scratchRoot);
  const uploads = new UploadArea(opts.uploadRoot);
  const warcs = new WarcExportArea(opts.warcExport ?? workerWarcExport(opts.openOptions), opts.openOptions?.scratchRoot);
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
    // Every path README's `serve [<path>...]` promises, each session on its own (a session.db named with its
    // session.bodies is one): given as one request, two session folders were refused as BAD_REQUEST.
    for (const group of groupOpenRequests(opts.paths)) opened.push(await service.openPaths(group, 'path'));
  } else if (opts.openSampleWhenEmpty !== false) {
    opened.push(await service.registry.openSample());
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req, port)) return refuse(res, 421, 'wrong Host: this server answers only 127.0.0.1 and localhost at its port');
    if (!originAllowed(req, port)) return refuse(res, 403, 'cross-origin requests are refused');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const r: RouteRequest = {
      req,
      res,
      url,
      path,
      method,
      byHeader: sameToken(headerToken(req), token),
      byCookie: sameToken(cookieToken(req), token),
    };
    if (path.startsWith(HTTP_ROUTES.api)) return apiRoute(r, service);
    if (path === HTTP_ROUTES.events) return eventsRoute(r, token, streams);
    if (path.startsWith(HTTP_ROUTES.upload + '/')) return uploadRoute(r, uploads, service);
    if (path.startsWith(HTTP_ROUTES.download + '/')) return downloadRoute(r, service);
    if (path.startsWith(HTTP_ROUTES.transcript + '/')) return transcriptDownloadRoute(r, service);
    if (path.startsWith(HTTP_ROUTES.warc + '/')) return warcExportRoute(r, service, warcs);
    return pageRoute(r, rendererDir, token);
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
      warcs.disposeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
