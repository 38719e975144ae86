/**
 * The app's own origin. Pages are served from a privileged custom scheme instead of file://, so the CSP can be a
 * response header, the origin is stable, and a request filter can tell our pages from anything else.
 */
export const APP_SCHEME = 'capsem-app';
export const APP_HOST = 'app';
export const APP_ROOT_URL = `${APP_SCHEME}://${APP_HOST}/`;
export const APP_INDEX_URL = `${APP_ROOT_URL}index.html`;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True when `url` is on our scheme and host. Compared by protocol and host, not `origin`: the WHATWG URL parser
 * gives every non-special scheme the opaque origin "null", so an origin comparison would accept nothing (or,
 * compared against "null", everything opaque such as about:srcdoc or data: URLs).
 */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  return (
    parsed !== null &&
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname === APP_HOST &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === ''
  );
}

/** DevTools pages are internal to Chromium and may load their own resources; nothing else may. */
export function isDevToolsUrl(url: string): boolean {
  return url.startsWith('devtools://');
}

/** The URL of a renderer route (hash routing: `#/overview/<id>`), always on the app origin. */
export function appPageUrl(route: string): string {
  const hash = route.startsWith('#') ? route : `#${route.startsWith('/') ? route : `/${route}`}`;
  return `${APP_INDEX_URL}${hash}`;
}
