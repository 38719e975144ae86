// The repository's source files, for the packaging tests that check what the code imports and spawns.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** Every file under `dir` (recursively) whose name matches `pattern`. */
export function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path, pattern) : pattern.test(name) ? [path] : [];
  });
}
