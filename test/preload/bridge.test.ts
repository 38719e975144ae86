import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENT_NAMES } from '../../src/shared/contract.js';
import type { InspectorEvent } from '../../src/shared/contract.js';
import { buildBridge } from '../../src/preload/bridge.js';
import type { MenuCommandEvent } from '../../src/shared/desktop-channels.js';
import { MAX_DROPPED_FILES, MENU_COMMAND_CHANNEL, OPEN_DROPPED_CHANNEL } from '../../src/shared/desktop-channels.js';

function fakeIpc() {
  const invoked: { channel: string; arg: unknown }[] = [];
  const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
  return {
    invoked,
    listeners,
    ipc: {
      invoke: async (channel: string, arg: unknown) => (invoked.push({ channel, arg }), { ok: true, value: channel }),
      on: (channel: string, l: (e: unknown, p: unknown) => void) =>
        void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(l),
      removeListener: (channel: string, l: (e: unknown, p: unknown) => void) => void listeners.get(channel)?.delete(l),
    },
  };
}

describe('the preload bridge', () => {
  it('exposes exactly one function per channel plus onEvent and openDropped, and no ipcRenderer', () => {
    const bridge = buildBridge(fakeIpc().ipc, () => '');
    expect(Object.keys(bridge).sort()).toEqual([...CHANNELS, 'onEvent', 'onMenuCommand', 'openDropped'].sort());
    for (const key of Object.keys(bridge)) expect(typeof (bridge as unknown as Record<string, unknown>)[key]).toBe('function');
    expect('ipcRenderer' in bridge || 'invoke' in bridge || 'send' in bridge).toBe(false);
  });

  it('each function invokes its own channel with one argument', async () => {
    const f = fakeIpc();
    const bridge = buildBridge(f.ipc, () => '');
    expect(await bridge.overview({ evidenceId: 'e1' })).toEqual({ ok: true, value: 'overview' });
    await bridge['evidence.list'](null);
    expect(f.invoked).toEqual([
      { channel: 'overview', arg: { evidenceId: 'e1' } },
      { channel: 'evidence.list', arg: null },
    ]);
  });

  it('delivers events without Electron’s event object, and unsubscribes', () => {
    const f = fakeIpc();
    const bridge = buildBridge(f.ipc, () => '');
    const got: InspectorEvent[] = [];
    const off = bridge.onEvent((e) => got.push(e));
    expect([...f.listeners.keys()].sort()).toEqual([...EVENT_NAMES].sort());
    const sender = { sender: 'secret ipc object' };
    for (const l of f.listeners.get('job.progress')!)
      l(sender, { jobId: 'j', kind: 'verify', evidenceId: 'e', itemsDone: 1, itemsTotal: 2, bytesDone: 3, bytesTotal: 4 });
    expect(got).toEqual([
      {
        name: 'job.progress',
        payload: { jobId: 'j', kind: 'verify', evidenceId: 'e', itemsDone: 1, itemsTotal: 2, bytesDone: 3, bytesTotal: 4 },
      },
    ]);
    expect(JSON.stringify(got)).not.toContain('secret');
    off();
    expect([...f.listeners.values()].every((s) => s.size === 0)).toBe(true);
  });

  it('resolves dropped files to paths in the preload and sends only real paths to main', async () => {
    const f = fakeIpc();
    const paths = new Map([
      ['session.db', '/cases/s/session.db'],
      ['session.bodies', '/cases/s/session.bodies'],
    ]);
    const bridge = buildBridge(f.ipc, (file) => paths.get(file.name) ?? '');
    await bridge.openDropped([
      { name: 'session.db', size: 1 },
      { name: 'pasted.txt', size: 2 },
      { name: 'session.bodies', size: 3 },
    ]);
    expect(f.invoked).toEqual([{ channel: OPEN_DROPPED_CHANNEL, arg: ['/cases/s/session.db', '/cases/s/session.bodies'] }]);
  });

  it('never sends more than the cap plus one (main refuses that many)', async () => {
    const f = fakeIpc();
    const bridge = buildBridge(f.ipc, (file) => `/d/${file.name}`);
    await bridge.openDropped(Array.from({ length: 500 }, (_, i) => ({ name: `f${i}`, size: 0 })));
    expect((f.invoked[0]!.arg as string[]).length).toBe(MAX_DROPPED_FILES + 1);
  });

  it('passes on only well-formed menu commands', () => {
    const f = fakeIpc();
    const bridge = buildBridge(f.ipc, () => '');
    const got: MenuCommandEvent[] = [];
    const off = bridge.onMenuCommand((c) => got.push(c));
    for (const l of f.listeners.get(MENU_COMMAND_CHANNEL)!) {
      l({}, { kind: 'time-zone', zone: 'local' });
      l({}, { kind: 'time-zone', zone: 'mars' });
      l({}, { kind: 'navigate', to: 'https://x' });
      l({}, null);
    }
    expect(got).toEqual([{ kind: 'time-zone', zone: 'local' }]);
    off();
    expect(f.listeners.get(MENU_COMMAND_CHANNEL)!.size).toBe(0);
  });
});
