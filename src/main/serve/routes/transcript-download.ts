/**
 * GET /transcript/<evidenceId>?format=md|html|json[&trace=<id>]: serve's "Save transcript" (token cookie). The file
 * is written into the response a page at a time as it is rendered (transcript/export's pieces, the same bytes the
 * CLI writes), waiting for the socket to drain, so a transcript of any length downloads without ever being held
 * whole; the contract's transcript.export, which returns one string, refuses above 20,000 lines.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { HTTP_ROUTES } from '../../../shared/contract.js';
import { RENDERER_SECURITY_HEADERS } from '../../../shared/contract/csp.js';
import { TRANSCRIPT_ARG_GUARDS } from '../../../shared/contract/transcript.js';
import { toFailure } from '../../../shared/errors.js';
import type { InspectorService } from '../../core/service/service.js';
import { transcriptChunks, transcriptFileInfo } from '../../core/transcript/export/export-transcript.js';
import { hostStopOfEvidence } from '../../core/check/host-at-hand.js';
import { transcriptTotal } from '../../core/transcript/transcript-page.js';
import { skeletonAhead } from '../../core/traces/skeleton.js';
import { decodePathPart } from './path-part.js';
import type { RouteRequest } from './respond.js';
import { refuse, sendJson } from './respond.js';
import type { ServerResponse } from 'node:http';

/** A refusal before the first byte: 400 with the Result as JSON (a browser then fails the download). */
function fail(res: ServerResponse, error: { code: string; message: string }): void {
  sendJson(res, { ok: false, error }, 400);
}

/** Resolves when the socket takes more, or when it closed (a cancelled download must not wait forever). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export async function transcriptDownloadRoute(
  { res, url, path, method, byCookie }: RouteRequest,
  service: InspectorService,
): Promise<void> {
  if (method !== 'GET') return refuse(res, 405, 'transcript downloads take GET');
  if (!byCookie) return refuse(res, 403, 'missing or wrong token');
  const q = url.searchParams;
  const rawId = decodePathPart(path.slice(HTTP_ROUTES.transcript.length + 1));
  if (rawId === null) return fail(res, { code: 'BAD_REQUEST', message: 'the evidence id in the address is not valid percent-encoding' });
  const arg = {
    evidenceId: rawId,
    format: q.get('format') ?? '',
    ...(q.has('trace') ? { traceId: q.get('trace') } : {}),
  };
  const checked = TRANSCRIPT_ARG_GUARDS['transcript.export'](arg, 'transcript download');
  if (!checked.ok) return fail(res, { code: 'BAD_REQUEST', message: checked.message });
  const { evidenceId, traceId, format } = checked.value;
  let chunks: ReturnType<typeof transcriptChunks>;
  let info: { fileName: string; mime: string };
  try {
    const evidence = service.registry.get(evidenceId);
    // A large trace the trace-keys worker is ordering: wait for it, as transcript.page does.
    const coming = skeletonAhead(evidence.db, traceId ?? null);
    if (coming) await coming;
    // Asked before the first byte: an unknown trace is then a named error, not a broken download.
    transcriptTotal(evidence, traceId ?? null);
    info = transcriptFileInfo(evidence, { traceId, format });
    chunks = transcriptChunks(evidence, { traceId, format, hostStop: await hostStopOfEvidence(evidence) });
  } catch (error) {
    return fail(res, toFailure(error));
  }
  res.writeHead(200, {
    ...RENDERER_SECURITY_HEADERS,
    'Content-Type': info.mime,
    'Content-Disposition': `attachment; filename="${info.fileName}"`,
  });
  try {
    for (const chunk of chunks) {
      if (res.destroyed) return;
      if (!res.write(chunk)) await drained(res);
      // One page at a time: other requests are answered between pages.
      await yieldToLoop();
    }
    res.end();
  } catch {
    // Headers are gone: a failure mid-file can only end the download as broken, never as a shorter file.
    res.destroy();
  }
}
