// `room-order`: the core's feature rooms (the folders under src/main/core) form an order. A room may import another only
// when that room does not reach back to it through any chain of rooms, so a newcomer can read the core bottom up
// and every arrow points one way. The room graph is read from the files on disk once per lint run (an editor's
// long-lived lint sees a new import after its file is saved and the process restarts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { depsOf, importsOf, repoPath, resolveRelative, ROOT } from './file-deps.js';

const CORE = 'src/main/core/';
/** Held by the room table instead (`rooms`): the service hub sits above every feature room, the worker runtime below. */
const TABLED = new Set(['service', 'workers']);

/** The feature room of a repository path under src/main/core, or null (the core's top level, the hub, the runtime). */
function coreRoom(path) {
  if (!path.startsWith(CORE)) return null;
  const rest = path.slice(CORE.length);
  const room = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : null;
  return room === null || TABLED.has(room) ? null : room;
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

let graph = null;

/** room → the rooms its files import, read from every file under src/main/core. */
function roomGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(join(ROOT, CORE))) {
    const from = coreRoom(repoPath(file));
    if (!from) continue;
    for (const dep of depsOf(file)) {
      const to = coreRoom(repoPath(dep));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  return graph;
}

/** The rooms from `start` to `goal` along the graph's edges, or null when `goal` cannot be reached. */
function roomPath(start, goal) {
  const came = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const room = queue.shift();
    if (room === goal) {
      const path = [];
      for (let r = goal; r !== null; r = came.get(r)) path.unshift(r);
      return path;
    }
    for (const next of roomGraph().get(room) ?? []) {
      if (came.has(next)) continue;
      came.set(next, room);
      queue.push(next);
    }
  }
  return null;
}

export const roomOrder = {
  meta: {
    type: 'problem',
    docs: { description: "The core's rooms form an order: no room reaches itself through the rooms it imports." },
    schema: [],
    messages: { cycle: 'Room cycle: {{path}} (docs/ARCHITECTURE.md, the rooms: every arrow inside the core points one way)' },
  },
  create(context) {
    const file = context.filename;
    const here = coreRoom(repoPath(file));
    if (!here) return {};
    const check = (node) => {
      for (const spec of importsOf(node)) {
        const target = resolveRelative(file, spec);
        const there = target ? coreRoom(repoPath(target)) : null;
        if (!there || there === here) continue;
        const back = roomPath(there, here);
        if (back) context.report({ node, messageId: 'cycle', data: { path: [here, ...back].join(' → ') } });
      }
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};
