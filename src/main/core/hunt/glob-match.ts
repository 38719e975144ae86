// A path glob of our own, matched in time linear in the path: `*` is any run of characters within one segment,
// `?` one character other than '/', `**` any run across segments, and `**/` zero or more whole segments (so
// "/a/**/b" meets "/a/b" too). A backslash makes the next character literal; everything else is literal, brackets
// included. The glob is run as a set of positions stepped once per character (no backtracking, no RegExp built from
// user text), and it must match the whole path.
import { InspectorError } from '../../../shared/errors.js';

/** Longer globs are refused by name: the work per path grows with the glob's length. */
export const MAX_GLOB_LENGTH = 1024;

type GlobToken =
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'one' }
  | { readonly kind: 'star' }
  | { readonly kind: 'globstar' }
  // "**" then "/": an entry that consumes nothing and may skip the whole token, then a body of anything ending in "/".
  | { readonly kind: 'dirs-entry' }
  | { readonly kind: 'dirs-body' };

export type GlobMatcher = (path: string) => boolean;

/** The glob as tokens; throws BAD_PATTERN for an empty or over-long glob or a trailing backslash. */
function tokenize(glob: string): GlobToken[] {
  if (glob.length === 0) throw new InspectorError('BAD_PATTERN', 'the path glob is empty');
  if (glob.length > MAX_GLOB_LENGTH) {
    throw new InspectorError('BAD_PATTERN', `the path glob is ${glob.length} characters long, more than ${MAX_GLOB_LENGTH}`);
  }
  const chars = [...glob];
  const tokens: GlobToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\') {
      if (i + 1 === chars.length) throw new InspectorError('BAD_PATTERN', `the path glob '${glob}' ends with a lone backslash`);
      tokens.push({ kind: 'char', char: chars[++i]! });
    } else if (c === '?') tokens.push({ kind: 'one' });
    else if (c !== '*') tokens.push({ kind: 'char', char: c });
    else {
      let run = 1;
      while (chars[i + 1] === '*') {
        run++;
        i++;
      }
      if (run === 1) tokens.push({ kind: 'star' });
      else if (chars[i + 1] === '/') {
        tokens.push({ kind: 'dirs-entry' }, { kind: 'dirs-body' });
        i++;
      } else tokens.push({ kind: 'globstar' });
    }
  }
  return tokens;
}

export function compileGlob(glob: string): GlobMatcher {
  const tokens = tokenize(glob);
  const n = tokens.length;
  // Positions 0..n; n is "the whole glob matched". A star may match nothing, so reaching one reaches the next; a
  // "**/" entry reaches its body and, matching nothing, the token after the body. The entry is never stayed in, so a
  // body that has started must end with its '/'.
  const close = (set: Uint8Array): void => {
    for (let i = 0; i < n; i++) {
      if (!set[i]) continue;
      const kind = tokens[i]!.kind;
      if (kind === 'star' || kind === 'globstar' || kind === 'dirs-entry') set[i + 1] = 1;
      if (kind === 'dirs-entry') set[i + 2] = 1;
    }
  };
  return (path) => {
    let now = new Uint8Array(n + 1);
    let next = new Uint8Array(n + 1);
    now[0] = 1;
    close(now);
    for (const c of path) {
      next.fill(0);
      for (let i = 0; i < n; i++) {
        if (!now[i]) continue;
        const t = tokens[i]!;
        const slash = c === '/';
        if (t.kind === 'char' ? t.char === c : t.kind === 'one' && !slash) next[i + 1] = 1;
        if (t.kind === 'globstar' || t.kind === 'dirs-body' || (t.kind === 'star' && !slash)) next[i] = 1;
        if (t.kind === 'dirs-body' && slash) next[i + 1] = 1;
      }
      close(next);
      // Nothing left alive: no later character can revive a match.
      if (next.indexOf(1) < 0) return false;
      [now, next] = [next, now];
    }
    return now[n] === 1;
  };
}
