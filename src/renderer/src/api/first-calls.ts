/**
 * What the first screen of a route will ask the core for, exactly as its views ask (same channel, same argument):
 * main.tsx starts these while the rest of the renderer loads. Only views that are part of a first view's budget
 * are listed (the app frame, the Overview, a table's first page); any other route starts just the frame's calls.
 */
import type { ArgOf, Channel, ColumnFilter, PageRequest, SortSpec } from '../../../shared/contract.js';
import type { Route } from '../router.js';

export type FirstCall = { readonly [C in Channel]: { readonly channel: C; readonly arg: ArgOf<C> } }[Channel];

/**
 * Rows per table page (the keyset window's page size as the reader scrolls). A page arrives while the reader
 * scrolls: its JSON is decoded and parsed on the page's one thread in one task (200 rows of net_events were 800 kB
 * and 20 ms of CPU, a long task as soon as anything else ran), so pages are small and come more often.
 */
export const PAGE_ROWS = 100;
/**
 * Rows of a table's first page: a tall screen's worth. 200 rows of a wide table (net_events with its headers) were
 * 832 kB of JSON, 15-40 ms of SQLite and serialising on the server's one thread (over 100 ms on a busy machine) and
 * the parse in the page, all before the first row could show; 60 rows are a quarter of that.
 */
export const FIRST_PAGE_ROWS = 60;

/** The first page of a table in the Tables view (use-keyset-window.ts builds every page request from this). */
export function firstPageRequest(evidenceId: string, table: string, sort: SortSpec | null, filters: readonly ColumnFilter[]): PageRequest {
  return { evidenceId, table, ...(sort ? { sort } : {}), ...(filters.length ? { filters } : {}), limit: FIRST_PAGE_ROWS };
}

export function firstCalls(route: Route): FirstCall[] {
  const frame: FirstCall[] = [
    { channel: 'evidence.list', arg: null },
    { channel: 'library.list', arg: null },
  ];
  switch (route.view) {
    case 'overview':
      return [{ channel: 'overview', arg: { evidenceId: route.ev } }, ...frame];
    case 'tables':
      return [
        { channel: 'tables.schema', arg: { evidenceId: route.ev } },
        { channel: 'tables.list', arg: { evidenceId: route.ev } },
        ...(route.table
          ? [{ channel: 'tables.page', arg: firstPageRequest(route.ev, route.table, route.sort, route.filters) } satisfies FirstCall]
          : []),
        ...frame,
      ];
    default:
      return frame;
  }
}
