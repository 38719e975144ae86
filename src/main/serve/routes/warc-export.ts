/**
 * POST /warc/<evidenceId> (token header): export the evidence's WARC on the server and answer, once the written file
 * was re-read and every record checked, a ServedWarc naming where to download it. GET /warc/<evidenceId>/<ticket>
 * (token cookie): that verified file as `<sessionId>.warc.gz`.
 *
 * Like the desktop's File ▸ Export WARC…, this does not wait for the open's "Verify all bodies" job: the export reads
 * every body through the checked reader itself (one that fails its hash is skipped and counted in the closing
 * warcinfo record, never written), and the file is offered only after the job's own re-read. Two steps rather than
 * one streaming GET, so the page knows when the file is verified, can say so with its digests, and can name a
 * failure; a GET the browser hands to its download manager would leave the page with neither.
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { HTTP_ROUTES } from '../../../shared/contract.js';
import type { ServedWarc } from '../../../shared/contract/served-warc.js';
import { warcDownloadPath } from '../../../shared/contract/served-warc.js';
import type { Failure } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import type { InspectorService } from '../../core/service/service.js';
import { sendAttachment } from '../attachment-stream.js';
import type { WarcExportArea } from '../warc-exports.js';
import { decodePathPart } from './path-part.js';
import type { RouteRequest } from './respond.js';
import { refuse, sendJson } from './respond.js';

const TICKET = /^[0-9a-f]{32}$/;

/**
 * HTTP statuses by failure: an unknown evidence or ticket is 404, an export already running 409, the export's refusal
 * of this evidence (its archive cannot be read at all, its pages are damaged…) 422, and a failed write or re-read 500.
 */
function statusOf(error: Failure): number {
  if (error.code === 'BAD_REQUEST') return 404;
  if (error.code === 'EXPORT_FAILED' || error.code === 'INTERNAL' || error.code === 'CANCELLED') return 500;
  return 422;
}

/** A named failure: the status says the kind, the JSON Result the code and the sentence. */
function failJson(res: ServerResponse, error: Failure, status = statusOf(error)): void {
  if (!res.destroyed) sendJson(res, { ok: false, error }, status);
}

export async function warcExportRoute(
  { res, path, method, byHeader, byCookie }: RouteRequest,
  service: InspectorService,
  area: WarcExportArea,
): Promise<void> {
  const [rawId = '', ticket, ...rest] = path.slice(HTTP_ROUTES.warc.length + 1).split('/');
  const evidenceId = decodePathPart(rawId);
  if (evidenceId === null || rest.length > 0) return failJson(res, fail('BAD_REQUEST', 'no such WARC address'));
  if (ticket === undefined) {
    if (method !== 'POST') return refuse(res, 405, 'a WARC export is started with POST');
    if (!byHeader) return refuse(res, 403, 'missing or wrong token');
    let evidence;
    try {
      evidence = service.registry.get(evidenceId);
    } catch (error) {
      return failJson(res, toFailure(error));
    }
    if (area.busy(evidence.id))
      return failJson(res, fail('EXPORT_FAILED', 'an export of this session is already running; wait for it to finish'), 409);
    // The page went away before the file was verified: stop the job rather than finish a file nobody will take.
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const r = await area.export(evidence, gone.signal);
    if (!r.ok) return failJson(res, r.error);
    const s = r.value.summary;
    const served: ServedWarc = {
      url: warcDownloadPath(evidenceId, r.value.ticket),
      fileName: r.value.fileName,
      fileBytes: r.value.size,
      indexRows: s.indexRows,
      resourceRecords: s.resourceRecords,
      skipped: s.skipped,
      digestAlgorithm: s.digestAlgorithm,
      fileSha256: s.fileSha256,
      fileBlake3: s.fileBlake3,
    };
    return sendJson(res, { ok: true, value: served });
  }
  if (method !== 'GET') return refuse(res, 405, 'a verified WARC is downloaded with GET');
  if (!byCookie) return refuse(res, 403, 'missing or wrong token');
  const ready = TICKET.test(ticket) ? area.take(evidenceId, ticket) : null;
  if (!ready)
    return failJson(
      res,
      fail('BAD_REQUEST', 'no verified WARC export has this address (it was replaced by a newer one or expired); export again'),
    );
  await sendAttachment(res, createReadStream(ready.path), { fileName: ready.fileName, type: 'application/gzip', size: ready.size });
}
