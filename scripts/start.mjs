#!/usr/bin/env node
// `npm start [-- <path>...]`: the desktop app from source when Electron can run here; otherwise one sentence saying
// why, then serve mode on loopback (which prints its URL), so the main job works on any machine.
// `decideLaunch` is a pure function (tested in test/packaging/start-decision.test.ts); the rest only acts on it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the Electron binary would be, found the way node_modules/electron/index.js finds it but without its
 * side effect: requiring that module tries to download Electron when the binary is missing.
 */
export function findElectronBinary(projectRoot, env, exists = existsSync, read = (p) => readFileSync(p, 'utf8')) {
  if (env.ELECTRON_EXEC_PATH) return exists(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : null;
  const moduleDir = join(projectRoot, 'node_modules', 'electron');
  let relative = null;
  try {
    relative = read(join(moduleDir, 'path.txt')).trim();
  } catch {
    relative = null;
  }
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return exists(candidate) ? candidate : null;
  }
  if (!relative) return null;
  const candidate = join(moduleDir, 'dist', relative);
  return exists(candidate) ? candidate : null;
}

/** Linux needs an X11 or Wayland display; macOS and Windows always have one. */
export function hasDisplay(platform, env) {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * @param {{ platform: string, env: Record<string, string|undefined>, electronBinary: string|null, paths: string[], cwd: string }} input
 * @returns {{ mode: 'electron', command: string, args: string[] } | { mode: 'serve', reason: string, command: string, args: string[] }}
 */
export function decideLaunch({ platform, env, electronBinary, paths, cwd }) {
  const absolute = paths.map((p) => resolve(cwd, p));
  const display = hasDisplay(platform, env);
  if (electronBinary && display) {
    // `--` ends Electron's own switches, so a path starting with a dash stays a path.
    return { mode: 'electron', command: electronBinary, args: ['.', '--', ...absolute] };
  }
  const why = !electronBinary
    ? 'the Electron binary is not installed (node_modules/electron has no dist)'
    : 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return {
    mode: 'serve',
    reason: `The desktop app cannot start here because ${why}, so the inspector is starting in serve mode on 127.0.0.1 instead; open the URL it prints.`,
    command: process.execPath,
    args: [join('bin', 'capsem-inspect.js'), 'serve', ...absolute],
  };
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function main() {
  const decision = decideLaunch({
    platform: process.platform,
    env: process.env,
    electronBinary: findElectronBinary(root, process.env),
    paths: process.argv.slice(2).filter((a) => a !== '--'),
    cwd: process.cwd(),
  });
  if (decision.mode === 'serve') {
    console.log(decision.reason);
    run(decision.command, decision.args);
    return;
  }
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  run(decision.command, decision.args);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
