/**
 * The selection a list view shows in its side pane, named in the URL so a reload or Back restores it. It lives in
 * the current hash's query as `sel=<kind>/<part>/<part>` (each part encodeURIComponent'd, then the whole value by
 * URLSearchParams), with the body shown in the pane as `pb=<source_table>/<direction>` and its view as `pm=<mode>`.
 * Every view's own parser ignores these keys, so any list view can adopt the pane without changing its route.
 */
import { useEffect, useState } from 'react';
import type { BodyMode, BodyRef } from '../router.js';
import { BODY_MODES } from '../router.js';

export type Selection =
  | { readonly kind: 'row'; readonly table: string; readonly rowid: number }
  | { readonly kind: 'turn'; readonly traceId: string; readonly turnId: string }
  /** A logical tool call by its call_id (resolved in the core, preferring `traceId`). */
  | { readonly kind: 'call'; readonly callId: string; readonly traceId: string | null }
  | { readonly kind: 'event'; readonly eventId: string };

export interface PaneState {
  readonly sel: Selection | null;
  readonly body: BodyRef | null;
  readonly mode: BodyMode | null;
}

const SEL_KEYS = ['sel', 'pb', 'pm'] as const;
const enc = encodeURIComponent;

function dec(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function selectionText(s: Selection): string {
  switch (s.kind) {
    case 'row':
      return `row/${enc(s.table)}/${s.rowid}`;
    case 'turn':
      return `turn/${enc(s.traceId)}/${enc(s.turnId)}`;
    case 'call':
      return `call/${enc(s.callId)}${s.traceId ? `/${enc(s.traceId)}` : ''}`;
    case 'event':
      return `event/${enc(s.eventId)}`;
  }
}

export function parseSelection(text: string | null): Selection | null {
  if (!text) return null;
  const [kind, a, b] = text.split('/').map(dec);
  if (!a) return null;
  switch (kind) {
    case 'row': {
      const rowid = Number(b);
      return Number.isSafeInteger(rowid) ? { kind, table: a, rowid } : null;
    }
    case 'turn':
      return b ? { kind, traceId: a, turnId: b } : null;
    case 'call':
      return { kind, callId: a, traceId: b || null };
    case 'event':
      return { kind, eventId: a };
    default:
      return null;
  }
}

function split(hash: string): { path: string; q: URLSearchParams } {
  const raw = hash.replace(/^#/, '');
  const qi = raw.indexOf('?');
  return { path: qi >= 0 ? raw.slice(0, qi) : raw, q: new URLSearchParams(qi >= 0 ? raw.slice(qi + 1) : '') };
}

export function paneState(hash: string): PaneState {
  const { q } = split(hash);
  const b = q.get('pb');
  const slash = b ? b.indexOf('/') : -1;
  const m = q.get('pm');
  return {
    sel: parseSelection(q.get('sel')),
    body: b && slash > 0 ? { sourceTable: b.slice(0, slash), direction: b.slice(slash + 1) } : null,
    mode: (BODY_MODES as readonly string[]).includes(m ?? '') ? (m as BodyMode) : null,
  };
}

/** `hash` with its pane state replaced (null: the pane closed), the view's own path and query kept. */
export function withPane(hash: string, next: PaneState | null): string {
  const { path, q } = split(hash);
  for (const k of SEL_KEYS) q.delete(k);
  if (next?.sel) {
    q.set('sel', selectionText(next.sel));
    if (next.body) q.set('pb', `${next.body.sourceTable}/${next.body.direction}`);
    if (next.body && next.mode) q.set('pm', next.mode);
  }
  const s = q.toString();
  return `#${path}${s ? `?${s}` : ''}`;
}

/** Open (or replace) the pane's selection: a new history entry, so Back returns to the previous one. */
export function selectInPane(sel: Selection | null, body: BodyRef | null = null, mode: BodyMode | null = null): void {
  window.location.hash = withPane(window.location.hash, sel ? { sel, body, mode } : null);
}

export function samePaneSelection(a: Selection | null, b: Selection | null): boolean {
  return a !== null && b !== null && selectionText(a) === selectionText(b);
}

export function usePaneState(): PaneState {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const on = (): void => setHash(window.location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return paneState(hash);
}
