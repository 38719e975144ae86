/**
 * The Tables routes behind the Egress view's counts: net_events narrowed to one destination (and a decision, a
 * credential, rows with a trace or a turn), so each number opens exactly the rows it counts.
 */
import type { ColumnFilter, EgressDestination } from '../../../../shared/contract.js';
import type { Route } from '../../router.js';

/** The rows of one destination: domain and port as recorded, a missing one matched as NULL. */
export function destinationFilters(d: EgressDestination): ColumnFilter[] {
  return [
    d.domain === null ? { column: 'domain', op: 'null' } : { column: 'domain', op: 'eq', value: d.domain },
    d.port === null ? { column: 'port', op: 'null' } : { column: 'port', op: 'eq', value: d.port },
  ];
}

export function netRowsRoute(ev: string, d: EgressDestination, more: readonly ColumnFilter[] = []): Route {
  return { view: 'tables', ev, table: 'net_events', sort: null, filters: [...destinationFilters(d), ...more] };
}
