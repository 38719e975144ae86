/**
 * The Content-Security-Policy for every app page is the renderer's one (src/shared/contract/csp.ts), the same in
 * serve mode and here, so the page behaves identically in the Chromium tests and in the desktop app. The app
 * protocol sends it as a response header: a meta tag can be removed by the page it protects and cannot carry
 * frame-ancestors.
 */
import { RENDERER_CSP, RENDERER_SECURITY_HEADERS } from '../../shared/contract/csp.js';

export const CONTENT_SECURITY_POLICY = RENDERER_CSP;

/** The policy as [directive, value] pairs, for checks. */
export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]> = RENDERER_CSP.split(';').map((part) => {
  const [name = '', ...values] = part.trim().split(/\s+/);
  return [name, values.join(' ')] as const;
});

/** Headers on every app-protocol response. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = RENDERER_SECURITY_HEADERS;
