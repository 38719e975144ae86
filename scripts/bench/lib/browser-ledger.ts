// The ledger for the browser's table figures. gen-large spreads its events over every table (the 1M-event
// scale ledger's largest table holds about 325,000 rows), so no table of it has 1,000,000 rows. This one is a
// gen-large ledger (real A2 archive with 256 MiB of bodies, so a verification runs for seconds; a 5,000-call
// trace) whose net_events is then grown to 1,000,000 rows by copying its own rows with fresh ids and times.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateLargeLedger } from '../../gen-large/generate.js';

export const TABLE_ROWS = 1_000_000;
export const TABLE = 'net_events';
const MiB = 1024 * 1024;

export interface TableLedger {
  readonly sessionDir: string;
  readonly table: string;
  readonly rows: number;
  readonly bodyMiB: number;
  readonly ms: number;
}

/** Grows `net_events` to exactly `rows` rows: copies of the generated rows (previews cut to 64 characters). */
export function growNetEvents(dbPath: string, rows: number): void {
  const db = new Database(dbPath);
  try {
    const have = db.prepare(`SELECT COUNT(*) FROM ${TABLE}`).pluck().get() as number;
    const maxId = db.prepare(`SELECT MAX(id) FROM ${TABLE}`).pluck().get() as number;
    if (have === 0 || have >= rows) return;
    // Row i copies generated row (i mod have) + 1; its event_id is unique hex, its time 37 ms after the last.
    db.prepare(
      `
      WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
      INSERT INTO ${TABLE} (event_id, timestamp, domain, port, decision, process_name, pid, method, path, query, status_code,
        bytes_sent, bytes_received, duration_ms, matched_rule, request_headers, response_headers, headers_truncated,
        request_body_preview, response_body_preview, conn_type, policy_mode, policy_action, policy_rule, policy_reason,
        trace_id, turn_id, credential_ref)
      SELECT printf('%012x', 183251937624064 + s.i), strftime('%Y-%m-%dT%H:%M:%f', '2026-03-03T00:00:00', '+' || (s.i * 0.037) || ' seconds') || '000Z',
        t.domain, t.port, t.decision, t.process_name, t.pid, t.method, t.path, t.query, t.status_code,
        t.bytes_sent, t.bytes_received, t.duration_ms, t.matched_rule, t.request_headers, t.response_headers, t.headers_truncated,
        substr(t.request_body_preview, 1, 64), substr(t.response_body_preview, 1, 64), t.conn_type, t.policy_mode, t.policy_action,
        t.policy_rule, t.policy_reason, t.trace_id, t.turn_id, t.credential_ref
      FROM s JOIN ${TABLE} t ON t.id = 1 + (s.i % ?)`,
    ).run(rows - have, Math.min(have, maxId));
  } finally {
    db.close();
  }
}

export async function generateTableLedger(dir: string, seed: number): Promise<TableLedger> {
  const t0 = performance.now();
  const bodyMiB = 256;
  console.log(`  generating the table ledger (gen-large: 150,000 events, ${bodyMiB} MiB of bodies, a 5,000-call trace) in ${dir}`);
  let lastPrint = 0;
  const summary = await generateLargeLedger({
    dir,
    events: 150_000,
    bodyBytes: bodyMiB * MiB,
    seed,
    bigTraceCalls: 5000,
    onProgress: (p) => {
      if (p.elapsedMs - lastPrint < 5000) return;
      lastPrint = p.elapsedMs;
      console.log(`    ${(p.elapsedMs / 1000).toFixed(0)} s, ${p.events.toLocaleString('en-US')} events`);
    },
  });
  console.log(`  growing ${TABLE} to ${TABLE_ROWS.toLocaleString('en-US')} rows`);
  growNetEvents(join(summary.sessionDir, 'session.db'), TABLE_ROWS);
  return { sessionDir: summary.sessionDir, table: TABLE, rows: TABLE_ROWS, bodyMiB, ms: performance.now() - t0 };
}
