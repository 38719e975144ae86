import { describe, expect, it } from 'vitest';

interface Decision {
  readonly mode: 'electron' | 'serve';
  readonly command: string;
  readonly args: string[];
  readonly reason?: string;
}
interface StartModule {
  decideLaunch(input: {
    platform: string;
    env: Record<string, string | undefined>;
    electronBinary: string | null;
    paths: string[];
    cwd: string;
  }): Decision;
  findElectronBinary(
    root: string,
    env: Record<string, string | undefined>,
    exists: (p: string) => boolean,
    read: (p: string) => string,
  ): string | null;
  hasDisplay(platform: string, env: Record<string, string | undefined>): boolean;
}

// A plain .mjs script (it runs before any build); imported through a computed URL and typed here.
const start = (await import(new URL('../../scripts/start.mjs', import.meta.url).href)) as StartModule;

describe('npm start: Electron or serve mode', () => {
  it('launches Electron when the binary and a display are there, with the paths after --', () => {
    const d = start.decideLaunch({
      platform: 'linux',
      env: { DISPLAY: ':0' },
      electronBinary: '/e/electron',
      paths: ['ses_1', '/abs/-odd'],
      cwd: '/w',
    });
    expect(d).toEqual({ mode: 'electron', command: '/e/electron', args: ['.', '--', '/w/ses_1', '/abs/-odd'] });
    expect(
      start.decideLaunch({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' }, electronBinary: '/e', paths: [], cwd: '/' }).mode,
    ).toBe('electron');
    expect(start.decideLaunch({ platform: 'darwin', env: {}, electronBinary: '/e', paths: [], cwd: '/' }).mode).toBe('electron');
    expect(start.decideLaunch({ platform: 'win32', env: {}, electronBinary: '/e', paths: [], cwd: '/' }).mode).toBe('electron');
  });

  it('falls back to serve mode without a display, in one sentence naming why', () => {
    const d = start.decideLaunch({ platform: 'linux', env: {}, electronBinary: '/e/electron', paths: ['x'], cwd: '/w' });
    expect(d.mode).toBe('serve');
    expect(d.args).toEqual(['bin/capsem-inspect.js', 'serve', '/w/x']);
    expect(d.reason).toMatch(/no display/);
    expect(d.reason!.split(/[.;]\s/).length).toBeLessThanOrEqual(2);
    expect(d.reason!.trim().match(/\.$/g)).toHaveLength(1);
  });

  it('falls back to serve mode without the Electron binary, even with a display; no path → serve opens the sample', () => {
    const d = start.decideLaunch({ platform: 'darwin', env: {}, electronBinary: null, paths: [], cwd: '/w' });
    expect(d.mode).toBe('serve');
    expect(d.args).toEqual(['bin/capsem-inspect.js', 'serve']);
    expect(d.reason).toMatch(/Electron binary is not installed/);
  });

  it('finds the binary the way electron/index.js does, without downloading', () => {
    const files = new Map([
      ['/p/node_modules/electron/path.txt', 'electron'],
      ['/p/node_modules/electron/dist/electron', ''],
    ]);
    const exists = (p: string) => files.has(p);
    const read = (p: string) => {
      const f = files.get(p);
      if (f === undefined) throw new Error('ENOENT');
      return f;
    };
    expect(start.findElectronBinary('/p', {}, exists, read)).toBe('/p/node_modules/electron/dist/electron');
    expect(start.findElectronBinary('/q', {}, exists, read)).toBeNull(); // no path.txt: the install never finished
    files.delete('/p/node_modules/electron/dist/electron');
    expect(start.findElectronBinary('/p', {}, exists, read)).toBeNull(); // path.txt but no dist
    expect(start.findElectronBinary('/p', { ELECTRON_OVERRIDE_DIST_PATH: '/o' }, (p) => p === '/o/electron', read)).toBe('/o/electron');
  });
});
