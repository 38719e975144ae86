// What a hunt looks for, each indicator naming its kind, and how it is named back in every hit.
import type { GrepPattern } from '../match/grep-types.js';
import { compileMatcher } from '../match/byte-matcher.js';
import { enableLinearRegExp } from '../match/linear-regexp.js';
import { compileGlob } from './glob-match.js';
import type { IpRange } from './ip-address.js';

export type Indicator =
  | { readonly kind: 'fixed'; readonly text: string; readonly ignoreCase: boolean }
  | { readonly kind: 'regex'; readonly source: string; readonly ignoreCase: boolean }
  | { readonly kind: 'secrets' }
  /** A host name; matches it and every name under it. */
  | { readonly kind: 'domain'; readonly domain: string }
  /** `blake3:` + 64 lowercase hex (bodyHashKey). */
  | { readonly kind: 'body-hash'; readonly hash: string }
  /** An address or CIDR range as typed, and parsed (ip-address.ts). */
  | { readonly kind: 'ip'; readonly text: string; readonly range: IpRange }
  /** A file path glob (glob-match.ts). */
  | { readonly kind: 'path'; readonly glob: string }
  /** `credential:blake3:` + 64 lowercase hex (credentialRefKey). */
  | { readonly kind: 'credential-ref'; readonly ref: string }
  /** A process name, compared whole. */
  | { readonly kind: 'process'; readonly name: string };

/** The indicators found row by row in a few known columns (row-scan.ts), each hit a RowHit. */
export type RowIndicator = Extract<Indicator, { kind: 'ip' | 'path' | 'credential-ref' | 'process' }>;

export function isRowIndicator(i: Indicator): i is RowIndicator {
  return i.kind === 'ip' || i.kind === 'path' || i.kind === 'credential-ref' || i.kind === 'process';
}

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
    case 'ip':
      return `--ip ${i.text}`;
    case 'path':
      return `--path ${i.glob}`;
    case 'credential-ref':
      return `--credential-ref ${i.ref}`;
    case 'process':
      return `--process ${i.name}`;
  }
}

/** Compiles a byte indicator's pattern or a path glob once, so that a bad one is refused (BAD_PATTERN) before any session opens. */
export function checkIndicator(i: Indicator): void {
  if (i.kind === 'path') compileGlob(i.glob);
  if (!isByteIndicator(i)) return;
  enableLinearRegExp();
  compileMatcher(grepPatternOf(i));
}
