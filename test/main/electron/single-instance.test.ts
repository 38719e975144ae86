import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { App } from 'electron';
import { pathsFromArgv } from '../../../src/main/electron/argv-paths.js';
import { claimSingleInstance, readHandOff } from '../../../src/main/electron/single-instance.js';
import { createOpenFileQueue } from '../../../src/main/electron/open-file-queue.js';

class FakeApp extends EventEmitter {
  quitCalls = 0;
  lockData: unknown = undefined;
  constructor(
    private readonly gotLock: boolean,
    readonly isPackaged = true,
  ) {
    super();
  }
  requestSingleInstanceLock(data?: unknown): boolean {
    this.lockData = data;
    return this.gotLock;
  }
  quit(): void {
    this.quitCalls++;
  }
}

const asApp = (a: FakeApp) => a as unknown as Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'> & { isPackaged: boolean };

describe('single instance', () => {
  it('a second launch hands its paths over and quits', () => {
    const second = new FakeApp(false);
    const got: string[][] = [];
    expect(claimSingleInstance(asApp(second), ['/cases/ses_1'], (p) => got.push(p))).toBe(false);
    expect(second.quitCalls).toBe(1);
    expect(second.lockData).toEqual({ paths: ['/cases/ses_1'] });
    expect(got).toEqual([]);
  });

  it('the first instance receives the hand-off from additionalData', () => {
    const first = new FakeApp(true);
    const got: string[][] = [];
    expect(claimSingleInstance(asApp(first), [], (p) => got.push(p))).toBe(true);
    expect(first.quitCalls).toBe(0);
    first.emit('second-instance', {}, ['/opt/app', '--no-sandbox', 'ignored-because-data-wins'], '/home/u', {
      paths: ['/cases/ses_1', '/cases/ses 2'],
    });
    expect(got).toEqual([['/cases/ses_1', '/cases/ses 2']]);
  });

  it('falls back to argv (relative to the second instance cwd) when additionalData is absent or malformed', () => {
    const first = new FakeApp(true);
    const got: string[][] = [];
    claimSingleInstance(asApp(first), [], (p) => got.push(p));
    first.emit('second-instance', {}, ['/opt/app', '--allow-file-access-from-files', 'ses_1', '--', '-odd'], '/home/u', undefined);
    first.emit('second-instance', {}, ['/opt/app', '/abs'], '/home/u', { paths: [1, 2] });
    first.emit('second-instance', {}, ['/opt/app'], '/home/u', { paths: [] });
    expect(got).toEqual([['/home/u/ses_1', '/home/u/-odd'], ['/abs'], []]);
  });

  it('reads only a well-formed hand-off', () => {
    expect(readHandOff({ paths: ['/a'] })).toEqual(['/a']);
    expect(readHandOff({ paths: 'x' })).toBeNull();
    expect(readHandOff({ paths: [''] })).toBeNull();
    expect(readHandOff({ paths: new Array(300).fill('/a') })).toBeNull();
    expect(readHandOff(null)).toBeNull();
  });
});

describe('argv paths', () => {
  it('skips the binary (and the app path when run from source) and every switch', () => {
    expect(pathsFromArgv(['/usr/bin/electron', '.', '--inspect', 'a', '/b'], { isPackaged: false, cwd: '/w' })).toEqual(['/w/a', '/b']);
    expect(pathsFromArgv(['/Applications/X.app/Contents/MacOS/X', '-psn_0_1234', 'a'], { isPackaged: true, cwd: '/w' })).toEqual(['/w/a']);
  });
  it('treats everything after -- as a path, dashes included', () => {
    expect(pathsFromArgv(['x', '--', '-dash', '--also', 'ü n'], { isPackaged: true, cwd: '/w' })).toEqual([
      '/w/-dash',
      '/w/--also',
      '/w/ü n',
    ]);
  });
});

describe('macOS open-file queue', () => {
  function manualTimers() {
    const pending = new Map<number, () => void>();
    let next = 1;
    return {
      timers: {
        setTimeout: (cb: () => void) => (pending.set(next, cb), next++),
        clearTimeout: (h: unknown) => void pending.delete(h as number),
      },
      fire: () => [...pending.entries()].forEach(([id, cb]) => (pending.delete(id), cb())),
      count: () => pending.size,
    };
  }
  it('queues files that arrive before ready and delivers them as one batch', () => {
    const t = manualTimers();
    const q = createOpenFileQueue(t.timers);
    q.push('/a/session.db');
    q.push('/a/session.bodies');
    expect(t.count()).toBe(0); // nothing scheduled before ready
    const got: string[][] = [];
    q.start((p) => got.push(p));
    t.fire();
    expect(got).toEqual([['/a/session.db', '/a/session.bodies']]);
  });
  it('gathers events that arrive close together after ready', () => {
    const t = manualTimers();
    const q = createOpenFileQueue(t.timers);
    const got: string[][] = [];
    q.start((p) => got.push(p));
    q.push('/x');
    q.push('/y');
    expect(t.count()).toBe(1); // the second push re-armed the one timer
    t.fire();
    q.push('/z');
    t.fire();
    expect(got).toEqual([['/x', '/y'], ['/z']]);
  });
});

describe('argv URLs from a Linux desktop entry (%U)', () => {
  it('turns file:// URLs into paths and drops other URLs', () => {
    expect(
      pathsFromArgv(['x', 'file:///cases/ses%201/session.db', 'https://evil.example/x', 'file://host/share/x'], {
        isPackaged: true,
        cwd: '/w',
      }),
    ).toEqual(['/cases/ses 1/session.db']);
  });
});
