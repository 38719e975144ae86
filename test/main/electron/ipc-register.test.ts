import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../src/shared/contract.js';
import type { Channel } from '../../../src/shared/contract.js';
import type { Result } from '../../../src/shared/errors.js';
import type { ContractHandlers } from '../../../src/main/electron/ipc-register.js';
import { registerContract, registerDesktopChannel } from '../../../src/main/electron/ipc-register.js';
import { findPathLikeValue, isPathLike } from '../../../src/main/electron/ipc-path-args.js';
import { FakeIpcMain, fakeSender } from './fakes.js';

function setup() {
  const calls: { channel: Channel; arg: unknown }[] = [];
  const handlers = Object.fromEntries(
    CHANNELS.map((channel) => [channel, async (arg: unknown) => (calls.push({ channel, arg }), { ok: true, value: `handled ${channel}` })]),
  ) as unknown as ContractHandlers;
  const ipc = new FakeIpcMain();
  const refused: string[] = [];
  const trusted = new Set([7]);
  const unregister = registerContract(ipc, handlers, { trustedContentsIds: trusted, onRefused: (_c, reason) => refused.push(reason) });
  return { ipc, calls, refused, unregister, trusted };
}

const refusal = (r: unknown) => ((r as Result<unknown>).ok === false ? (r as { error: { code: string; message: string } }).error : null);

describe('the IPC wrapper', () => {
  it('registers every contract channel and calls the handler for our main frame', async () => {
    const { ipc, calls } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    const { mainEvent } = fakeSender(7);
    const r = await ipc.invoke('overview', mainEvent(), { evidenceId: 'ev_1' });
    expect(r).toEqual({ ok: true, value: 'handled overview' });
    expect(calls).toEqual([{ channel: 'overview', arg: { evidenceId: 'ev_1' } }]);
  });

  it('refuses a forged sender: a web contents that is not one of our windows', async () => {
    const { ipc, calls, refused } = setup();
    const r = await ipc.invoke('overview', fakeSender(99).mainEvent(), { evidenceId: 'ev_1' });
    expect(refusal(r)?.code).toBe('BAD_REQUEST');
    expect(refusal(r)?.message).toMatch(/not an inspector window/);
    expect(calls).toHaveLength(0);
    expect(refused).toHaveLength(1);
  });

  it('refuses a sub-frame (the srcdoc preview) and a frame claiming the app URL without being the main frame', async () => {
    const { ipc, calls } = setup();
    const s = fakeSender(7);
    for (const event of [
      s.subFrameEvent('about:srcdoc'),
      s.subFrameEvent('capsem-app://app/index.html'),
      { sender: s.sender, senderFrame: { url: 'capsem-app://app/index.html', parent: null } },
    ]) {
      const r = await ipc.invoke('overview', event, { evidenceId: 'ev_1' });
      expect(refusal(r)?.message).toMatch(/sub-frame/);
    }
    expect(calls).toHaveLength(0);
  });

  it('refuses a main frame on another origin, about:srcdoc or a destroyed frame', async () => {
    const { ipc, calls } = setup();
    for (const url of ['https://evil.example/', 'about:srcdoc', 'file:///tmp/x.html', 'capsem-app://app.evil/']) {
      const r = await ipc.invoke('overview', fakeSender(7, url).mainEvent(), { evidenceId: 'ev_1' });
      expect(refusal(r)?.message, url).toMatch(/not on the app origin/);
    }
    const gone = await ipc.invoke('overview', { sender: fakeSender(7).sender, senderFrame: null }, { evidenceId: 'ev_1' });
    expect(refusal(gone)?.message).toMatch(/gone/);
    expect(calls).toHaveLength(0);
  });

  it('refuses path-like arguments, whichever field carries them', async () => {
    const { ipc, calls } = setup();
    const ev = fakeSender(7).mainEvent();
    for (const evidenceId of ['../../etc/passwd', '/etc/passwd', 'C:\\Windows', '\\\\server\\share\\x', '~/x', 'file:///x']) {
      const r = await ipc.invoke('overview', ev, { evidenceId });
      expect(refusal(r)?.code, evidenceId).toBe('BAD_REQUEST');
    }
    expect(calls).toHaveLength(0);
  });

  it('refuses bad arguments: wrong type, missing field, extra argument, unknown shape', async () => {
    const { ipc, calls } = setup();
    const ev = fakeSender(7).mainEvent();
    expect(refusal(await ipc.invoke('overview', ev, { evidenceId: 5 }))?.code).toBe('BAD_REQUEST');
    expect(refusal(await ipc.invoke('overview', ev, {}))?.code).toBe('BAD_REQUEST');
    expect(refusal(await ipc.invoke('overview', ev, 'ev_1'))?.code).toBe('BAD_REQUEST');
    expect(
      refusal(
        await ipc.invoke('body.window', ev, {
          evidenceId: 'e',
          key: { eventId: 'x', sourceTable: 't', direction: 'd' },
          offset: -1,
          length: 5,
        }),
      )?.code,
    ).toBe('BAD_REQUEST');
    expect(refusal(await ipc.invoke('overview', ev, { evidenceId: 'ev_1' }, 'extra'))?.message).toMatch(/one argument/);
    expect(calls).toHaveLength(0);
  });

  it('lets free text carry slashes (SQL and search are data, not files)', async () => {
    const { ipc, calls } = setup();
    const ev = fakeSender(7).mainEvent();
    const r = await ipc.invoke('sql.run', ev, { evidenceId: 'ev_1', runId: 'r1', sql: "SELECT * FROM fs_events WHERE path LIKE '/etc/%'" });
    expect((r as Result<unknown>).ok).toBe(true);
    const s = await ipc.invoke('search', ev, { evidenceId: 'ev_1', query: '/workspace/src/main.rs' });
    expect((s as Result<unknown>).ok).toBe(true);
    expect(calls.map((c) => c.channel)).toEqual(['sql.run', 'search']);
  });

  it('turns a throwing handler into the envelope, and unregisters everything', async () => {
    const ipc = new FakeIpcMain();
    const handlers = Object.fromEntries(
      CHANNELS.map((c) => [
        c,
        async () => {
          throw new Error(`boom in ${c}`);
        },
      ]),
    ) as unknown as ContractHandlers;
    const off = registerContract(ipc, handlers, { trustedContentsIds: new Set([1]) });
    const r = await ipc.invoke('tables.list', fakeSender(1).mainEvent(), { evidenceId: 'e' });
    expect(r).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'boom in tables.list' } });
    off();
    expect(ipc.handlers.size).toBe(0);
  });

  it('puts desktop-only channels behind the same sender check', async () => {
    const ipc = new FakeIpcMain();
    const seen: unknown[] = [];
    registerDesktopChannel(
      ipc,
      'desktop.x',
      { trustedContentsIds: new Set([3]) },
      (raw) => (Array.isArray(raw) ? { ok: true, value: raw } : { ok: false, error: { code: 'BAD_REQUEST', message: 'not a list' } }),
      async (arg) => (seen.push(arg), { ok: true, value: 1 }),
    );
    expect(refusal(await ipc.invoke('desktop.x', fakeSender(3).subFrameEvent(), ['/a']))?.code).toBe('BAD_REQUEST');
    expect(refusal(await ipc.invoke('desktop.x', fakeSender(3).mainEvent(), 'x'))?.message).toBe('not a list');
    expect(await ipc.invoke('desktop.x', fakeSender(3).mainEvent(), ['/a'])).toEqual({ ok: true, value: 1 });
    expect(seen).toEqual([['/a']]);
  });
});

describe('path-like detection', () => {
  it('knows POSIX, Windows, UNC, home, relative and URL paths', () => {
    for (const p of [
      '/x',
      './x',
      '../x',
      '..',
      'a/../b',
      'C:\\x',
      'c:/x',
      '\\\\srv\\s',
      '\\\\?\\C:\\x',
      '~/x',
      '~',
      'file:///x',
      'a/b',
      'a\\b',
      'a\0b',
    ])
      expect(isPathLike(p), p).toBe(true);
    for (const p of ['ev_1', 'abc-DEF_09', 'call:123', 'tool_calls', 'event.1']) expect(isPathLike(p), p).toBe(false);
  });
  it('walks nested values and skips free-text fields only', () => {
    expect(findPathLikeValue({ a: [{ b: 'ok' }, { c: '/etc' }] })).toBe('arg.a[1].c');
    expect(findPathLikeValue({ sql: '/etc', query: '../x', filters: [{ column: 'path', value: '/x' }] })).toBeNull();
    expect(findPathLikeValue({ filters: [{ column: '../x', value: '/x' }] })).toBe('arg.filters[0].column');
  });
});
