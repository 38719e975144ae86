import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CSP_DIRECTIVES } from '../../../src/main/electron/csp.js';
import { LOCKED_WEB_PREFERENCES, windowOptions } from '../../../src/main/electron/window-options.js';
import { createAppProtocolHandler, resolveAssetPath, APP_SCHEME_PRIVILEGES } from '../../../src/main/electron/app-protocol.js';
import { appPageUrl, isAppUrl } from '../../../src/main/electron/app-url.js';

describe('the CSP string', () => {
  it('holds every directive ELE-2 asks for, with the expected values', () => {
    const map = new Map(CSP_DIRECTIVES);
    expect(map.get('default-src')).toBe("'none'");
    expect(map.get('script-src')).toBe("'self'");
    expect(map.get('style-src')).toBe("'self'");
    expect(map.get('object-src')).toBe("'none'");
    expect(map.get('base-uri')).toBe("'none'");
    expect(map.get('form-action')).toBe("'none'");
    expect(map.get('frame-ancestors')).toBe("'none'");
    expect(map.get('require-trusted-types-for')).toBe("'script'");
    expect(map.get('trusted-types')?.split(' ')).toHaveLength(1);
  });
  it('never allows inline or eval, and names no remote source', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|https?:|\*/);
    expect(CONTENT_SECURITY_POLICY.split('; ')).toHaveLength(CSP_DIRECTIVES.length);
  });
});

describe('the window options factory', () => {
  const options = windowOptions({ preloadPath: '/app/out/preload/index.cjs', title: 'x', platform: 'linux' });
  it('locks every web preference of ELE-1', () => {
    const prefs = options.webPreferences!;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });
  it('cannot be loosened by the input (the locked set is spread last but preload)', () => {
    expect(
      Object.keys(LOCKED_WEB_PREFERENCES).every(
        (k) => (options.webPreferences as Record<string, unknown>)[k] === (LOCKED_WEB_PREFERENCES as Record<string, unknown>)[k],
      ),
    ).toBe(true);
    expect(options.show).toBe(false);
  });
});

describe('the app protocol', () => {
  const files = new Map<string, Uint8Array>([
    ['/r/index.html', new TextEncoder().encode('<!doctype html>')],
    ['/r/assets/app.js', new TextEncoder().encode('console.log(1)')],
  ]);
  const handler = createAppProtocolHandler({
    rendererDir: '/r',
    readFile: async (p) => {
      const f = files.get(p);
      if (!f) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
      return f;
    },
  });

  it('is registered standard and secure, without bypassing CSP', () => {
    expect(APP_SCHEME_PRIVILEGES.privileges.standard).toBe(true);
    expect(APP_SCHEME_PRIVILEGES.privileges.secure).toBe(true);
    expect(APP_SCHEME_PRIVILEGES.privileges.bypassCSP).toBe(false);
  });
  it('serves renderer files with the CSP as a response header', async () => {
    const res = await handler(new Request('capsem-app://app/index.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('<!doctype html>');
    const js = await handler(new Request('capsem-app://app/assets/app.js'));
    expect(js.headers.get('content-type')).toMatch(/javascript/);
  });
  it('refuses paths that leave the renderer folder, other hosts, and writes', async () => {
    expect(resolveAssetPath('/r', 'capsem-app://app/../etc/passwd')).toBe('/r/etc/passwd'); // URL parsing already drops the ..
    expect(resolveAssetPath('/r', 'capsem-app://app/%2e%2e/%2e%2e/etc/passwd')).toBe('/r/etc/passwd'); // so is an encoded ..
    expect(resolveAssetPath('/r', 'capsem-app://app/..%2Fsecret')).toBeNull();
    expect(resolveAssetPath('/r', 'capsem-app://app/a%5Cb')).toBeNull();
    expect(resolveAssetPath('/r', 'capsem-app://other/index.html')).toBeNull();
    expect(resolveAssetPath('/r', 'https://app/index.html')).toBeNull();
    expect((await handler(new Request('capsem-app://app/..%2Fx'))).status).toBe(404);
    expect((await handler(new Request('capsem-app://app/missing.js'))).status).toBe(404);
    const post = await handler(new Request('capsem-app://app/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
  it('tells app URLs from look-alikes', () => {
    expect(isAppUrl(appPageUrl('/overview/abc'))).toBe(true);
    expect(appPageUrl('/overview/abc')).toBe('capsem-app://app/index.html#/overview/abc');
    for (const url of [
      'capsem-app://app.evil/x',
      'capsem-app://user@app/x',
      'capsem-app://app:8080/x',
      'about:srcdoc',
      'file:///etc/passwd',
      'https://app/',
      'capsem-appx://app/',
      'not a url',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });
});
