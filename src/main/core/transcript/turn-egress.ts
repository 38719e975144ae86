/**
 * What left the sandbox during a turn (issue 40, "per trace and per turn, the same numbers as a line"): the
 * net_events rows of the turn's span (turn-spans.ts: the rows its trace_id and turn_id tie to it, never rows placed
 * by time alone) counted as the egress report counts a destination's rows. Kept per turn header, as its coverage is.
 */
import type Database from 'better-sqlite3';
import type { TurnEgress } from '../../../shared/contract/transcript.js';
import { bytesText } from '../../../shared/bytes-text.js';
import { plural } from '../../../shared/plural.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import type { Entry } from '../traces/order.js';
import { marks } from '../traces/sql-columns.js';

const CHUNK = 500;
const kept = new WeakMap<Entry, TurnEgress | null>();

export function turnEgress(db: Database.Database, turn: Entry, rowsOf: () => readonly Entry[] | null): TurnEgress | null {
  if (kept.has(turn)) return kept.get(turn)!;
  const rows = rowsOf();
  if (rows === null || !hasTable(db, 'net_events')) return null;
  const ids = rows.filter((e) => e.table === 'net_events').map((e) => e.id);
  const has = (c: string): boolean => hasColumn(db, 'net_events', c);
  const sum = (c: string): string => (has(c) ? `TOTAL(${c})` : 'NULL');
  let requests = 0;
  let sent: number | null = has('bytes_sent') ? 0 : null;
  let received: number | null = has('bytes_received') ? 0 : null;
  let denied = 0;
  const hosts = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
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
  const egress = requests === 0 ? null : withSentence({ requests, bytesSent: sent, bytesReceived: received, hosts: hosts.size, denied });
  kept.set(turn, egress);
  return egress;
}

function withSentence(e: Omit<TurnEgress, 'says'>): TurnEgress {
  const bytes = (n: number | null, what: string): string => (n === null ? `${what} not recorded` : `${bytesText(n)} ${what}`);
  const parts = [
    `${plural(e.requests, 'request')} to ${plural(e.hosts, 'host')}`,
    bytes(e.bytesSent, 'sent'),
    bytes(e.bytesReceived, 'received'),
    ...(e.denied > 0 ? [`${e.denied} denied`] : []),
  ];
  return { ...e, says: parts.join(' · ') };
}
