/** The view a body opens in, from its content type (SSE, MessagePack, JSON, else text). */
import type { BodyMeta } from '../../../shared/contract.js';
import type { BodyMode } from '../router.js';

export function defaultMode(b: Pick<BodyMeta, 'contentType'>): BodyMode {
  const ct = (b.contentType ?? '').toLowerCase();
  if (ct.includes('event-stream')) return 'sse';
  if (ct.includes('msgpack')) return 'msgpack';
  if (ct.includes('json')) return 'json';
  return 'text';
}
