/** GET /events: the service's job events as Server-Sent Events (token cookie, or the token in the query). */
import type { ServerResponse } from 'node:http';
import { RENDERER_SECURITY_HEADERS } from '../../../shared/contract/csp.js';
import { sameToken } from '../auth.js';
import type { RouteRequest } from './respond.js';
import { refuse } from './respond.js';

export function eventsRoute({ req, res, url, byCookie }: RouteRequest, token: string, streams: Set<ServerResponse>): void {
  if (!byCookie && !sameToken(url.searchParams.get('token'), token)) return refuse(res, 403, 'missing or wrong token');
  res.writeHead(200, { ...RENDERER_SECURITY_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
  res.write('retry: 2000\n\n');
  streams.add(res);
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
  req.on('close', () => {
    clearInterval(ping);
    streams.delete(res);
  });
}
