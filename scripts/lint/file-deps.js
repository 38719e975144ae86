// What the house's lint rules read of our own files: where a relative import leads, a file's path from the
// repository root, and the files a file imports (cached by mtime, so an editor's lint stays current).
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Resolves a relative specifier the way TypeScript's NodeNext/Bundler resolution finds our sources. */
export function resolveRelative(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.(c|m)?js$|\.jsx$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.d.ts`,
    `${stem}.js`,
    `${stem}.mjs`,
    `${stem}.cjs`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
    `${base}/index.js`,
  ];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

/** A file's path from the repository root, with forward slashes. */
export const repoPath = (file) => relative(ROOT, file).split(sep).join('/');

/** Per file: its mtime and the files its relative imports resolve to. */
const depCache = new Map();

export function depsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = depCache.get(file);
  if (cached && cached.mtime === mtime) return cached.deps;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const deps = info.importedFiles
    .map((f) => resolveRelative(file, f.fileName))
    .filter((f) => f !== null && /\.(ts|tsx|js|mjs)$/.test(f) && !f.endsWith('.d.ts'));
  depCache.set(file, { mtime, deps });
  return deps;
}

/** Every module specifier a node of the AST loads, with the node to report on. */
export function importsOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
      return node.source && typeof node.source.value === 'string' ? [node.source.value] : [];
    case 'ImportExpression':
      return node.source.type === 'Literal' && typeof node.source.value === 'string' ? [node.source.value] : [];
    case 'CallExpression':
      return node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments[0]?.type === 'Literal' &&
        typeof node.arguments[0].value === 'string'
        ? [node.arguments[0].value]
        : [];
    default:
      return [];
  }
}
