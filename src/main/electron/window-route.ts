/** What a window shows, read from its URL: the renderer's hash route names the evidence id (`#/e/<id>/<view>`). */
import { isAppUrl } from './app-url.js';

export function evidenceIdInUrl(url: string, isOpen: (id: string) => boolean): string | null {
  if (!isAppUrl(url)) return null;
  const path = new URL(url).hash.replace(/^#/, '').split('?')[0] ?? '';
  const [marker, raw] = path.split('/').filter(Boolean);
  if (marker !== 'e' || !raw) return null;
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isOpen(id) ? id : null;
}

/** A short window title: the session id (and display name), then the app. */
export function windowTitle(
  productName: string,
  shown: { readonly sessionId: string; readonly displayName: string | null } | null,
): string {
  if (!shown) return productName;
  const name = shown.displayName ? `${shown.sessionId} (${shown.displayName})` : shown.sessionId;
  return `${name} — ${productName}`;
}
