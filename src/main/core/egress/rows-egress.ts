/**
 * The egress numbers of a set of net_events rows, as a line says them: requests, distinct hosts, bytes sent and
 * received, denied; counted as the egress report counts a destination's rows. The transcript's trace, turn and
 * untraced headers and the side pane's turn ask it of the rows the ledger ties to them, so each says the same.
 */
import type Database from 'better-sqlite3';
import type { SpanEgress } from '../../../shared/contract/egress.js';
import { bytesText } from '../../../shared/bytes-text.js';
import { plural } from '../../../shared/plural.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';

/** null: none of the rows is a request (or the ledger has no net_events). */
export function egressOfRows(db: Database.Database, ids: readonly number[]): SpanEgress | null {
  if (ids.length === 0 || !hasTable(db, 'net_events')) return null;
  const has = (c: string): boolean => hasColumn(db, 'net_events', c);
  const sum = (c: string): string => (has(c) ? `TOTAL(${c})` : 'NULL');
  let requests = 0;
  let sent: number | null = has('bytes_sent') ? 0 : null;
  let received: number | null = has('bytes_received') ? 0 : null;
  let denied = 0;
  const hosts = new Set<string>();
  for (const part of inChunks(ids)) {
    const r = db
      .prepare(
        `SELECT COUNT(*) AS n, ${sum('bytes_sent')} AS sent, ${sum('bytes_received')} AS received,
           ${has('decision') ? "TOTAL(decision = 'denied')" : '0'} AS denied FROM net_events WHERE id IN (${marks(part.length)})`,
      )
      .get(...part) as { n: number; sent: number | null; received: number | null; denied: number };
    requests += Number(r.n);
    if (sent !== null) sent += Number(r.sent);
    if (received !== null) received += Number(r.received);
    denied += Number(r.denied);
    if (has('domain'))
      for (const d of db
        .prepare(`SELECT DISTINCT lower(domain) FROM net_events WHERE id IN (${marks(part.length)})`)
        .pluck()
        .all(...part))
        if (d !== null) hosts.add(String(d));
  }
  return requests === 0 ? null : withSentence({ requests, bytesSent: sent, bytesReceived: received, hosts: hosts.size, denied });
}

function withSentence(e: Omit<SpanEgress, 'says'>): SpanEgress {
  const bytes = (n: number | null, what: string): string => (n === null ? `${what} not recorded` : `${bytesText(n)} ${what}`);
  const parts = [
    `${plural(e.requests, 'request')} to ${plural(e.hosts, 'host')}`,
    bytes(e.bytesSent, 'sent'),
    bytes(e.bytesReceived, 'received'),
    ...(e.denied > 0 ? [`${e.denied} denied`] : []),
  ];
  return { ...e, says: parts.join(' · ') };
}
