import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { EvidenceSummary, InspectorEvent } from '../../../src/shared/contract.js';
import type { LibrarySummary } from '../../../src/shared/contract/library.js';
import { CHANNELS } from '../../../src/shared/contract.js';
import type { InspectorService } from '../../../src/main/core/service/service.js';
import type { Evidence } from '../../../src/main/core/evidence/types.js';
import { startDesktopApp, validateDroppedPaths } from '../../../src/main/electron/desktop-app.js';
import { fakeElectron } from './fake-electron.js';
import { fakeSender } from './fakes.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'desktop-'));
  for (const id of ['ses_1', 'ses_2']) {
    mkdirSync(join(root, id));
    writeFileSync(join(root, id, 'session.db'), '');
  }
  // A Capsem home (sessions/host.db) and a bare host.db: both open as a library, never as a session.
  mkdirSync(join(root, 'home', 'sessions'), { recursive: true });
  writeFileSync(join(root, 'home', 'sessions', 'host.db'), '');
  mkdirSync(join(root, 'hostonly'));
  writeFileSync(join(root, 'hostonly', 'host.db'), '');
  mkdirSync(join(root, 'userdata'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeService() {
  const open = new Map<string, EvidenceSummary>();
  const opened: string[][] = [];
  const handled: { channel: string; arg: unknown }[] = [];
  const listeners = new Set<(e: InspectorEvent) => void>();
  const libraries: LibrarySummary[] = [];
  const libraryAsked: string[][] = [];
  let n = 0;
  const service = {
    library: {
      list: () => [...libraries].reverse(),
      async openIfLibrary(paths: readonly string[]) {
        libraryAsked.push([...paths]);
        const summary: LibrarySummary = {
          id: `lib-${libraries.length + 1}`,
          label: paths[0]!,
          openedAt: '2026-01-01T00:00:00Z',
          sessions: 2,
          chainIntact: true,
        };
        libraries.push(summary);
        return { ok: true, value: summary };
      },
    },
    async handle(channel: string, arg: unknown) {
      handled.push({ channel, arg });
      if (channel === 'evidence.close') open.delete((arg as { evidenceId: string }).evidenceId);
      if (channel === 'jobs.verify.start') return { ok: true, value: { jobId: 'job-1' } };
      return { ok: true, value: null };
    },
    onEvent: (l: (e: InspectorEvent) => void) => (listeners.add(l), () => listeners.delete(l)),
    async openPaths(paths: string[]) {
      opened.push(paths);
      const summary: EvidenceSummary = {
        id: `ev${++n}`,
        sessionId: paths[0]!
          .replace(/\/session\.(db|bodies)$/, '')
          .split('/')
          .at(-1)!,
        displayName: null,
        generation: 'A2',
        openedAt: '2026-01-01T00:00:00Z',
        origin: 'path',
      };
      open.set(summary.id, summary);
      return { ok: true, value: summary };
    },
    registry: {
      list: () => [...open.values()],
      summary: (id: string) => open.get(id)!,
      get: (id: string) => ({ id, sessionId: open.get(id)?.sessionId, input: { dbPath: '/x/session.db' } }) as unknown as Evidence,
    },
    dispose: () => undefined,
  } as unknown as InspectorService;
  return { service, opened, handled, libraryAsked, emit: (e: InspectorEvent) => listeners.forEach((l) => l(e)) };
}

async function boot(argv: string[], gotLock = true) {
  const e = fakeElectron(join(root, 'userdata'));
  e.app.gotLock = gotLock;
  const core = fakeService();
  const started = startDesktopApp({
    electron: e.modules,
    core: {
      service: core.service,
      exportWarc: async () => ({ ok: false, error: { code: 'EXPORT_FAILED', message: 'n/a' } }),
      checkDestination: (_e, p) => ({ ok: true, value: p }),
    },
    layout: { preloadPath: '/app/out/preload/index.cjs', rendererDir: '/app/out/renderer' },
    productName: 'Capsem Ledger Inspector',
    argv,
    cwd: root,
  });
  return { e, core, started };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
/** Waits for the app's async intake (real realpath/lstat calls) instead of guessing a delay. */
async function until(condition: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('desktop app lifecycle (fake Electron)', () => {
  it('before ready: privileged scheme, sandbox, the single-instance lock carrying the paths', async () => {
    const { e, started } = await boot(['/opt/capsem', 'ses_1']);
    expect(started).toBe(true);
    expect(e.privileged).toEqual([
      [expect.objectContaining({ scheme: 'capsem-app', privileges: expect.objectContaining({ standard: true, secure: true }) })],
    ]);
    expect(e.app.sandboxed).toBe(true);
    expect(e.app.lockRequested).toEqual({ paths: [join(root, 'ses_1')] });
    expect(e.windows).toHaveLength(0); // nothing before ready
  });

  it('a second instance hands off and quits without touching anything else', async () => {
    const { e, started } = await boot(['/opt/capsem', 'ses_1'], false);
    expect(started).toBe(false);
    expect(e.app.quits).toBe(1);
    e.app.readyResolve();
    await settle();
    expect(e.windows).toHaveLength(0);
  });

  it('at ready: protocol, session guards, IPC, menu, and a locked window for the argv session', async () => {
    const { e, core } = await boot(['/opt/capsem', 'ses_1']);
    e.app.readyResolve();
    await until(() => e.windows.length === 1);
    expect([...e.session.handled.keys()]).toEqual(['capsem-app']);
    expect(e.session.permissionRequest).not.toBeNull();
    expect(e.session.beforeRequest).not.toBeNull();
    expect([...e.ipcMain.handlers.keys()].sort()).toEqual([...CHANNELS, 'desktop.openDropped'].sort());
    expect(core.opened).toEqual([[join(root, 'ses_1')]]);
    expect(e.windows).toHaveLength(1);
    const w = e.windows[0]!;
    expect((w.options.webPreferences as Record<string, unknown>).sandbox).toBe(true);
    expect((w.options.webPreferences as Record<string, unknown>).contextIsolation).toBe(true);
    expect(w.urls).toEqual(['capsem-app://app/index.html#/e/ev1/overview']);
    expect(w.webContents.windowOpenHandler).not.toBeNull(); // guarded through web-contents-created
    const menu = e.menus.at(-1) as MenuItemConstructorOptions[];
    const file = menu.find((m) => m.id === 'file')!.submenu as MenuItemConstructorOptions[];
    expect(file.find((i) => i.id === 'export-warc')?.enabled).toBe(true);
    expect(w.title).toBe('ses_1 — Capsem Ledger Inspector');
  });

  it('a second-instance hand-off of an open session focuses its window; a new one opens a second window', async () => {
    const { e, core } = await boot(['/opt/capsem', 'ses_1']);
    e.app.readyResolve();
    await until(() => e.windows.length === 1);
    e.app.emit('second-instance', {}, [], root, { paths: [join(root, 'ses_1', 'session.db')] });
    await settle();
    expect(e.windows).toHaveLength(1);
    expect(core.opened).toHaveLength(1);
    e.app.emit('second-instance', {}, [], root, { paths: [join(root, 'ses_2')] });
    await until(() => e.windows.length === 2);
    expect(e.windows).toHaveLength(2);
    expect(e.windows[1]!.urls).toEqual(['capsem-app://app/index.html#/e/ev2/overview']);
  });

  it('no paths: a start window; an open-file before ready is queued and opened into it', async () => {
    const { e, core } = await boot(['/opt/capsem']);
    const ev = {
      preventDefault() {
        this.prevented = true;
      },
      prevented: false,
    };
    e.app.emit('open-file', ev, join(root, 'ses_2'));
    expect(ev.prevented).toBe(true);
    e.app.readyResolve();
    await until(() => e.windows.length === 1);
    expect(e.windows[0]!.urls[0]).toBe('capsem-app://app/index.html#/');
    await until(() => core.opened.length === 1); // after the open-file batch window
    await settle();
    expect(core.opened).toEqual([[join(root, 'ses_2')]]);
    expect(e.windows).toHaveLength(1); // the empty start window was reused
    expect(e.windows[0]!.urls.at(-1)).toBe('capsem-app://app/index.html#/e/ev1/overview');
  });

  it('drops go through the sender check and the intake; refusals are shown', async () => {
    const { e, core } = await boot(['/opt/capsem']);
    e.app.readyResolve();
    await until(() => e.windows.length === 1);
    const w = e.windows[0]!;
    const ok = fakeSender(w.webContents.id, 'capsem-app://app/index.html#/');
    const sender = Object.assign(ok.sender, { mainFrame: ok.mainEvent().senderFrame });
    const r = await e.ipcMain.invoke('desktop.openDropped', { sender, senderFrame: sender.mainFrame }, [join(root, 'ses_1', 'session.db')]);
    expect(r).toMatchObject({ ok: true, value: { sessionId: 'ses_1' } });
    expect(core.opened).toEqual([[join(root, 'ses_1', 'session.db')]]);
    const missing = await e.ipcMain.invoke('desktop.openDropped', { sender, senderFrame: sender.mainFrame }, [join(root, 'nope')]);
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(e.messages.at(-1)?.message).toMatch(/Could not open one item dropped on the window/);
    const forged = await e.ipcMain.invoke('desktop.openDropped', fakeSender(9999).mainEvent(), [join(root, 'ses_2')]);
    expect(forged).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(core.opened).toHaveLength(1);
  });

  it('a host.db or a Capsem home opens as a library (its own window on the library route), never as a session', async () => {
    const { e, core } = await boot(['/opt/capsem', join(root, 'home')]);
    e.app.readyResolve();
    await until(() => e.windows.length === 1);
    expect(core.libraryAsked).toEqual([[join(root, 'home')]]);
    expect(core.opened).toEqual([]);
    expect(e.windows[0]!.urls).toEqual(['capsem-app://app/index.html#/library/lib-1']);
    expect(e.messages).toEqual([]);
    e.app.emit('second-instance', {}, [], root, { paths: [join(root, 'hostonly', 'host.db')] });
    await until(() => e.windows.length === 2);
    expect(core.libraryAsked.at(-1)).toEqual([join(root, 'hostonly', 'host.db')]);
    expect(e.windows[1]!.urls).toEqual(['capsem-app://app/index.html#/library/lib-2']);
    // The same home again focuses its window instead of opening another.
    e.app.emit('second-instance', {}, [], root, { paths: [join(root, 'home')] });
    await settle();
    expect(e.windows).toHaveLength(2);
    expect(core.libraryAsked).toHaveLength(2);
  });

  it('job events reach only the window showing that evidence; closing the last window closes the evidence', async () => {
    const { e, core } = await boot(['/opt/capsem', 'ses_1', 'ses_2']);
    e.app.readyResolve();
    await until(() => e.windows.length === 2);
    expect(e.windows).toHaveLength(2);
    core.emit({
      name: 'job.progress',
      payload: { jobId: 'j', kind: 'verify', evidenceId: 'ev2', itemsDone: 1, itemsTotal: 2, bytesDone: 1, bytesTotal: 2, failed: 0 },
    });
    expect(e.windows[0]!.webContents.sent).toEqual([]);
    expect(e.windows[1]!.webContents.sent.map((s) => s.channel)).toEqual(['job.progress']);
    e.windows[1]!.close();
    await until(() => core.handled.some((h) => h.channel === 'evidence.close'));
    expect(core.handled).toContainEqual({ channel: 'evidence.close', arg: { evidenceId: 'ev2' } });
  });

  it('reloads a crashed renderer, and stops after repeated crashes with a named message', async () => {
    const { e } = await boot(['/opt/capsem', 'ses_1']);
    e.app.readyResolve();
    await until(() => e.windows.length === 1);
    const w = e.windows[0]!;
    for (let i = 0; i < 4; i++) w.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(w.webContents.reloads).toBe(3);
    expect(e.messages.at(-1)?.message).toBe('The window keeps crashing');
    w.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(w.webContents.reloads).toBe(3);
  });
});

describe('drop argument validation', () => {
  it('takes absolute paths only, at most 64', () => {
    expect(validateDroppedPaths(['/a', '/b'])).toEqual({ ok: true, value: ['/a', '/b'] });
    for (const bad of [[], 'x', ['rel/x'], [''], ['/a\0b'], [1], new Array(65).fill('/a')])
      expect(validateDroppedPaths(bad).ok).toBe(false);
  });
});
