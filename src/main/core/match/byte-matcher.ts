// Compiles a GrepPattern into something that finds matches in bytes. Bodies are bytes, not text (a body may be
// binary, or UTF-8 cut at the writer's cap), so every offset is a byte offset:
// - fixed strings and hex bytes are found with Buffer.indexOf over the bytes themselves (memmem-like, no copy);
// - regular expressions (and fixed strings matched ignoring case) run over the body read as latin1, one character
//   per byte, so the engine's indices are byte offsets. A pattern's non-ASCII characters become their UTF-8 bytes.
// Matches do not overlap (the search resumes after each match, as grep -o does) and are never empty: an empty
// match carries nothing to show, and a pattern such as `a*` would otherwise "match" at every byte.
import { InspectorError } from '../../../shared/errors.js';
import type { GrepPattern } from './grep-types.js';
import type { LinearPattern } from './linear-regexp.js';
import { linearPattern } from './linear-regexp.js';
import { windowedExec } from './windowed-exec.js';
import { SECRET_PATTERNS } from './secret-patterns.js';

/**
 * Called per match; return false to stop scanning this body. `cut`: the match ran on past the longest a match may be
 * found whole (its window's reach), so `length` is where it was cut, not where it ends.
 */
export type MatchVisitor = (offset: number, length: number, pattern?: string, cut?: boolean) => boolean;

export interface ByteMatcher {
  scan(body: Uint8Array, visit: MatchVisitor): void;
  /**
   * Fixed bytes only: the pattern itself. Whether it occurs at a position depends on those bytes alone, so a whole
   * block can be scanned once and each body given the occurrences that lie inside it (block-hits.ts).
   */
  readonly needle?: Uint8Array;
  /**
   * Regular expressions only: the scan of a body already read as latin1, so that several patterns searching the same
   * body read it once.
   */
  scanLatin1?(text: string, visit: MatchVisitor): void;
}

export function compileMatcher(pattern: GrepPattern): ByteMatcher {
  switch (pattern.kind) {
    case 'fixed': {
      if (pattern.text.length === 0) throw new InspectorError('BAD_PATTERN', 'the search pattern is empty');
      const bytes = Buffer.from(pattern.text, 'utf8');
      return pattern.ignoreCase ? regexMatcher([linearPattern(asciiCaselessSource(bytes))]) : bytesMatcher(bytes);
    }
    case 'hex':
      return bytesMatcher(parseHex(pattern.hex));
    case 'regex':
      if (pattern.source.length === 0) throw new InspectorError('BAD_PATTERN', 'the search pattern is empty');
      return regexMatcher([linearPattern(bytewiseSource(pattern.source), pattern.ignoreCase ? 'i' : '')]);
    case 'secrets':
      return regexMatcher(SECRET_PATTERNS.map((p) => ({ ...linearPattern(p.source, p.flags ?? ''), name: p.name })));
  }
}

/** 'de ad be ef', 'deadbeef' or 'DE:AD' (spaces, colons between pairs) → bytes; anything else is BAD_PATTERN. */
export function parseHex(hex: string): Uint8Array {
  const digits = hex.replace(/[\s:]/g, '');
  if (digits.length === 0) throw new InspectorError('BAD_PATTERN', 'the hex pattern is empty');
  if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length % 2 !== 0) {
    throw new InspectorError('BAD_PATTERN', `the hex pattern '${hex}' is not whole bytes of hex digits (e.g. 'de ad be ef')`);
  }
  return Uint8Array.from(Buffer.from(digits, 'hex'));
}

function bytesMatcher(needle: Uint8Array): ByteMatcher {
  const n = Buffer.from(needle);
  return {
    needle: n,
    scan(body, visit) {
      const hay = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      for (let at = hay.indexOf(n, 0); at >= 0; at = hay.indexOf(n, at + n.length)) {
        if (!visit(at, n.length)) return;
      }
    },
  };
}

/** Regular expressions run a window at a time (windowed-exec.ts): memory bounded whatever the body's size. */
function regexMatcher(patterns: readonly (LinearPattern & { readonly name?: string })[]): ByteMatcher {
  const scanLatin1 = (text: string, visit: MatchVisitor): void => {
    for (const { re, window, name } of patterns) windowedExec(text, re, window, (at, len, cut) => visit(at, len, name, cut));
  };
  return {
    scanLatin1,
    scan(body, visit) {
      if (body.length === 0) return;
      scanLatin1(latin1(body), visit);
    },
  };
}

/** A body's bytes as a string of one character per byte, so a regular expression's indices are byte offsets. */
export const latin1 = (body: Uint8Array): string => Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');

const hexByte = (b: number): string => `\\x${b.toString(16).padStart(2, '0')}`;

/** A fixed string's bytes as a regex ignoring the case of ASCII letters only (other bytes must match exactly). */
function asciiCaselessSource(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : hexByte(b);
  }
  return out;
}

/** A regex source whose non-ASCII characters are spelled as their UTF-8 bytes, for matching latin1-read bodies. */
function bytewiseSource(source: string): string {
  return source.replace(/[^\x00-\x7f]/gu, (c) => Array.from(Buffer.from(c, 'utf8'), hexByte).join(''));
}
