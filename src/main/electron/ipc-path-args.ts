/**
 * The renderer sends opaque ids, never paths (ELE-5). The contract's guards already pin ids to [A-Za-z0-9_-];
 * this second, independent check walks every string in an argument and refuses anything shaped like a host path,
 * except in the few fields that carry the user's own text (SQL, a search query, a filter value), where a path is
 * data being searched for, never a file the main process would open.
 */

/** Keys whose string values are free text in the contract (see src/shared/contract.ts). */
export const FREE_TEXT_KEYS: ReadonlySet<string> = new Set(['sql', 'query', 'value', 'params']);

const PATH_SHAPES: readonly RegExp[] = [
  /^\//, // POSIX absolute
  /^~[/\\]?/, // home-relative
  /^\.{1,2}([/\\]|$)/, // ./x, ../x, . and ..
  /(^|[/\\])\.\.([/\\]|$)/, // a parent segment anywhere
  /^[A-Za-z]:([/\\]|$)/, // C:\ or C:/ drive path
  /^\\\\/, // \\server\share (UNC) and \\?\ device paths
  /^file:/i, // file URLs
  /[/\\]/, // any separator: no id or name in the contract contains one
  /\0/, // NUL never belongs in a request
];

export function isPathLike(value: string): boolean {
  return PATH_SHAPES.some((shape) => shape.test(value));
}

/** The dotted location of the first path-like string, or null when there is none. */
export function findPathLikeValue(value: unknown, at = 'arg', depth = 0): string | null {
  if (depth > 16) return at; // deeper than any contract shape: refuse rather than walk attacker-sized nesting
  if (typeof value === 'string') return isPathLike(value) ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findPathLikeValue(value[i], `${at}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (FREE_TEXT_KEYS.has(key)) continue;
      const found = findPathLikeValue(inner, `${at}.${key}`, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
