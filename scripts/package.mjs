#!/usr/bin/env node
// `npm run package [-- <electron-builder args>]`: electron-vite build, then electron-builder, but only when an
// Electron binary is at hand. electron-builder fetches Electron's release zip itself when it has none, and where the
// download host cannot be reached it fails after minutes of retries with a network stack trace; this says so in one
// sentence at once instead. `decidePackaging` is pure (tested in test/packaging/package-decision.test.ts).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './start.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where @electron/get (electron-builder's downloader) keeps release zips, by its own rules. */
export function electronCacheDir(platform, env, home) {
  if (env.ELECTRON_CACHE) return env.ELECTRON_CACHE;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'electron');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'electron');
}

/** The zip's name: electron-v<version>-<platform>-<arch>.zip. */
export function electronZipName(version, platform, arch) {
  return `electron-v${version}-${platform}-${arch}.zip`;
}

/** True when `name` is in `dir` or one level down (@electron/get files each zip under a hash of its URL). */
export function cacheHolds(dir, name, list = (d) => readdirSync(d, { withFileTypes: true })) {
  let entries;
  try {
    entries = list(dir);
  } catch {
    return false;
  }
  if (entries.some((e) => e.name === name && !e.isDirectory())) return true;
  return entries.some((e) => {
    if (!e.isDirectory()) return false;
    try {
      return list(join(dir, e.name)).some((f) => f.name === name && !f.isDirectory());
    } catch {
      return false;
    }
  });
}

/**
 * @param {{ electronBinary: string|null, cachedZip: boolean, zipName: string, cacheDir: string }} input
 * @returns {{ run: true, builderArgs: string[] } | { run: false, reason: string }}
 */
export function decidePackaging({ electronBinary, cachedZip, zipName, cacheDir }) {
  // An installed binary is used as electron-builder's dist, so nothing is downloaded at all.
  if (electronBinary) return { run: true, builderArgs: [`--config.electronDist=${dirname(electronBinary)}`] };
  if (cachedZip) return { run: true, builderArgs: [] };
  return {
    run: false,
    reason: `Packaging needs the Electron binary, which is neither installed (node_modules/electron has no dist, ELECTRON_OVERRIDE_DIST_PATH is unset) nor cached as ${zipName} under ${cacheDir}, so electron-builder would try to download it; install Electron where its download host is reachable (npm ci without ELECTRON_SKIP_BINARY_DOWNLOAD) and package there.`,
  };
}

function main() {
  const version = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const cacheDir = electronCacheDir(process.platform, process.env, homedir());
  const zipName = electronZipName(version, process.platform, process.arch);
  const decision = decidePackaging({
    electronBinary: findElectronBinary(root, process.env),
    cachedZip: cacheHolds(cacheDir, zipName),
    zipName,
    cacheDir,
  });
  if (!decision.run) {
    console.error(decision.reason);
    process.exit(1);
  }
  const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
  const build = spawnSync(process.execPath, [bin('electron-vite', 'bin/electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const pack = spawnSync(process.execPath, [bin('electron-builder', 'cli.js'), ...decision.builderArgs, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(pack.status ?? 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
