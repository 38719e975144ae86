import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { builderConfig } from '../../electron-builder.js';
import defaultConfig from '../../electron-builder.js';

const root = new URL('../../', import.meta.url);
const require = createRequire(import.meta.url);

describe('electron-builder configuration', () => {
  it('is what electron-builder itself loads from the project, and passes its schema', async () => {
    const load = require('app-builder-lib/out/util/config/load') as {
      getConfig(r: object): Promise<{ result: unknown; configFile: string | null }>;
    };
    const config = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(c: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const found = await load.getConfig({
      packageKey: 'build',
      configFilename: 'electron-builder',
      projectDir: root.pathname,
      packageMetadata: null,
    });
    expect(found.configFile).toBe(new URL('electron-builder.ts', root).pathname);
    expect(found.result).toEqual(builderConfig);
    await expect(config.validateConfiguration(found.result, new DebugLogger(false))).resolves.toBeUndefined();
    expect(defaultConfig).toBe(builderConfig);
  });

  it('builds AppImage and deb, dmg, and nsis', () => {
    expect(builderConfig.linux.target).toEqual(['AppImage', 'deb']);
    expect(builderConfig.mac.target).toEqual(['dmg']);
    expect(builderConfig.win.target).toEqual(['nsis']);
  });

  it('offers the app for folders and SQLite files on Linux', () => {
    expect(builderConfig.linux.mimeTypes).toEqual(['inode/directory', 'application/vnd.sqlite3', 'application/x-sqlite3']);
  });

  it('declares folders and .db files as viewable documents on macOS, as an alternate handler only', () => {
    const db = builderConfig.mac.fileAssociations.find((a) => a.ext === 'db');
    expect(db).toMatchObject({ role: 'Viewer', rank: 'Alternate' });
    const folder = builderConfig.mac.extendInfo.CFBundleDocumentTypes.find((t) => t.LSItemContentTypes.includes('public.folder'));
    expect(folder).toMatchObject({ CFBundleTypeRole: 'Viewer', LSHandlerRank: 'Alternate' });
    expect(builderConfig.mac.fileAssociations.every((a) => a.rank === 'Alternate' && a.role === 'Viewer')).toBe(true);
  });

  it('adds and removes an "Open with" verb for folders on Windows, without claiming any file type', () => {
    const script = readFileSync(new URL(builderConfig.nsis.include, root), 'utf8');
    expect(script).toMatch(
      /!macro customInstall[\s\S]*Software\\Classes\\Directory\\shell\\CapsemLedgerInspector" "" "Open with Capsem Ledger Inspector"/,
    );
    expect(script).toMatch(/\\command" "" '"\$appExe" -- "%1"'/);
    expect(script).toMatch(/!macro customUnInstall[\s\S]*DeleteRegKey SHCTX "Software\\Classes\\Directory\\shell\\CapsemLedgerInspector"/);
    expect('fileAssociations' in builderConfig).toBe(false);
    expect('fileAssociations' in builderConfig.win).toBe(false);
  });

  it('sets every fuse of ELE-7', () => {
    expect(builderConfig.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the build and the sample, unpacks native modules, and rebuilds them for Electron', () => {
    expect(builderConfig.files).toEqual(expect.arrayContaining(['out/**', 'resources/sample/**']));
    expect(builderConfig.asar).toBe(true);
    expect(builderConfig.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/better-sqlite3/**', '**/*.node']));
    expect(builderConfig.npmRebuild).toBe(true);
  });

  it('points at the main entry electron-vite writes', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { main: string };
    expect(pkg.main).toBe('out/main/index.js');
  });
});
