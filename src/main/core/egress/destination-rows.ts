// One aggregate row per destination (domain, port) over net_events, in the report's order: requests descending,
// then domain and port. Sums use TOTAL(), whose float cannot overflow where SUM() would throw on a hostile row.
import type Database from 'better-sqlite3';
import type { DecisionCounts } from './types.js';
import type { NetColumns } from './net-columns.js';
import { numberOf, textOf } from './values.js';

export interface DestinationRow {
  readonly domainValue: unknown;
  readonly portValue: unknown;
  /** lower(rtrim(domain, '.')) as SQLite computes it, to meet dns_events.qname computed the same way. */
  readonly domainKey: string | null;
  readonly requests: number;
  readonly bytesSent: number | null;
  readonly bytesReceived: number | null;
  readonly decisions: DecisionCounts | null;
  readonly traces: number | null;
  readonly turns: number | null;
  readonly firstSeen: string | null;
  readonly lastSeen: string | null;
}

const DECISIONS = ['allowed', 'denied', 'error', 'redirected'] as const;

export function destinationRows(db: Database.Database, c: NetColumns): DestinationRow[] {
  const decision = c.sql('decision');
  const nonEmpty = (col: 'trace_id' | 'turn_id'): string => `COUNT(DISTINCT NULLIF(${c.sql(col)}, ''))`;
  const sql = `SELECT ${c.sql('domain')} AS domain, ${c.sql('port')} AS port,
      lower(rtrim(${c.sql('domain')}, '.')) AS domain_key, COUNT(*) AS requests,
      TOTAL(${c.sql('bytes_sent')}) AS sent, TOTAL(${c.sql('bytes_received')}) AS received,
      ${DECISIONS.map((d) => `TOTAL(${decision} = '${d}') AS ${d}`).join(', ')},
      ${nonEmpty('trace_id')} AS traces, ${nonEmpty('turn_id')} AS turns,
      MIN(${c.sql('timestamp')}) AS first_seen, MAX(${c.sql('timestamp')}) AS last_seen
    FROM net_events GROUP BY 1, 2 ORDER BY requests DESC, 1, 2`;
  const rows = db.prepare(sql).all() as Record<string, unknown>[];
  return rows.map((r) => {
    const requests = numberOf(r.requests);
    const counted = DECISIONS.map((d) => numberOf(r[d]));
    return {
      domainValue: r.domain,
      portValue: r.port,
      domainKey: textOf(r.domain_key),
      requests,
      bytesSent: c.has('bytes_sent') ? numberOf(r.sent) : null,
      bytesReceived: c.has('bytes_received') ? numberOf(r.received) : null,
      decisions: c.has('decision')
        ? {
            allowed: counted[0]!,
            denied: counted[1]!,
            error: counted[2]!,
            redirected: counted[3]!,
            other: requests - counted.reduce((a, b) => a + b, 0),
          }
        : null,
      traces: c.has('trace_id') ? numberOf(r.traces) : null,
      turns: c.has('turn_id') ? numberOf(r.turns) : null,
      firstSeen: textOf(r.first_seen),
      lastSeen: textOf(r.last_seen),
    };
  });
}
