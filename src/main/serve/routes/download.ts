/** GET /download/<evidenceId>?e=&t=&d=: one verified body as an attachment (token cookie), read through the service. */
import { HTTP_ROUTES } from '../../../shared/contract.js';
import type { InspectorService } from '../../core/service/service.js';
import { downloadBody } from '../download.js';
import type { RouteRequest } from './respond.js';
import { refuse } from './respond.js';

export function downloadRoute({ res, url, path, method, byCookie }: RouteRequest, service: InspectorService): void {
  if (method !== 'GET') return refuse(res, 405, 'downloads take GET');
  if (!byCookie) return refuse(res, 403, 'missing or wrong token');
  return downloadBody(service, path.slice(HTTP_ROUTES.download.length + 1), url.searchParams, res);
}
