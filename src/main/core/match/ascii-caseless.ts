// A regex source that matches ASCII letters in either case without the `i` flag. V8's linear engine cannot run `i`,
// so a case-insensitive pattern had no linear fallback: `(a+)+b` with `-i` backtracked for minutes. Spelled out
// (`a` → `[aA]`, `[a-f]` → `[a-fA-F]`) it keeps one. Only ASCII letters fold: bodies are read as latin1 bytes, where
// folding any other byte would match bytes of unrelated UTF-8 characters (fixed strings ignore case the same way).
import { classEnd, groupHead } from './regex-syntax.js';

const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;
const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;

export function asciiCaseless(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      // An escape (\w, \b, \x41, \k<name> …) keeps its meaning: copied whole, with a named reference's name.
      const named = /^\\k<[^>]*>/.exec(source.slice(i, i + 260));
      const len = named ? named[0].length : 2;
      out += source.slice(i, i + len);
      i += len;
    } else if (c === '[') {
      const end = classEnd(source, i);
      out += foldClass(source.slice(i, end));
      i = end;
    } else if (c === '(') {
      // A group's head (?: (?= (?<name> …) is syntax, not text: a group name must not be folded.
      const head = groupHead(source, i);
      out += head;
      i += head.length;
    } else if (c === '{') {
      // A counted repeat's digits, or a literal brace: copied up to its end, nothing to fold.
      const q = /^\{\d*(,\d*)?\}/.exec(source.slice(i, i + 32));
      const len = q ? q[0].length : 1;
      out += source.slice(i, i + len);
      i += len;
    } else {
      const code = c.charCodeAt(0);
      out += isLower(code) || isUpper(code) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c;
      i += 1;
    }
  }
  return out;
}

/** A class with the other case of every ASCII letter and letter range it holds added at its end. */
function foldClass(cls: string): string {
  const closed = cls.endsWith(']') && cls.length > 1;
  const body = cls.slice(cls[1] === '^' ? 2 : 1, closed ? -1 : undefined);
  const extra: string[] = [];
  let j = 0;
  while (j < body.length) {
    if (body[j] === '\\') {
      j += 2;
      continue;
    }
    const lo = body.charCodeAt(j);
    const isRange = body[j + 1] === '-' && j + 2 < body.length && body[j + 2] !== '\\';
    const hi = isRange ? body.charCodeAt(j + 2) : lo;
    extra.push(...otherCase(lo, hi));
    j += isRange ? 3 : 1;
  }
  if (!closed || extra.length === 0) return cls;
  return `${cls.slice(0, -1)}${extra.join('')}]`;
}

/** The other case of the ASCII letters in lo..hi, as class items. */
function otherCase(lo: number, hi: number): string[] {
  const items: string[] = [];
  const add = (a: number, b: number, shift: number): void => {
    if (a > b) return;
    items.push(a === b ? String.fromCharCode(a + shift) : `${String.fromCharCode(a + shift)}-${String.fromCharCode(b + shift)}`);
  };
  add(Math.max(lo, 0x61), Math.min(hi, 0x7a), -0x20);
  add(Math.max(lo, 0x41), Math.min(hi, 0x5a), 0x20);
  return items;
}
