// The Electron build bundles the main process; worker threads and children start from files beside the bundle by
// name, and native addons must stay outside it. A worker added to the core without an entry here would fall back or
// fail only in the packaged app, which no test here can launch, so the config is checked against the sources.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './source-files.js';

const config = readFileSync(join(ROOT, 'electron.vite.config.ts'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('electron.vite.config.ts', () => {
  it('has a main-process entry for every worker the core spawns by name', () => {
    const spawned = new Set<string>();
    for (const f of sourceFiles(join(ROOT, 'src/main'), /\.ts$/)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/spawnWorker\(import\.meta\.url,\s*'([^']+)'/g)) spawned.add(m[1]!);
    }
    expect(spawned.size).toBeGreaterThanOrEqual(3);
    for (const name of spawned) expect(config, `entry for ${name}`).toMatch(new RegExp(`'${name}':\\s*'src/main/[^']+/${name}\\.ts'`));
  });

  it('keeps every native addon among the dependencies outside the bundle', () => {
    const native = Object.keys(pkg.dependencies).filter((name) => {
      const dir = pkg.dependencies[name]!.startsWith('file:')
        ? join(ROOT, pkg.dependencies[name]!.slice(5))
        : join(ROOT, 'node_modules', name);
      try {
        return statSync(join(dir, 'binding.gyp')).isFile();
      } catch {
        return false;
      }
    });
    expect(native).toEqual(expect.arrayContaining(['better-sqlite3', 'zstd-napi', 'capsem-blake3']));
    const external = /external:\s*\[([^\]]*)\]/.exec(config)?.[1] ?? '';
    for (const name of native) expect(external, name).toContain(`'${name}'`);
  });
});
