/**
 * File history's hash route: `#/e/<ev>/file-history` lists every path, `#/e/<ev>/file-history?path=<p>` is one path's
 * history. The path rides in the query (not a path segment) because it holds `/` of its own.
 */
export type FileHistoryRoute = { readonly view: 'file-history'; readonly ev: string; readonly path: string | null };

const enc = encodeURIComponent;

export function fileHistoryHref(ev: string, path: string | null): string {
  return `#/e/${enc(ev)}/file-history${path ? `?${new URLSearchParams({ path }).toString()}` : ''}`;
}

export function parseFileHistory(ev: string, q: URLSearchParams): FileHistoryRoute {
  return { view: 'file-history', ev, path: q.get('path') || null };
}
