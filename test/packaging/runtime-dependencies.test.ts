// Every package that code outside the renderer loads at run time must be a production dependency: electron-builder
// packs only `dependencies`, so a devDependency imported by the core works in tests and fails in the shipped app
// (warcio, used by the WARC re-read, was one).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './source-files.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
/** Provided by the runtime, or loaded only when running from TypeScript sources (never in the app). */
const PROVIDED = new Set(['electron', 'tsx']);

/** Bare specifiers in static imports, dynamic imports, require()/createRequire()(…) and resolve() calls. */
function bareSpecifiers(text: string): string[] {
  const code = text.replace(/^\s*(\/\/|\*).*$/gm, '');
  const found = [
    ...code.matchAll(/\bfrom\s+'([^']+)'/g),
    ...code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
    ...code.matchAll(/\b(?:require|req|resolve)\(\s*'([^']+)'\s*\)/g),
    ...code.matchAll(/\)\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return found.filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s));
}

const packageName = (spec: string): string => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

describe('runtime dependencies', () => {
  it('finds bare specifiers in every form the code uses', () => {
    expect(
      new Set(
        bareSpecifiers(
          "import x from 'a/b';\nconst y = req('zstd-napi/binding');\nconst z = createRequire(u)('capsem-blake3');\nawait import('@s/p/x');\n// from 'commented'",
        ),
      ),
    ).toEqual(new Set(['a/b', 'zstd-napi/binding', 'capsem-blake3', '@s/p/x']));
  });

  it('every dependency is loaded outside the renderer (which Vite bundles), so an install carries nothing unused', () => {
    const used = new Set<string>();
    for (const dir of ['src/main', 'src/cli', 'src/shared', 'src/preload']) {
      for (const file of sourceFiles(join(ROOT, dir), /\.tsx?$/))
        for (const spec of bareSpecifiers(readFileSync(file, 'utf8'))) used.add(packageName(spec));
    }
    expect(Object.keys(pkg.dependencies).filter((name) => !used.has(name))).toEqual([]);
  });

  it('every package loaded by src/main, src/cli, src/shared and src/preload is in dependencies', () => {
    const missing: string[] = [];
    for (const dir of ['src/main', 'src/cli', 'src/shared', 'src/preload']) {
      for (const file of sourceFiles(join(ROOT, dir), /\.tsx?$/)) {
        for (const spec of bareSpecifiers(readFileSync(file, 'utf8'))) {
          const name = packageName(spec);
          if (!PROVIDED.has(name) && !(name in pkg.dependencies)) missing.push(`${file.slice(ROOT.length + 1)}: ${spec}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
