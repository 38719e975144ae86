/**
 * Whether a tool call's arguments (or a response to it) name a path. Strict on purpose: the text is read as JSON and
 * only a string value that is the path itself counts, after both are normalised (`//`, `.` and `..` segments and a
 * trailing `/` folded). A command line that mentions the file, or a relative path that may or may not be the same
 * file, does not count: the cause would then be a guess, and the change falls back to "same trace".
 */

/** Deeper values are not walked: no real tool argument nests this far, and a hostile one must not cost a stack. */
const MAX_DEPTH = 64;

/** POSIX-style normal form of a path as text (no file system is consulted). */
export function normalisePath(path: string): string {
  const absolute = path.startsWith('/');
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else if (segment === '..' && absolute) continue;
    else parts.push(segment);
  }
  const joined = parts.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function baseName(path: string): string {
  const n = normalisePath(path);
  return n.slice(n.lastIndexOf('/') + 1);
}

/** A matcher for one path, so the normal form and base name are computed once for many calls. */
export interface PathMatcher {
  /** True when the JSON text holds a string value naming the path; false for text that is not JSON. */
  namedIn(jsonText: unknown): boolean;
  /**
   * Text that JSON naming the path holds as it is (the base name, when JSON writes it unescaped), for a SQL
   * `instr` that leaves out rows namedIn would refuse; null when no such text is sure.
   */
  readonly mustHold: string | null;
}

export function pathMatcher(path: string): PathMatcher {
  const normal = normalisePath(path);
  const tail = `/${baseName(path)}`;
  const names = (v: string): boolean => (v === path || v.endsWith(tail) || v.endsWith(`${tail}/`)) && normalisePath(v) === normal;
  return {
    mustHold: /[\\"]|[^\x20-\x7e]/.test(tail) ? null : tail.slice(1),
    namedIn(jsonText: unknown): boolean {
      if (typeof jsonText !== 'string' || jsonText === '') return false;
      // Cheap refusal first: JSON holding the base name holds it as text (escaped only if it has quotes or controls).
      if (!jsonText.includes(tail.slice(1)) && !/[\\"]|[^\x20-\x7e]/.test(tail)) return false;
      let value: unknown;
      try {
        value = JSON.parse(jsonText);
      } catch {
        return false;
      }
      return someString(value, names);
    },
  };
}

/** Walks a parsed JSON value without recursion, testing every string value (not the keys). */
function someString(root: unknown, test: (s: string) => boolean): boolean {
  const stack: { v: unknown; depth: number }[] = [{ v: root, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (test(v)) return true;
    } else if (v !== null && typeof v === 'object' && depth < MAX_DEPTH) {
      for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push({ v: child, depth: depth + 1 });
    }
  }
  return false;
}
