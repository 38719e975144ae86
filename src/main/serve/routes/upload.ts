/** POST /upload/begin, PUT /upload/<id>/<name>, POST /upload/<id>/open and /discard: dropped session files (token header). */
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
    return sendJson(res, await service.openPaths([dir], 'dropped', cleanup));
  }
  return refuse(res, 404, 'no such upload step');
}
