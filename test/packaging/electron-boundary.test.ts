import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT as root, sourceFiles } from './source-files.js';

const ELECTRON_IMPORT =
  /(?:^|\n)\s*import\s+(type\s+)?[^;]*?from\s+['"]electron(?:\/[a-z]+)?['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\)/g;

function electronImports(file: string): { typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(ELECTRON_IMPORT)].map((m) => ({ typeOnly: Boolean(m[1]) }));
}

describe('the electron boundary (docs/ARCHITECTURE.md rooms)', () => {
  const files = sourceFiles(join(root, 'src'), /\.(ts|tsx|mts|js|mjs)$/);
  it('finds the sources it checks', () => {
    expect(files.some((f) => f.endsWith('src/main/electron/index.ts'))).toBe(true);
  });
  it('nothing outside src/main/electron and src/preload imports electron', () => {
    const offenders = files
      .filter((f) => !/src\/(main\/electron|preload)\//.test(relative(root, f)))
      .filter((f) => electronImports(f).length > 0);
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
  it('inside them, only the two entries import electron at run time; the rest take it as parameters', () => {
    const runtime = files
      .filter((f) => electronImports(f).some((i) => !i.typeOnly))
      .map((f) => relative(root, f))
      .sort();
    expect(runtime).toEqual(['src/main/electron/index.ts', 'src/preload/index.ts']);
  });
});
