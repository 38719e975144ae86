import { describe, expect, it } from 'vitest';
import { evidenceIdInUrl, windowTitle } from '../../../src/main/electron/window-route.js';
import { routeFor } from '../../../src/main/electron/app-views.js';
import { appPageUrl } from '../../../src/main/electron/app-url.js';

describe('window routes', () => {
  const open = new Set(['ev_1', 'a b']);
  const isOpen = (id: string) => open.has(id);
  it('builds the renderer router’s hash routes', () => {
    expect(routeFor('overview', 'ev_1')).toBe('#/e/ev_1/overview');
    expect(routeFor('integrity', 'a b')).toBe('#/e/a%20b/integrity');
    expect(routeFor('start', 'ev_1')).toBe('#/');
    expect(routeFor('sql', null)).toBe('#/');
  });
  it('reads the evidence a window shows from its URL, only for open evidence on the app origin', () => {
    expect(evidenceIdInUrl(appPageUrl(routeFor('tables', 'ev_1')) + '/events?sort=id.asc', isOpen)).toBe('ev_1');
    expect(evidenceIdInUrl(appPageUrl(routeFor('overview', 'a b')), isOpen)).toBe('a b');
    expect(evidenceIdInUrl(appPageUrl('#/e/ev_9/overview'), isOpen)).toBeNull();
    expect(evidenceIdInUrl(appPageUrl('#/'), isOpen)).toBeNull();
    expect(evidenceIdInUrl('https://evil.example/#/e/ev_1/overview', isOpen)).toBeNull();
    expect(evidenceIdInUrl(appPageUrl('#/e/%E0%A4%A/overview'), isOpen)).toBeNull();
  });
  it('titles a window by session id, display name beside it', () => {
    expect(windowTitle('App', null)).toBe('App');
    expect(windowTitle('App', { sessionId: 'ses_1', displayName: null })).toBe('ses_1 — App');
    expect(windowTitle('App', { sessionId: 'ses_1', displayName: 'dev-vm' })).toBe('ses_1 (dev-vm) — App');
  });
});
