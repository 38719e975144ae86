/** What every route answers with: one request's parsed parts, and replies that always carry the security headers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RENDERER_SECURITY_HEADERS } from '../../../shared/contract/csp.js';
import { toWireJson } from '../wire-json.js';

/** One request as the routes see it, after the Host and Origin checks. */
export interface RouteRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly path: string;
  readonly method: string;
  /** The token came in the header (API, uploads). */
  readonly byHeader: boolean;
  /** The token came in the cookie (events, downloads, the page's files). */
  readonly byCookie: boolean;
}

const MAX_JSON_BYTES = 1 << 20;

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { ...RENDERER_SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
/** A JSON answer (a Result), 200 unless a route names its failure's status (a refused download, an export's kind of failure). */
export const sendJson = (res: ServerResponse, value: unknown, status = 200): void =>
  send(res, status, 'application/json; charset=utf-8', toWireJson(value));
export const refuse = (res: ServerResponse, status: number, why: string): void =>
  send(res, status, 'text/plain; charset=utf-8', `${why}\n`);

export async function readJson(req: IncomingMessage): Promise<unknown> {
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
