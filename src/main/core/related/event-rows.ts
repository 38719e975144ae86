// The rows that share one event_id, found by index: the security tables (a rule match, its decision and its ask
// share one event_id; security_rule_events is indexed on it, the decision and ask tables are small and read
// whole) and the other tables the body index names for that event_id (event_body_blobs is unique on event_id,
// source_table, direction). The row's own table is not searched again: event ids are unique per table.
import type Database from 'better-sqlite3';
import type { RelatedGroup } from '../../../shared/contract/related.js';
import { bodiesOf } from '../event/event-detail.js';
import { group, has, selectRows } from './rows.js';

export const SECURITY_TABLES = ['security_rule_events', 'security_decision_events', 'security_ask_events'] as const;

/** Tables the body index says carry rows of this event_id (index lookup). */
function bodyTables(db: Database.Database, eventId: string): string[] {
  if (!has(db, 'event_body_blobs', 'event_id', 'source_table')) return [];
  return (db.prepare('SELECT DISTINCT source_table AS t FROM event_body_blobs WHERE event_id = ?').all(eventId) as { t: string }[]).map(
    (r) => String(r.t),
  );
}

/** Security rows naming the event, and the other rows of it elsewhere (the row itself left out). */
export function eventGroups(
  db: Database.Database,
  eventId: string | null,
  self: { table: string; rowid: number },
  selfTrace: string | null,
): RelatedGroup[] {
  if (!eventId) return [];
  const out: RelatedGroup[] = [];
  const notSelf = (t: string): string => (t === self.table ? ' AND _rowid_ <> ?' : '');
  const params = (t: string): unknown[] => (t === self.table ? [eventId, self.rowid] : [eventId]);
  const security = SECURITY_TABLES.filter((t) => has(db, t, 'event_id')).map((t) => ({
    t,
    found: selectRows(db, t, `event_id = ?${notSelf(t)}`, params(t)),
  }));
  const secRows = security.flatMap(({ t, found }) => group('security', '', t, found, selfTrace).rows);
  if (secRows.length)
    out.push({
      kind: 'security',
      title: 'Security rows of this event',
      rows: secRows,
      total: security.reduce((n, x) => n + x.found.total, 0),
    });
  const others = bodyTables(db, eventId).filter(
    (t) => t !== self.table && !(SECURITY_TABLES as readonly string[]).includes(t) && has(db, t, 'event_id'),
  );
  const same = others.map((t) => ({ t, found: selectRows(db, t, 'event_id = ?', [eventId]) }));
  const sameRows = same.flatMap(({ t, found }) => group('same_event', '', t, found, selfTrace).rows);
  if (sameRows.length)
    out.push({
      kind: 'same_event',
      title: 'Other rows of this event_id',
      rows: sameRows,
      total: same.reduce((n, x) => n + x.found.total, 0),
    });
  return out;
}

export { bodiesOf };
