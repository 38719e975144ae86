// What a correct export must contain for a fixture ledger, derived straight from the (possibly edited) SQLite
// file and the writer's record of the bodies — a second, deliberately plain reading of
// docs/formats/warc-export.md#resource-records to #skipped-rows.
import Database from 'better-sqlite3';
import { decode } from '@msgpack/msgpack';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

export interface ExpectedResource {
  readonly rowId: number;
  readonly recordId: string;
  readonly uri: string;
  readonly date: string;
  readonly contentType: string;
  readonly truncated: boolean;
  readonly bytes: Buffer;
}

export type ExpectedOutcome = { kind: 'record'; record: ExpectedResource } | { kind: 'skip'; rowId: number; reason: string };

const SQL: Record<string, string> = {
  net_events:
    "SELECT 'https://' || COALESCE(domain, '') || COALESCE(path, '') AS uri, timestamp AS t FROM net_events WHERE event_id = ? ORDER BY id LIMIT 1",
  model_calls: "SELECT 'https://' || provider || path AS uri, timestamp AS t FROM model_calls WHERE event_id = ? ORDER BY id LIMIT 1",
  tool_calls: "SELECT 'capsem://tool/' || tool_name AS uri, timestamp AS t FROM tool_calls WHERE event_id = ? ORDER BY id LIMIT 1",
  tool_responses:
    "SELECT 'capsem://tool-response/' || call_id AS uri, NULL AS t FROM tool_responses WHERE event_id = ? ORDER BY id LIMIT 1",
  exec_events: "SELECT 'capsem://exec/' || exec_id AS uri, timestamp AS t FROM exec_events WHERE event_id = ? ORDER BY id LIMIT 1",
  security_rule_events:
    "SELECT 'capsem://security/' || rule_id AS uri, timestamp_unix_ms AS t FROM security_rule_events WHERE event_id = ? ORDER BY id LIMIT 1",
  security_decision_events:
    "SELECT 'capsem://security-decision/' || COALESCE(e.actor, r.actor) AS uri, e.timestamp_unix_ms AS t FROM security_decision_events e LEFT JOIN security_decision_runs r ON r.id = e.run_id WHERE e.event_id = ? ORDER BY e.id LIMIT 1",
  security_ask_events:
    "SELECT 'capsem://security-ask/' || ask_id AS uri, timestamp_unix_ms AS t FROM security_ask_events WHERE event_id = ? ORDER BY id LIMIT 1",
};

function dateOf(t: unknown): string | null {
  if (typeof t === 'number') return t < 0 ? null : new Date(t - (t % 1000)).toISOString().replace('.000Z', 'Z');
  if (typeof t !== 'string') return null;
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(t) ? `${t.slice(0, 19)}Z` : null;
}

/**
 * One outcome per index row in archive order. `unreadable` / `corrupt` name the row ids the damage made unreadable
 * or corrupt (the test knows them from the writer's damage report and its own edits).
 */
export function expectedOutcomes(w: WrittenLedger, session: string, unreadable: Set<number>, corrupt: Set<number>): ExpectedOutcome[] {
  const db = new Database(w.dbPath, { readonly: true });
  try {
    const located = (db.prepare('PRAGMA table_info(event_body_blobs)').all() as Array<{ name: string }>).some(
      (c) => c.name === 'block_offset',
    );
    const rows = db
      .prepare(
        `SELECT id, event_id, source_table, direction, content_type, truncated, created_at FROM event_body_blobs ORDER BY ${located ? 'block_offset, body_offset, id' : 'id'}`,
      )
      .all() as Array<{
      id: number;
      event_id: string;
      source_table: string;
      direction: string;
      content_type: string | null;
      truncated: number;
      created_at: string;
    }>;
    const bytesById = new Map(w.bodies.map((b) => [b.row.id, Buffer.from(b.bytes)]));
    return rows.map((row): ExpectedOutcome => {
      const source = db.prepare(SQL[row.source_table]!).get(row.event_id) as { uri: string; t: unknown } | undefined;
      if (!source) return { kind: 'skip', rowId: row.id, reason: 'missing-source-row' };
      const date = dateOf(row.source_table === 'tool_responses' ? row.created_at : source.t);
      if (date === null) return { kind: 'skip', rowId: row.id, reason: 'unreadable-timestamp' };
      if (/[\r\n]/.test(source.uri)) return { kind: 'skip', rowId: row.id, reason: 'unrepresentable-uri' };
      if (unreadable.has(row.id)) return { kind: 'skip', rowId: row.id, reason: 'unreadable-body' };
      if (corrupt.has(row.id)) return { kind: 'skip', rowId: row.id, reason: 'corrupt-body' };
      let bytes = bytesById.get(row.id)!;
      let contentType = row.content_type ?? 'application/octet-stream';
      if (row.content_type === 'application/vnd.capsem.security+msgpack') {
        try {
          bytes = Buffer.from(JSON.stringify(decode(bytes)));
        } catch {
          return { kind: 'skip', rowId: row.id, reason: 'corrupt-body' };
        }
        contentType = 'application/json';
      }
      const recordId = `<urn:capsem:${session}:${row.source_table}:${row.event_id}:${row.direction}>`;
      return {
        kind: 'record',
        record: { rowId: row.id, recordId, uri: source.uri, date, contentType, truncated: row.truncated === 1, bytes },
      };
    });
  } finally {
    db.close();
  }
}
