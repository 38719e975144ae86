/**
 * Reaching any part of a long result without paging by hand: a table's rows at a place along their order (the grid's
 * scrollbar and "go to row N", answered by a keyset seek, never OFFSET), and a pasted id resolved to the item it
 * names (a trace, turn, model call, tool call or event).
 */
import type { ColumnFilter, SortSpec, TablePage } from './types.js';
import { FILTER_OPS } from './types.js';
import type { Guard } from './guards.js';
import { arrayOf, int, obj, oneOf, optional, str, union } from './guards.js';

export interface SeekRequest {
  readonly evidenceId: string;
  readonly table: string;
  readonly sort?: SortSpec;
  readonly filters?: readonly ColumnFilter[];
  /** 0-based place along the order, of `total` rows (the grid's count, exact or estimated). */
  readonly position: number;
  readonly total: number;
  /** 1..1000; default 200. */
  readonly limit?: number;
}

export interface SeekPage extends TablePage {
  /** The place of the page's first row along the order: exact when `exact`, else estimated from samples. */
  readonly position: number;
  readonly exact: boolean;
}

/** What a pasted id names, with the route parts the renderer needs to open it. */
export type ResolvedId =
  | { readonly kind: 'trace'; readonly traceId: string }
  | { readonly kind: 'turn'; readonly traceId: string; readonly turnId: string }
  | { readonly kind: 'model_call'; readonly traceId: string | null; readonly modelCallId: number }
  | { readonly kind: 'tool_call'; readonly traceId: string | null; readonly callId: string; readonly table: string; readonly rowid: number }
  | { readonly kind: 'event'; readonly eventId: string; readonly table: string; readonly rowid: number; readonly traceId: string | null };

export interface SeekChannels {
  /** The page of a table's rows at a place along its order (keyset: a seek on the rowid or the sort index). */
  'tables.seek': { arg: SeekRequest; result: SeekPage };
  /** The items a pasted id names (each table's own indexed or primary-key lookup), at most a few. */
  'id.resolve': { arg: { readonly evidenceId: string; readonly id: string }; result: readonly ResolvedId[] };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const IDENT = str({ max: 128, min: 1, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ });
// The same shapes tables.page checks (src/shared/contract.ts).
const filter: Guard<ColumnFilter> = obj({
  column: IDENT,
  op: oneOf(FILTER_OPS),
  value: optional(union(str({ max: 1024 }), int(-(2 ** 53) + 1, 2 ** 53 - 1))),
});
const sortSpec: Guard<SortSpec> = obj({ column: IDENT, direction: oneOf(['asc', 'desc'] as const) });

export const SEEK_ARG_GUARDS: { readonly [C in keyof SeekChannels]: Guard<SeekChannels[C]['arg']> } = {
  'tables.seek': obj({
    evidenceId: ID,
    table: IDENT,
    sort: optional(sortSpec),
    filters: optional(arrayOf(filter, 32)),
    position: int(0, 2 ** 53 - 1),
    total: int(0, 2 ** 53 - 1),
    limit: optional(int(1, 1000)),
  }),
  'id.resolve': obj({ evidenceId: ID, id: str({ max: 512, min: 1 }) }),
};
