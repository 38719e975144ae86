import { describe, expect, it } from 'vitest';
import type { Session, WebContents } from 'electron';
import { guardSession, guardWebContents, isAllowedNavigation, shouldCancelRequest } from '../../../src/main/electron/web-guards.js';
import { FakeEvent, FakeSession, FakeWebContents } from './fakes.js';

function guarded() {
  const contents = new FakeWebContents();
  const refused: string[] = [];
  const gone: string[] = [];
  guardWebContents(contents as unknown as WebContents, {
    onRefused: (what) => refused.push(what),
    onRendererGone: (d) => gone.push(d.reason),
  });
  return { contents, refused, gone };
}

describe('web contents guards', () => {
  it('prevents main-frame navigation anywhere but the app origin', () => {
    const { contents, refused } = guarded();
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'about:srcdoc', 'javascript:alert(1)', 'capsem-app://evil/']) {
      const event = new FakeEvent({ url, isMainFrame: true });
      contents.emit('will-navigate', event, url);
      expect(event.defaultPrevented, url).toBe(true);
    }
    const ok = new FakeEvent({ url: 'capsem-app://app/index.html#/sql/e1', isMainFrame: true });
    contents.emit('will-navigate', ok, ok.fields.url);
    expect(ok.defaultPrevented).toBe(false);
    expect(refused).toHaveLength(5);
  });
  it('lets the srcdoc preview frame load but not navigate away (meta refresh, links)', () => {
    const { contents } = guarded();
    const srcdoc = new FakeEvent({ url: 'about:srcdoc', isMainFrame: false });
    contents.emit('will-frame-navigate', srcdoc);
    expect(srcdoc.defaultPrevented).toBe(false);
    const away = new FakeEvent({ url: 'https://attacker.example/beacon', isMainFrame: false });
    contents.emit('will-frame-navigate', away);
    expect(away.defaultPrevented).toBe(true);
    const mainSrcdoc = new FakeEvent({ url: 'about:srcdoc', isMainFrame: true });
    contents.emit('will-frame-navigate', mainSrcdoc);
    expect(mainSrcdoc.defaultPrevented).toBe(true);
    const redirect = new FakeEvent({ url: 'https://x/', isMainFrame: true });
    contents.emit('will-redirect', redirect);
    expect(redirect.defaultPrevented).toBe(true);
  });
  it('denies every new window and every webview', () => {
    const { contents, refused } = guarded();
    expect(contents.windowOpenHandler?.({ url: 'capsem-app://app/index.html' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const webview = new FakeEvent();
    contents.emit('will-attach-webview', webview, {}, { src: 'https://x' });
    expect(webview.defaultPrevented).toBe(true);
    expect(refused).toEqual(['new window', 'new window', 'webview']);
  });
  it('reports a crashed renderer, but not a clean exit', () => {
    const { contents, gone } = guarded();
    contents.emit('render-process-gone', new FakeEvent(), { reason: 'oom', exitCode: 9 });
    contents.emit('render-process-gone', new FakeEvent(), { reason: 'clean-exit', exitCode: 0 });
    expect(gone).toEqual(['oom']);
  });
});

describe('session guards', () => {
  const session = new FakeSession();
  guardSession(session as unknown as Session);
  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'fileSystem'])
      session.permissionRequest?.({}, p, (g) => answers.push(g));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(session.permissionCheck?.({}, 'clipboard-sanitized-write')).toBe(false);
    expect(session.devicePermission?.({})).toBe(false);
  });
  it('cancels every request that is not for the app', () => {
    const decide = (url: string) => {
      let cancel: boolean | undefined;
      session.beforeRequest?.listener({ url }, (r) => (cancel = r.cancel));
      return cancel;
    };
    expect(session.beforeRequest?.filter).toEqual({ urls: ['<all_urls>'] });
    expect(decide('https://example.com/x.png')).toBe(true);
    expect(decide('http://127.0.0.1:9/beacon')).toBe(true);
    expect(decide('wss://example.com/')).toBe(true);
    expect(decide('file:///etc/passwd')).toBe(true);
    expect(decide('capsem-app://app/assets/app.js')).toBe(false);
  });
  it('cancels downloads', () => {
    const event = new FakeEvent();
    session.emit('will-download', event, {});
    expect(event.defaultPrevented).toBe(true);
  });
  it('pure decisions agree', () => {
    expect(isAllowedNavigation('about:blank', false)).toBe(true);
    expect(isAllowedNavigation('about:blank', true)).toBe(false);
    expect(shouldCancelRequest('ftp://x/')).toBe(true);
    expect(shouldCancelRequest('devtools://devtools/bundled/x.js')).toBe(false);
  });
});
