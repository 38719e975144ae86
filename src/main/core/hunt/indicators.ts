// What a hunt looks for, each indicator naming its kind, and how it is named back in every hit.
import type { GrepPattern } from '../search/grep-types.js';
import { compileMatcher } from '../search/byte-matcher.js';
import { enableLinearRegExp } from '../search/linear-regexp.js';

export type Indicator =
  | { readonly kind: 'fixed'; readonly text: string; readonly ignoreCase: boolean }
  | { readonly kind: 'regex'; readonly source: string; readonly ignoreCase: boolean }
  | { readonly kind: 'secrets' }
  /** A host name; matches it and every name under it. */
  | { readonly kind: 'domain'; readonly domain: string }
  /** `blake3:` + 64 lowercase hex (bodyHashKey). */
  | { readonly kind: 'body-hash'; readonly hash: string };

/** The indicators searched byte by byte through bodies and text columns, as grep searches. */
export type ByteIndicator = Extract<Indicator, { kind: 'fixed' | 'regex' | 'secrets' }>;

export function isByteIndicator(i: Indicator): i is ByteIndicator {
  return i.kind === 'fixed' || i.kind === 'regex' || i.kind === 'secrets';
}

export function grepPatternOf(i: ByteIndicator): GrepPattern {
  switch (i.kind) {
    case 'fixed':
      return { kind: 'fixed', text: i.text, ignoreCase: i.ignoreCase };
    case 'regex':
      return { kind: 'regex', source: i.source, ignoreCase: i.ignoreCase };
    case 'secrets':
      return { kind: 'secrets' };
  }
}

/** The indicator as typed on the command line (`-F text`, `--domain example.com`), for output. */
export function indicatorLabel(i: Indicator): string {
  const caseless = (on: boolean): string => (on ? ' -i' : '');
  switch (i.kind) {
    case 'fixed':
      return `-F ${i.text}${caseless(i.ignoreCase)}`;
    case 'regex':
      return `-E ${i.source}${caseless(i.ignoreCase)}`;
    case 'secrets':
      return '--secrets';
    case 'domain':
      return `--domain ${i.domain}`;
    case 'body-hash':
      return `--body-hash ${i.hash}`;
  }
}

/** Compiles a byte indicator's pattern once, so that a bad one is refused (BAD_PATTERN) before any session opens. */
export function checkIndicator(i: Indicator): void {
  if (!isByteIndicator(i)) return;
  enableLinearRegExp();
  compileMatcher(grepPatternOf(i));
}
