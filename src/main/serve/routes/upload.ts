/** POST /upload/begin, PUT /upload/<id>/<name>, POST /upload/<id>/open and /discard: dropped session files (token header). */
import { basename } from 'node:path';
import { HTTP_ROUTES } from '../../../shared/contract.js';
import type { InspectorService } from '../../core/service/service.js';
import type { UploadArea } from '../uploads.js';
import { uploadFileName } from '../uploads.js';
import type { RouteRequest } from './respond.js';
import { refuse, sendJson } from './respond.js';

export async function uploadRoute(
  { req, res, url, path, method, byHeader }: RouteRequest,
  uploads: UploadArea,
  service: InspectorService,
): Promise<void> {
  if (!byHeader) return refuse(res, 403, 'missing or wrong token');
  const rest = path.slice(HTTP_ROUTES.upload.length + 1);
  if (rest === 'begin' && method === 'POST')
    return sendJson(res, { ok: true, value: { uploadId: uploads.begin(url.searchParams.get('folder')) } });
  const [id, ...nameParts] = rest.split('/');
  const name = uploadFileName(nameParts.join('/'));
  if (method === 'PUT' && id) return sendJson(res, { ok: true, value: { bytes: await uploads.receive(id, name, req) } });
  if (method === 'POST' && id && name === 'discard') {
    uploads.discard(id);
    return sendJson(res, { ok: true, value: null });
  }
  if (method === 'POST' && id && name === 'open') {
    const { dir, cleanup } = uploads.finish(id);
    const opened = await service.openPaths([dir], 'dropped', cleanup);
    if (opened.ok) return sendJson(res, opened);
    // A refusal names the files as the user dropped them, never this machine's private scratch folder.
    const message = opened.error.message.split(dir).join(`the dropped ${basename(dir)}`);
    return sendJson(res, { ok: false, error: { ...opened.error, message } });
  }
  return refuse(res, 404, 'no such upload step');
}
