// bin/capsem-inspect.js picks the built CLI only while it is current: run in a throwaway copy of the layout
// (the real bin, a fake build and fake sources that each print who they are, node_modules linked for tsx).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'capsem-bin-'));
const BUILT = join(dir, 'build/node/src/cli/main.js');
const SOURCE = join(dir, 'src/cli/main.ts');
const DEEP = join(dir, 'src/main/core/deep.ts');
const RENDERER = join(dir, 'src/renderer/src/App.tsx');

function run(env: Record<string, string> = {}): string {
  const { CAPSEM_INSPECT_FROM_SOURCE: _drop, ...rest } = process.env;
  const r = spawnSync(process.execPath, [join(dir, 'bin/capsem-inspect.js'), 'x'], { encoding: 'utf8', env: { ...rest, ...env } });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

/** Sets a file's times to `t` seconds since the epoch. */
const at = (path: string, t: number): void => utimesSync(path, t, t);

beforeAll(() => {
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/capsem-inspect.js'), join(dir, 'bin/capsem-inspect.js'));
  copyFileSync(join(ROOT, 'bin/build-freshness.js'), join(dir, 'bin/build-freshness.js'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  for (const f of [BUILT, SOURCE, DEEP, RENDERER]) mkdirSync(join(f, '..'), { recursive: true });
  writeFileSync(BUILT, "export async function main(args) { console.log('build ' + args.join(' ')); return 0; }\n");
  writeFileSync(
    SOURCE,
    "export async function main(args: string[]): Promise<number> { console.log('source ' + args.join(' ')); return 0; }\n",
  );
  writeFileSync(DEEP, 'export const deep = 1;\n');
  writeFileSync(RENDERER, 'export const app = 1;\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bin/capsem-inspect.js', () => {
  it('runs a build that is newer than every source file', () => {
    for (const f of [SOURCE, DEEP, RENDERER]) at(f, 1_000_000);
    at(BUILT, 2_000_000);
    expect(run()).toBe('build x');
  });

  it('runs the sources when any source file (however deep) is newer than the build', () => {
    at(BUILT, 2_000_000);
    at(DEEP, 3_000_000);
    expect(run()).toBe('source x');
    at(DEEP, 1_000_000);
  });

  it('ignores renderer files, which the node build does not compile', () => {
    at(BUILT, 2_000_000);
    at(RENDERER, 3_000_000);
    expect(run()).toBe('build x');
    at(RENDERER, 1_000_000);
  });

  it('CAPSEM_INSPECT_FROM_SOURCE=1 runs the sources even when the build is current', () => {
    at(BUILT, 2_000_000);
    expect(run({ CAPSEM_INSPECT_FROM_SOURCE: '1' })).toBe('source x');
  });

  it('runs the sources when there is no build', () => {
    rmSync(join(dir, 'build'), { recursive: true });
    expect(run()).toBe('source x');
  });
});
