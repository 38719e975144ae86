// What a body search is asked for and what it finds. Plain data: a spec crosses into each worker by structured
// clone, matches come back the same way, and the app's events carry them as JSON.
import type { SearchMatch } from '../../../shared/contract/search.js';

/** The pattern, as the user gave it. Text patterns match the UTF-8 bytes of the text; offsets are byte offsets. */
export type GrepPattern =
  | { readonly kind: 'fixed'; readonly text: string; readonly ignoreCase: boolean }
  | { readonly kind: 'regex'; readonly source: string; readonly ignoreCase: boolean }
  /** Bytes written as hex pairs, spaces allowed: 'de ad be ef'. */
  | { readonly kind: 'hex'; readonly hex: string }
  /** Every credential-shaped pattern of secret-patterns.ts. */
  | { readonly kind: 'secrets' };

export interface GrepSpec {
  /**
   * What to look for: usually one pattern. Several are searched in the same pass (hunt's byte indicators), each body
   * verified once and then searched by each; their matches name the pattern they came from (patternIndex).
   */
  readonly patterns: readonly GrepPattern[];
  /** Only bodies of this source_table / direction (null: all). */
  readonly table: string | null;
  readonly direction: string | null;
  /** Matches listed per body and pattern at most, so one body cannot flood memory. */
  readonly maxPerBody: number;
  /** Bytes of context either side of a match. */
  readonly contextBytes: number;
}

/** Matches cross the contract as they are (src/shared/contract/search.ts), plus which pattern found them. */
export type { MatchSource } from '../../../shared/contract/search.js';

export interface GrepMatch extends SearchMatch {
  /** Which of the spec's patterns found it; absent when the spec has one (its matches stay exactly as they were). */
  readonly patternIndex?: number;
}

/** The spec's pattern that found `m`. */
export const patternIndexOf = (m: GrepMatch): number => m.patternIndex ?? 0;

export const DEFAULT_MAX_PER_BODY = 1000;
export const DEFAULT_CONTEXT_BYTES = 32;
/** A match's own text is cut to this many bytes in its context (its offset and length stay exact). */
export const MAX_MATCH_TEXT = 200;
