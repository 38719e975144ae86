/** Hash routes: every view and item has a link, and the browser's back/forward walk them. */
import { useEffect, useMemo, useState } from 'react';
import type { ColumnFilter, FilterOp, SortSpec } from '../../shared/contract.js';
import { FILTER_OPS } from '../../shared/contract.js';
import type { Part2Route } from './views/graph/part2-routes.js';
import { parsePart2, part2Href } from './views/graph/part2-routes.js';
import type { TranscriptRoute } from './views/transcript/transcript-route.js';
import type { FileHistoryRoute } from './views/file-history/file-history-route.js';
import { fileHistoryHref, parseFileHistory } from './views/file-history/file-history-route.js';
import { parseTranscript, transcriptHref } from './views/transcript/transcript-route.js';

export const BODY_MODES = ['text', 'json', 'sse', 'msgpack', 'hex', 'image'] as const;
export type BodyMode = (typeof BODY_MODES)[number];
/** A body's view as a route names it: null when no view was chosen (the viewer picks one from the body itself). */
export type BodyModeChoice = BodyMode | null;

export interface BodyRef {
  readonly sourceTable: string;
  readonly direction: string;
}

/** A span of a body's bytes to scroll to and highlight (a search match). */
export interface ByteSpan {
  readonly offset: number;
  readonly length: number;
}

export type Route =
  | { readonly view: 'start' }
  | { readonly view: 'overview'; readonly ev: string }
  | {
      readonly view: 'tables';
      readonly ev: string;
      readonly table: string | null;
      readonly sort: SortSpec | null;
      readonly filters: readonly ColumnFilter[];
    }
  | {
      readonly view: 'row';
      readonly ev: string;
      readonly table: string;
      readonly rowid: number;
      readonly body: BodyRef | null;
      readonly mode: BodyModeChoice;
    }
  | {
      readonly view: 'event';
      readonly ev: string;
      readonly eventId: string;
      readonly body: BodyRef | null;
      readonly mode: BodyModeChoice;
      readonly at?: ByteSpan;
    }
  | { readonly view: 'integrity'; readonly ev: string }
  | { readonly view: 'egress'; readonly ev: string }
  /** `event`: the event whose chain is shown beside the groups (null: none chosen). */
  | { readonly view: 'decisions'; readonly ev: string; readonly event: string | null }
  /** `tag`: the tag the case is filtered by (null: every tag). */
  | { readonly view: 'case'; readonly ev: string; readonly tag: string | null }
  /** `sql`: an ad-hoc query's text (absent: the canned query's, or the default). */
  | { readonly view: 'sql'; readonly ev: string; readonly canned: string | null; readonly sql?: string }
  | { readonly view: 'search'; readonly ev: string; readonly q: string }
  | { readonly view: 'library'; readonly lib: string }
  /** A hunt across the library's sessions. */
  | { readonly view: 'hunt'; readonly lib: string }
  /** `a`/`b`: compare-ref texts (shared/contract/library.ts compareRefText), parsed by the view. */
  | { readonly view: 'compare'; readonly a: string | null; readonly b: string | null }
  | Part2Route
  | TranscriptRoute
  | FileHistoryRoute;

const enc = encodeURIComponent;

/** A view is written only with a body: without one no view was chosen, so the viewer picks it (links' 'text'). */
function bodyQuery(body: BodyRef | null, mode: BodyModeChoice, at?: ByteSpan): string {
  const q = new URLSearchParams();
  if (body) q.set('body', `${body.sourceTable}/${body.direction}`);
  if (body && mode) q.set('view', mode);
  if (at) q.set('at', `${at.offset}+${at.length}`);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function href(r: Route): string {
  switch (r.view) {
    case 'start':
      return '#/';
    case 'overview':
      return `#/e/${enc(r.ev)}/overview`;
    case 'tables': {
      if (!r.table) return `#/e/${enc(r.ev)}/tables`;
      const q = new URLSearchParams();
      if (r.sort) q.set('sort', `${r.sort.column}.${r.sort.direction}`);
      for (const f of r.filters) q.append('f', `${f.column}~${f.op}~${f.value ?? ''}`);
      const s = q.toString();
      return `#/e/${enc(r.ev)}/tables/${enc(r.table)}${s ? `?${s}` : ''}`;
    }
    case 'row':
      return `#/e/${enc(r.ev)}/row/${enc(r.table)}/${r.rowid}${bodyQuery(r.body, r.mode)}`;
    case 'event':
      return `#/e/${enc(r.ev)}/event/${enc(r.eventId)}${bodyQuery(r.body, r.mode, r.at)}`;
    case 'integrity':
      return `#/e/${enc(r.ev)}/integrity`;
    case 'egress':
      return `#/e/${enc(r.ev)}/egress`;
    case 'decisions':
      return `#/e/${enc(r.ev)}/decisions${r.event ? `?event=${enc(r.event)}` : ''}`;
    case 'case':
      return `#/e/${enc(r.ev)}/case${r.tag ? `?tag=${enc(r.tag)}` : ''}`;
    case 'sql': {
      const q = new URLSearchParams();
      if (r.canned) q.set('q', r.canned);
      if (r.sql) q.set('sql', r.sql);
      const s = q.toString();
      return `#/e/${enc(r.ev)}/sql${s ? `?${s}` : ''}`;
    }
    case 'search':
      return `#/e/${enc(r.ev)}/search${r.q ? `?q=${enc(r.q)}` : ''}`;
    case 'graph':
    case 'lifecycle':
    case 'files':
      return part2Href(r);
    case 'transcript':
      return transcriptHref(r.ev, r.trace);
    case 'file-history':
      return fileHistoryHref(r.ev, r.path);
    case 'library':
      return `#/library/${enc(r.lib)}`;
    case 'hunt':
      return `#/library/${enc(r.lib)}/hunt`;
    case 'compare': {
      const q = new URLSearchParams();
      if (r.a) q.set('a', r.a);
      if (r.b) q.set('b', r.b);
      const s = q.toString();
      return `#/compare${s ? `?${s}` : ''}`;
    }
  }
}

function parseBody(q: URLSearchParams): { body: BodyRef | null; mode: BodyModeChoice } {
  const b = q.get('body');
  const slash = b ? b.indexOf('/') : -1;
  const body = b && slash > 0 ? { sourceTable: b.slice(0, slash), direction: b.slice(slash + 1) } : null;
  const v = q.get('view');
  const mode = body && (BODY_MODES as readonly string[]).includes(v ?? '') ? (v as BodyMode) : null;
  return { body, mode };
}

function parseSpan(s: string | null): ByteSpan | null {
  const m = s ? /^(\d{1,15})\+(\d{1,9})$/.exec(s) : null;
  return m ? { offset: Number(m[1]), length: Number(m[2]) } : null;
}

function parseFilter(s: string): ColumnFilter | null {
  const [column, op, ...rest] = s.split('~');
  if (!column || !op || !(FILTER_OPS as readonly string[]).includes(op)) return null;
  const value = rest.join('~');
  return op === 'null' || op === 'notnull' ? { column, op: op as FilterOp } : { column, op: op as FilterOp, value };
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const qi = raw.indexOf('?');
  const path = qi >= 0 ? raw.slice(0, qi) : raw;
  const q = new URLSearchParams(qi >= 0 ? raw.slice(qi + 1) : '');
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  if (parts[0] === 'library' && parts[1]) return parts[2] === 'hunt' ? { view: 'hunt', lib: parts[1] } : { view: 'library', lib: parts[1] };
  if (parts[0] === 'compare') return { view: 'compare', a: q.get('a'), b: q.get('b') };
  if (parts[0] !== 'e' || !parts[1]) return { view: 'start' };
  const ev = parts[1];
  switch (parts[2]) {
    case 'overview':
      return { view: 'overview', ev };
    case 'tables': {
      const sortRaw = q.get('sort');
      const dot = sortRaw ? sortRaw.lastIndexOf('.') : -1;
      const dir = sortRaw?.slice(dot + 1);
      const sort: SortSpec | null =
        sortRaw && dot > 0 && (dir === 'asc' || dir === 'desc') ? { column: sortRaw.slice(0, dot), direction: dir } : null;
      const filters = q
        .getAll('f')
        .map(parseFilter)
        .filter((f): f is ColumnFilter => f !== null);
      return { view: 'tables', ev, table: parts[3] ?? null, sort, filters };
    }
    case 'row': {
      const rowid = Number(parts[4]);
      if (!parts[3] || !Number.isSafeInteger(rowid)) return { view: 'overview', ev };
      return { view: 'row', ev, table: parts[3], rowid, ...parseBody(q) };
    }
    case 'event': {
      if (!parts[3]) return { view: 'overview', ev };
      const at = parseSpan(q.get('at'));
      return { view: 'event', ev, eventId: parts[3], ...parseBody(q), ...(at ? { at } : {}) };
    }
    case 'integrity':
      return { view: 'integrity', ev };
    case 'egress':
      return { view: 'egress', ev };
    case 'decisions':
      return { view: 'decisions', ev, event: q.get('event') || null };
    case 'case':
      return { view: 'case', ev, tag: q.get('tag') || null };
    case 'sql': {
      const sql = q.get('sql');
      return { view: 'sql', ev, canned: q.get('q'), ...(sql ? { sql } : {}) };
    }
    case 'search':
      return { view: 'search', ev, q: q.get('q') ?? '' };
    case 'transcript':
      return parseTranscript(ev, parts.slice(3));
    case 'file-history':
      return parseFileHistory(ev, q);
    default:
      return parsePart2(parts[2], ev, parts.slice(3), q) ?? { view: 'overview', ev };
  }
}

export function navigate(r: Route, replace = false): void {
  const h = href(r);
  if (replace) window.history.replaceState(null, '', h);
  else window.location.hash = h;
  // Heard now, not when the browser's own hashchange task runs: a control whose value is the route (a checkbox
  // bound to a route flag) then shows its new value in the same render, instead of springing back until that task.
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  // The hash, not the parsed route, is the state: the browser's own hashchange after navigate's renders nothing.
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const on = (): void => setHash(window.location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return useMemo(() => parseHash(hash), [hash]);
}
