import { describe, expect, it } from 'vitest';
import { evidenceIdInUrl, windowTitle } from '../../../src/main/electron/window-route.js';
import { APP_VIEWS, routeFor } from '../../../src/main/electron/app-views.js';
import type { AppViewId } from '../../../src/main/electron/app-views.js';
import type { Route } from '../../../src/renderer/src/router.js';
import { parseHash } from '../../../src/renderer/src/router.js';
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
  it('lists every view the renderer router has (its item views aside), each routed where the router parses it', () => {
    // A view added to the router's Route union without a line in APP_VIEWS fails to compile here, and at run time.
    const routerViews: Record<Exclude<Route['view'], 'row' | 'event'>, AppViewId> = {
      start: 'start',
      overview: 'overview',
      tables: 'tables',
      integrity: 'integrity',
      sql: 'sql',
      search: 'search',
      graph: 'graph',
      lifecycle: 'lifecycle',
      files: 'files',
      'file-history': 'file-history',
      egress: 'egress',
      decisions: 'decisions',
      case: 'case',
      library: 'library',
      hunt: 'hunt',
      compare: 'compare',
      transcript: 'transcript',
    };
    expect(APP_VIEWS.map((v) => v.id).sort()).toEqual(Object.keys(routerViews).sort());
    for (const v of APP_VIEWS) expect(parseHash(routeFor(v.id, 'ev_1', 'lib-1')).view, v.id).toBe(v.id);
    expect(routeFor('graph', 'a b')).toBe('#/e/a%20b/graph');
    expect(routeFor('library', null, 'lib-1')).toBe('#/library/lib-1');
    expect(routeFor('library', 'ev_1')).toBe('#/');
    expect(routeFor('compare', null)).toBe('#/compare');
    expect(routeFor('files', null)).toBe('#/');
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
