// `check --all <dir>`: every session beneath a folder, i.e. every folder holding a session.db. Symlinks are
// not followed (evidence trees may be hostile), and the walk is iterative and bounded in depth.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const MAX_DEPTH = 8;

export function findSessions(root: string): string[] {
  const found: string[] = [];
  const stack: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  while (stack.length > 0) {
    const { dir, depth } = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    if (entries.some((e) => e.isFile() && e.name === 'session.db')) found.push(dir);
    if (depth >= MAX_DEPTH) continue;
    for (const e of entries) {
      // A v3 archive directory holds generation files, never sessions.
      if (e.isDirectory() && !e.name.endsWith('.bodies')) stack.push({ dir: join(dir, e.name), depth: depth + 1 });
    }
  }
  return found.sort();
}
