// The house's own lint rules, kept beside the config that uses them (no plugin to install):
// - `rooms`: every import (static, `export … from`, dynamic `import()`, `require()`) is checked against the room
//   table in eslint.config.js: which of our rooms a room may reach, and which packages it must never load.
// - `no-import-cycle`: no file reaches itself through our relative imports (type-only imports count: a circle of
//   types is still a circle a reader has to untangle).
// - `no-facade`: no `index.ts` in the folders it is given (the core's rooms): a module is imported by its own file
//   name, so a facade would only be a second, unenforced way in.
// - `room-order`: the core's rooms form an order (room-order.js): no room reaches itself through another.
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { depsOf, importsOf, repoPath, resolveRelative } from './file-deps.js';
import { roomOrder } from './room-order.js';

const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));

/** The package a bare specifier loads: `node:fs/promises` → `node:fs`, `@scope/a/b` → `@scope/a`, `fs` → `node:fs`. */
function packageOf(spec) {
  if (spec.startsWith('node:')) return `node:${spec.slice(5).split('/')[0]}`;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? `node:${name}` : name;
}

const matchesPrefix = (path, prefixes) => prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));

/** The room a repository path lies in: the first listed whose folders hold it (list inner rooms first). */
function roomOf(rooms, path) {
  return rooms.find((r) => matchesPrefix(path, r.folders)) ?? null;
}

const rooms = {
  meta: {
    type: 'problem',
    docs: { description: 'Holds the room table: which rooms and packages each room may import.' },
    schema: [{ type: 'object', properties: { rooms: { type: 'array' } }, required: ['rooms'], additionalProperties: false }],
    messages: {
      room: "{{from}} may not import {{to}} ('{{spec}}'): {{why}}",
      pkg: "{{from}} may not load '{{pkg}}': {{why}}",
    },
  },
  create(context) {
    const table = context.options[0].rooms;
    const file = context.filename;
    const here = roomOf(table, repoPath(file));
    if (!here) return {};
    const check = (node) => {
      for (const spec of importsOf(node)) {
        if (spec.startsWith('.')) {
          const target = resolveRelative(file, spec);
          const there = target ? roomOf(table, repoPath(target)) : roomOf(table, repoPath(resolve(dirname(file), spec)));
          if (!there || there.name === here.name) continue;
          if (!(here.mayImport ?? []).includes(there.name)) {
            context.report({
              node,
              messageId: 'room',
              data: {
                from: here.name,
                to: there.name,
                spec,
                why: here.why ?? `it may import ${(here.mayImport ?? []).join(', ') || 'nothing else of ours'}`,
              },
            });
          }
          continue;
        }
        const pkg = packageOf(spec);
        const rule = (here.forbidPackages ?? []).find((f) => (f.name === 'node:*' ? pkg.startsWith('node:') : f.name === pkg));
        if (rule) context.report({ node, messageId: 'pkg', data: { from: here.name, pkg: spec, why: rule.why } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
    };
  },
};

/** A path of files from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (file === goal) return path;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of depsOf(file)) if (!seen.has(next)) stack.push([next, [...path, next]]);
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No file reaches itself through its relative imports.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}' },
  },
  create(context) {
    const file = context.filename;
    if (!existsSync(file)) return {};
    const check = (node) => {
      for (const spec of importsOf(node)) {
        const target = resolveRelative(file, spec);
        if (!target || target === file) continue;
        const back = pathBack(target, file);
        if (back) context.report({ node, messageId: 'cycle', data: { path: [file, ...back].map(repoPath).join(' → ') } });
      }
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

const FACADE = /^index\.(ts|tsx|mts|js|mjs)$/;

const noFacade = {
  meta: {
    type: 'problem',
    docs: { description: 'No index.ts facade in the given folders: modules are imported by their own file names.' },
    schema: [{ type: 'object', properties: { folders: { type: 'array' } }, required: ['folders'], additionalProperties: false }],
    messages: { facade: "{{path}} is a facade; the core's rooms have none: import each module by its own file name." },
  },
  create(context) {
    const path = repoPath(context.filename);
    if (!FACADE.test(basename(path)) || !matchesPrefix(path, context.options[0].folders)) return {};
    return { Program: (node) => context.report({ node, messageId: 'facade', data: { path } }) };
  },
};

export const housePlugin = {
  meta: { name: 'house' },
  rules: { rooms, 'no-import-cycle': noImportCycle, 'no-facade': noFacade, 'room-order': roomOrder },
};
