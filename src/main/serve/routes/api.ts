/** POST /api/<channel>: JSON argument → JSON Result, through the one service (token header, JSON only). */
import { HTTP_ROUTES, isChannel } from '../../../shared/contract.js';
import type { InspectorService } from '../../core/service/service.js';
import type { RouteRequest } from './respond.js';
import { readJson, refuse, sendJson } from './respond.js';

export async function apiRoute({ req, res, path, method, byHeader }: RouteRequest, service: InspectorService): Promise<void> {
  if (method !== 'POST') return refuse(res, 405, 'the API takes POST');
  if (!byHeader) return refuse(res, 403, 'missing or wrong token');
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return refuse(res, 415, 'the API takes application/json');
  const channel = path.slice(HTTP_ROUTES.api.length);
  if (!isChannel(channel)) return sendJson(res, { ok: false, error: { code: 'BAD_REQUEST', message: `no channel named ${channel}` } });
  const arg = await readJson(req);
  return sendJson(res, await service.handle(channel, arg));
}
