/**
 * Navigation, new windows, webviews, permissions and network: all denied (ELE-3, ELE-4). The decisions are pure
 * functions; `guardWebContents` and `guardSession` only attach them, so tests can drive them with fakes.
 */
import type { Session, WebContents } from 'electron';
import { isAppUrl, isDevToolsUrl } from './app-url.js';

/** A main frame may only be our app; a sub-frame may also be the inert srcdoc preview (or its blank start). */
export function isAllowedNavigation(url: string, isMainFrame: boolean): boolean {
  if (isAppUrl(url)) return true;
  return !isMainFrame && (url === 'about:srcdoc' || url === 'about:blank');
}

/** Every request that is not for our own files is cancelled: the inspector never talks to a network. */
export function shouldCancelRequest(url: string): boolean {
  return !(isAppUrl(url) || isDevToolsUrl(url) || url.startsWith('data:') || url.startsWith('blob:capsem-app://app/'));
}

export interface PreventableEvent {
  preventDefault(): void;
}

export interface RendererGone {
  readonly reason: string;
  readonly exitCode: number;
}

export interface GuardHooks {
  /** Told about every refusal, for the log; never shown as a URL taken from evidence. */
  onRefused?(what: string, url: string): void;
  /** The renderer crashed or was killed; the caller reloads the window (ELE-8). */
  onRendererGone?(details: RendererGone): void;
}

type GuardableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardWebContents(contents: GuardableContents, hooks: GuardHooks = {}): void {
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(event.url, true)) {
      event.preventDefault();
      hooks.onRefused?.('navigation', event.url);
    }
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url, event.isMainFrame)) {
      event.preventDefault();
      hooks.onRefused?.('frame navigation', event.url);
    }
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, event.isMainFrame)) {
      event.preventDefault();
      hooks.onRefused?.('redirect', event.url);
    }
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    hooks.onRefused?.('webview', '');
  });
  contents.setWindowOpenHandler((details) => {
    hooks.onRefused?.('new window', details.url);
    return { action: 'deny' };
  });
  contents.on('render-process-gone', (_event, details) => {
    // A clean exit happens when a window closes; anything else is a crash or a kill worth recovering from.
    if (details.reason !== 'clean-exit') hooks.onRendererGone?.({ reason: details.reason, exitCode: details.exitCode });
  });
}

type GuardableSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'on'> & {
  readonly webRequest: Pick<Session['webRequest'], 'onBeforeRequest'>;
};

export function guardSession(session: GuardableSession, hooks: GuardHooks = {}): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    hooks.onRefused?.('permission', permission);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest({ urls: ['<all_urls>'] }, (details, callback) => {
    const cancel = shouldCancelRequest(details.url);
    if (cancel) hooks.onRefused?.('request', details.url);
    callback({ cancel });
  });
  // Nothing is ever downloaded by a page; saving a body goes through a main-process save dialog instead.
  session.on('will-download', (event) => {
    event.preventDefault();
    hooks.onRefused?.('download', '');
  });
}
