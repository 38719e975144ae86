import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface PackageModule {
  decidePackaging(input: {
    electronBinary: string | null;
    cachedZip: boolean;
    zipName: string;
    cacheDir: string;
  }): { run: true; builderArgs: string[] } | { run: false; reason: string };
  electronCacheDir(platform: string, env: Record<string, string | undefined>, home: string): string;
  electronZipName(version: string, platform: string, arch: string): string;
  cacheHolds(dir: string, name: string): boolean;
}

// A plain .mjs script (it runs before any build); imported through a computed URL and typed here.
const script = new URL('../../scripts/package.mjs', import.meta.url);
const pkg = (await import(script.href)) as PackageModule;
const scratch = mkdtempSync(join(tmpdir(), 'capsem-package-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run package: only with an Electron binary at hand', () => {
  it('uses an installed binary as the dist, so nothing is downloaded', () => {
    expect(pkg.decidePackaging({ electronBinary: '/e/dist/electron', cachedZip: false, zipName: 'z', cacheDir: '/c' })).toEqual({
      run: true,
      builderArgs: ['--config.electronDist=/e/dist'],
    });
    expect(pkg.decidePackaging({ electronBinary: null, cachedZip: true, zipName: 'z', cacheDir: '/c' })).toEqual({
      run: true,
      builderArgs: [],
    });
  });

  it('finds the release zip where @electron/get caches it', () => {
    expect(pkg.electronCacheDir('linux', { XDG_CACHE_HOME: '/x' }, '/h')).toBe('/x/electron');
    expect(pkg.electronCacheDir('linux', {}, '/h')).toBe('/h/.cache/electron');
    expect(pkg.electronCacheDir('darwin', {}, '/h')).toBe('/h/Library/Caches/electron');
    expect(pkg.electronCacheDir('linux', { ELECTRON_CACHE: '/ec' }, '/h')).toBe('/ec');
    const name = pkg.electronZipName('45.3.4', 'linux', 'x64');
    expect(name).toBe('electron-v45.3.4-linux-x64.zip');
    expect(pkg.cacheHolds(scratch, name)).toBe(false);
    mkdirSync(join(scratch, 'a1b2'));
    writeFileSync(join(scratch, 'a1b2', name), '');
    expect(pkg.cacheHolds(scratch, name)).toBe(true);
    expect(pkg.cacheHolds(join(scratch, 'missing'), name)).toBe(false);
  });

  const hasDist = existsSync(new URL('../../node_modules/electron/dist', import.meta.url));
  it.skipIf(hasDist)('without one, refuses at once in one sentence that names what is missing', () => {
    const empty = join(scratch, 'empty-cache');
    mkdirSync(empty);
    // The refusal is what this machine gives (no Electron dist can be installed here); a machine that has one skips this.
    const env = Object.fromEntries(
      Object.entries({ ...process.env, ELECTRON_CACHE: empty }).filter(
        ([k]) => k !== 'ELECTRON_OVERRIDE_DIST_PATH' && k !== 'ELECTRON_EXEC_PATH',
      ),
    );
    const run = spawnSync(process.execPath, [script.pathname], { env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Packaging needs the Electron binary, .* nor cached as electron-v[\d.]+-[a-z0-9]+-[a-z0-9]+\.zip under .*empty-cache, .*\.$/,
    );
    expect(run.stdout).toBe('');
  });
});
