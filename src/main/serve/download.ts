/** A verified body as a browser download: always application/octet-stream, always an attachment, never rendered. */
import type { ServerResponse } from 'node:http';
import { HTTP_ROUTES } from '../../shared/contract.js';
import { RENDERER_SECURITY_HEADERS } from '../../shared/contract/csp.js';
import type { BodyKey } from '../../shared/ledger-types.js';
import type { InspectorService } from '../core/service/service.js';
import { sendJson } from './routes/respond.js';

const IDENT = /^[A-Za-z0-9_.:-]{1,128}$/;

export function downloadUrl(evidenceId: string, key: BodyKey): string {
  const q = new URLSearchParams({ e: key.eventId, t: key.sourceTable, d: key.direction });
  return `${HTTP_ROUTES.download}/${encodeURIComponent(evidenceId)}?${q.toString()}`;
}

export function downloadBody(service: InspectorService, evidenceId: string, q: URLSearchParams, res: ServerResponse): void {
  const key = { eventId: q.get('e') ?? '', sourceTable: q.get('t') ?? '', direction: q.get('d') ?? '' };
  const fail = (code: string, message: string): void => sendJson(res, { ok: false, error: { code, message } }, 400);
  if (![evidenceId, key.eventId, key.sourceTable, key.direction].every((v) => IDENT.test(v)))
    return fail('BAD_REQUEST', 'download needs an evidence id, e, t and d');
  let r;
  try {
    r = service.readBody(decodeURIComponent(evidenceId), key);
  } catch (e) {
    return fail('BAD_REQUEST', e instanceof Error ? e.message : String(e));
  }
  if (!r.ok) return fail(r.error.code, r.error.message);
  const name = `${key.eventId}-${key.sourceTable}-${key.direction}.bin`;
  res.writeHead(200, {
    ...RENDERER_SECURITY_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Content-Length': r.value.byteLength,
  });
  res.end(Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength));
}
