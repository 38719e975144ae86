/**
 * Every hit of a search as a streamed result (core search/search-stream.ts): answered as sql.run answers, paged with
 * sql.page and ended with sql.close / sql.cancel under the same run id. Columns: kind, table, rowid, value, summary.
 */
import type { SearchKind, SqlResult } from './types.js';
import { SEARCH_KINDS } from './types.js';
import type { Guard } from './guards.js';
import { arrayOf, int, obj, oneOf, optional, str } from './guards.js';

export interface SearchStreamArg {
  readonly evidenceId: string;
  readonly runId: string;
  readonly query: string;
  readonly kinds?: readonly SearchKind[];
  /** Rows of the first answer, 1..1000 (default 300). */
  readonly firstRows?: number;
}

export interface SearchStreamChannels {
  'search.stream': { arg: SearchStreamArg; result: SqlResult };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const SEARCH_STREAM_ARG_GUARDS: { readonly [C in keyof SearchStreamChannels]: Guard<SearchStreamChannels[C]['arg']> } = {
  'search.stream': obj({
    evidenceId: ID,
    runId: ID,
    query: str({ max: 512, min: 1 }),
    kinds: optional(arrayOf(oneOf(SEARCH_KINDS), SEARCH_KINDS.length)),
    firstRows: optional(int(1, 1000)),
  }),
};
