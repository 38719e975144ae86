// What a body search is asked for and what it finds. Plain data: a spec crosses into each worker by structured
// clone, matches come back the same way, and the app's events carry them as JSON.

/** The pattern, as the user gave it. Text patterns match the UTF-8 bytes of the text; offsets are byte offsets. */
export type GrepPattern =
  | { readonly kind: 'fixed'; readonly text: string; readonly ignoreCase: boolean }
  | { readonly kind: 'regex'; readonly source: string; readonly ignoreCase: boolean }
  /** Bytes written as hex pairs, spaces allowed: 'de ad be ef'. */
  | { readonly kind: 'hex'; readonly hex: string }
  /** Every credential-shaped pattern of secret-patterns.ts. */
  | { readonly kind: 'secrets' };

export interface GrepSpec {
  readonly pattern: GrepPattern;
  /** Only bodies of this source_table / direction (null: all). */
  readonly table: string | null;
  readonly direction: string | null;
  /** Matches listed per body at most (the rest are counted in `more`), so one body cannot flood memory. */
  readonly maxPerBody: number;
  /** Bytes of context either side of a match. */
  readonly contextBytes: number;
}

/** Matches cross the contract as they are (src/shared/contract/search.ts). */
export type { MatchSource, SearchMatch as GrepMatch } from '../../../shared/contract/search.js';

export const DEFAULT_MAX_PER_BODY = 1000;
export const DEFAULT_CONTEXT_BYTES = 32;
/** A match's own text is cut to this many bytes in its context (its offset and length stay exact). */
export const MAX_MATCH_TEXT = 200;
