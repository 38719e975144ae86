/**
 * A hit opens its session at the hit: the library opens the session by id (the server finds the folder), then the
 * route goes to the body's event at the matched bytes, or to the row the hit names.
 */
import type { HuntHitView } from '../../../../shared/contract/hunt.js';
import type { Failure } from '../../../../shared/errors.js';
import { client } from '../../api/client.js';
import type { Route } from '../../router.js';
import { navigate } from '../../router.js';

export function hitRoute(ev: string, h: HuntHitView): Route {
  if (h.in === 'body' && h.eventId && h.direction !== null) {
    const at = h.offset !== null && h.length !== null ? { at: { offset: h.offset, length: h.length } } : {};
    return { view: 'event', ev, eventId: h.eventId, body: { sourceTable: h.table, direction: h.direction }, mode: null, ...at };
  }
  if (h.rowid !== null) return { view: 'row', ev, table: h.table, rowid: h.rowid, body: null, mode: null };
  if (h.eventId) return { view: 'event', ev, eventId: h.eventId, body: null, mode: null };
  return { view: 'overview', ev };
}

/** Opens the hit's session and goes to the hit; the failure when the session cannot be opened. */
export async function openHit(libraryId: string, h: HuntHitView, opened: () => void): Promise<Failure | null> {
  const r = await client.call('library.openSession', { libraryId, sessionId: h.session });
  if (!r.ok) return r.error;
  opened();
  navigate(hitRoute(r.value.id, h));
  return null;
}
