/** The stand-in's Chromium (one browser, one context: Electron's default session) and what the session does with every
 * request: the glue's request filter first, then the app scheme's handler. */
import { EventEmitter } from 'node:events';
import type { Protocol, Session } from 'electron';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { chromium } from 'playwright-core';
import { APP_PREFIX, env, strict, toAppUrl } from './record.js';

let browser: Browser | null = null;
let context: BrowserContext | null = null;
let launching: Promise<void> | null = null;
const schemeHandlers = new Map<string, (request: Request) => Promise<Response>>();
type BeforeRequest = (details: { url: string; resourceType: string }, callback: (r: { cancel?: boolean }) => void) => void;
let beforeRequest: BeforeRequest | null = null;

export function launchBrowser(): Promise<void> {
  launching ??= (async () => {
    browser = await chromium.launch({
      executablePath: env.CAPSEM_STAND_IN_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.route(
      () => true,
      (route) => void serve(route),
    );
  })();
  return launching;
}

/** Every request: the session's request filter first (as Electron runs it), then the app scheme's handler. */
async function serve(route: Route): Promise<void> {
  const request = route.request();
  const url = toAppUrl(request.url());
  const cancel = await new Promise<boolean>((resolve) =>
    beforeRequest ? beforeRequest({ url, resourceType: request.resourceType() }, (r) => resolve(r.cancel === true)) : resolve(false),
  );
  const handler = url.startsWith(APP_PREFIX) ? schemeHandlers.get('capsem-app') : undefined;
  if (cancel || !handler) return route.abort('blockedbyclient').catch(() => undefined);
  try {
    const response = await handler(new Request(url, { method: request.method(), headers: request.headers() }));
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  } catch {
    await route.abort('failed').catch(() => undefined);
  }
}

type SessionSurface = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;
class StandInSession extends EventEmitter implements SessionSurface {
  readonly protocol = strict('session.protocol', {
    handle: ((scheme, handler) =>
      void schemeHandlers.set(scheme, handler as (r: Request) => Promise<Response>)) satisfies Protocol['handle'],
  });
  readonly webRequest = strict('session.webRequest', {
    onBeforeRequest: ((filter: unknown, listener?: unknown) =>
      void (beforeRequest = (listener ?? filter) as BeforeRequest)) as Session['webRequest']['onBeforeRequest'],
  });
  setPermissionRequestHandler(): void {}
  setPermissionCheckHandler(): void {}
  setDevicePermissionHandler(): void {}
}
const defaultSession = strict('session', new StandInSession());
export const session = strict('session module', {
  get defaultSession() {
    return defaultSession as unknown as Session;
  },
});

export function browserContext(): BrowserContext {
  if (!context) throw new Error('the stand-in browser is not launched yet');
  return context;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close().catch(() => undefined);
}
