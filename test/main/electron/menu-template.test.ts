import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate } from '../../../src/main/electron/menu-template.js';
import type { MenuCommand, MenuState } from '../../../src/main/electron/menu-commands.js';
import { APP_VIEWS } from '../../../src/main/electron/app-views.js';

const base: MenuState = {
  platform: 'linux',
  appName: 'Capsem Ledger Inspector',
  hasEvidence: true,
  hasLibrary: false,
  canReveal: true,
  exportRunning: false,
  verifyRunning: false,
  recent: [{ label: 'ses_1 — /cases', paths: ['/cases/ses_1'] }],
  timeZone: 'utc',
  isDev: false,
};

function build(state: Partial<MenuState> = {}) {
  const sent: MenuCommand[] = [];
  const template = buildMenuTemplate({ ...base, ...state }, (c) => sent.push(c));
  const byId = new Map<string, MenuItemConstructorOptions>();
  const walk = (items: MenuItemConstructorOptions[]) =>
    items.forEach((item) => {
      if (item.id) byId.set(item.id, item);
      if (Array.isArray(item.submenu)) walk(item.submenu);
    });
  walk(template);
  const click = (id: string) => {
    const item = byId.get(id);
    if (!item?.click) throw new Error(`no clickable ${id}`);
    (item.click as () => void)();
    return sent.at(-1);
  };
  return { template, byId, sent, click };
}

describe('menu template', () => {
  it('has every item the issue names, with top menus in platform order', () => {
    const { template, byId } = build();
    expect(template.map((m) => m.id)).toEqual(['file', 'edit', 'view', 'help']);
    for (const id of [
      'open-folder',
      'open-files',
      'open-recent',
      'recent-0',
      'clear-recent',
      'close-window',
      'export-warc',
      'cancel-export',
      'export-case',
      'verify-all',
      'reveal-evidence',
      'time-utc',
      'time-local',
      'shortcuts',
      'about',
      'quit',
    ]) {
      expect(byId.has(id), id).toBe(true);
    }
    for (const view of APP_VIEWS) expect(byId.has(`view-${view.id}`), view.id).toBe(true);
    const viewRoles = (template[2]!.submenu as MenuItemConstructorOptions[]).map((i) => i.role).filter(Boolean);
    expect(viewRoles).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom']));
    expect(viewRoles).not.toContain('toggleDevTools');
  });

  it('uses the macOS app menu (About, Quit there) and a Window menu on darwin', () => {
    const { template, byId } = build({ platform: 'darwin' });
    expect(template.map((m) => m.id)).toEqual(['app', 'file', 'edit', 'view', 'window', 'help']);
    expect(byId.has('quit')).toBe(false); // Quit is the app menu's role item instead
    expect((template[0]!.submenu as MenuItemConstructorOptions[]).some((i) => i.role === 'quit')).toBe(true);
    expect(byId.get('reveal-evidence')?.label).toBe('Reveal Evidence in Finder');
  });

  it('disables Export, Verify, Reveal and evidence views when no evidence is shown', () => {
    const { byId } = build({ hasEvidence: false });
    expect(byId.get('export-warc')?.enabled).toBe(false);
    expect(byId.get('save-transcript')?.enabled).toBe(false);
    expect(byId.get('export-case')?.enabled).toBe(false);
    expect(byId.get('verify-all')?.enabled).toBe(false);
    expect(byId.get('reveal-evidence')?.enabled).toBe(false);
    expect(byId.get('view-overview')?.enabled).toBe(false);
    expect(byId.get('view-start')?.enabled).toBe(true);
    expect(byId.get('open-folder')?.enabled).toBeUndefined(); // always available
  });

  it('offers every router view; Library only once a host ledger is open, Compare always', () => {
    const ids = (build().template[2]!.submenu as MenuItemConstructorOptions[]).map((i) => i.id).filter((id) => id?.startsWith('view-'));
    expect(ids).toEqual(
      [
        'start',
        'overview',
        'tables',
        'integrity',
        'sql',
        'search',
        'graph',
        'lifecycle',
        'files',
        'file-history',
        'egress',
        'decisions',
        'case',
        'transcript',
        'library',
        'hunt',
        'compare',
      ].map((v) => `view-${v}`),
    );
    const none = build({ hasEvidence: false, hasLibrary: false }).byId;
    expect(['graph', 'lifecycle', 'files', 'library'].map((v) => none.get(`view-${v}`)?.enabled)).toEqual([false, false, false, false]);
    expect(none.get('view-compare')?.enabled).toBe(true);
    const lib = build({ hasEvidence: false, hasLibrary: true }).byId;
    expect(lib.get('view-library')?.enabled).toBe(true);
    expect(lib.get('view-hunt')?.enabled).toBe(true);
    expect(lib.get('view-graph')?.enabled).toBe(false);
    expect(build().byId.get('view-files')?.enabled).toBe(true);
    expect(build().click('view-graph')).toEqual({ kind: 'navigate', view: 'graph' });
    expect(build({ hasLibrary: true }).click('view-library')).toEqual({ kind: 'navigate', view: 'library' });
  });

  it('enables them with evidence, and tracks running jobs', () => {
    expect(build().byId.get('export-warc')?.enabled).toBe(true);
    expect(build().byId.get('verify-all')?.enabled).toBe(true);
    expect(build().byId.get('reveal-evidence')?.enabled).toBe(true);
    expect(build().byId.get('cancel-export')?.enabled).toBe(false);
    const running = build({ exportRunning: true, verifyRunning: true }).byId;
    expect(running.get('export-warc')?.enabled).toBe(false);
    expect(running.get('cancel-export')?.enabled).toBe(true);
    expect(running.get('verify-all')?.enabled).toBe(false);
    expect(build({ canReveal: false }).byId.get('reveal-evidence')?.enabled).toBe(false);
  });

  it('wires each item to the right command', () => {
    const { click } = build();
    expect(click('open-folder')).toEqual({ kind: 'open-folder' });
    expect(click('open-files')).toEqual({ kind: 'open-files' });
    expect(click('recent-0')).toEqual({ kind: 'open-recent', index: 0 });
    expect(click('clear-recent')).toEqual({ kind: 'clear-recent' });
    expect(click('close-window')).toEqual({ kind: 'close-window' });
    expect(click('export-warc')).toEqual({ kind: 'export-warc' });
    expect(click('cancel-export')).toEqual({ kind: 'cancel-export' });
    expect(click('save-transcript')).toEqual({ kind: 'save-transcript' });
    expect(click('export-case')).toEqual({ kind: 'export-case' });
    expect(click('verify-all')).toEqual({ kind: 'verify-all' });
    expect(click('reveal-evidence')).toEqual({ kind: 'reveal-evidence' });
    expect(click('view-integrity')).toEqual({ kind: 'navigate', view: 'integrity' });
    expect(click('time-local')).toEqual({ kind: 'time-zone', zone: 'local' });
    expect(click('shortcuts')).toEqual({ kind: 'shortcuts' });
    expect(click('about')).toEqual({ kind: 'about' });
  });

  it('shows the time zone as a checked radio pair and an empty recent list as such', () => {
    const { byId } = build({ timeZone: 'local', recent: [] });
    expect(byId.get('time-utc')?.checked).toBe(false);
    expect(byId.get('time-local')?.checked).toBe(true);
    expect(byId.get('recent-none')?.enabled).toBe(false);
    expect(byId.get('clear-recent')?.enabled).toBe(false);
  });

  it('gives platform accelerators (CmdOrCtrl) and unique ones', () => {
    const { byId } = build();
    expect(byId.get('open-files')?.accelerator).toBe('CmdOrCtrl+O');
    expect(byId.get('export-warc')?.accelerator).toBe('CmdOrCtrl+E');
    const all = [...byId.values()].map((i) => i.accelerator).filter((a): a is string => typeof a === 'string');
    expect(new Set(all).size).toBe(all.length);
  });

  it('offers DevTools only when run from source', () => {
    const roles = (build({ isDev: true }).template[2]!.submenu as MenuItemConstructorOptions[]).map((i) => i.role);
    expect(roles).toContain('toggleDevTools');
  });
});
