/**
 * GET / and the renderer's files: the page (which sets the token cookie when the token came in the query) and its
 * assets (token cookie). HEAD answers the headers alone.
 */
import { RENDERER_SECURITY_HEADERS } from '../../../shared/contract/csp.js';
import { sameToken, tokenCookie } from '../auth.js';
import { resolveStatic } from '../static-files.js';
import type { RouteRequest } from './respond.js';
import { refuse } from './respond.js';

export function pageRoute({ res, url, path, method, byCookie }: RouteRequest, rendererDir: string, token: string): void {
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
}
