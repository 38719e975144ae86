/**
 * What left the sandbox during a trace, a turn or the untraced rows (issue 40, "per trace and per turn, the same
 * numbers as a line"): the net_events rows the header heads (spans.ts: those the ledger ties to the trace or the
 * turn by trace_id and turn_id, never rows placed by time alone) counted as the egress report counts a
 * destination's rows. Kept per header, as a turn's coverage is: each page that shows it pays for it once.
 */
import type Database from 'better-sqlite3';
import type { SpanEgress } from '../../../shared/contract/transcript.js';
import { bytesText } from '../../../shared/bytes-text.js';
import { plural } from '../../../shared/plural.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { marks } from '../traces/sql-columns.js';
import type { NetRows } from './spans.js';

const CHUNK = 500;
const kept = new WeakMap<object, SpanEgress | null>();

/** null: no request among the rows (or the header's rows are not at hand). */
export function spanEgress(db: Database.Database, rows: NetRows | null): SpanEgress | null {
  if (rows === null) return null;
  if (kept.has(rows.key)) return kept.get(rows.key)!;
  if (!hasTable(db, 'net_events')) return null;
  const ids = rows.ids();
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
  kept.set(rows.key, egress);
  return egress;
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
