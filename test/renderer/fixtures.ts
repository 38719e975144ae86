/**
 * Ledgers for the browser tests: the fixture writer's A4 ledger grown to 100,000 net_events rows, and an L0
 * ledger (bodies inside SQLite, hash-checked) holding the hostile corpus and a 10 MiB body.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { blake3Ready, blake3Tagged } from '../fixtures/writer/blake3.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { HostileBody } from './hostile-corpus.js';
import { hostileCorpus } from './hostile-corpus.js';

export const BIG_TABLE_ROWS = 100_000;

function ts(i: number): string {
  return new Date(Date.UTC(2026, 2, 2, 15, 0, 0) + i * 37).toISOString().replace('Z', '000Z');
}

/** An A4 ledger whose net_events holds exactly 100,000 rows (the writer's rows plus generated ones). */
export async function bigLedger(dir: string): Promise<WrittenLedger & { netRows: number }> {
  const ledger = await writeLedger(dir, { generation: 'A4', seed: 11, sessionId: '20260302-150000-big0' });
  const db = new Database(ledger.dbPath);
  const have = (db.prepare('SELECT COUNT(*) AS n FROM net_events').get() as { n: number }).n;
  const ins =
    db.prepare(`INSERT INTO net_events (event_id, timestamp, domain, decision, method, path, status_code, bytes_sent, trace_id, turn_id)
    VALUES (?, ?, ?, ?, 'GET', ?, 200, ?, ?, ?)`);
  db.transaction(() => {
    for (let i = have; i < BIG_TABLE_ROWS; i++) {
      ins.run(
        (0xa00000000000 + i).toString(16),
        ts(i),
        `host${i % 97}.example.org`,
        i % 11 === 0 ? 'denied' : 'allowed',
        `/p/${i}`,
        i % 5000,
        `trace-big-${i % 50}`,
        `turn-${i % 300}`,
      );
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { ...ledger, netRows: BIG_TABLE_ROWS };
}

export interface HostileEvent extends HostileBody {
  readonly eventId: string;
  readonly rowid: number;
}

export interface HostileLedger {
  readonly sessionDir: string;
  readonly events: HostileEvent[];
  readonly big: { eventId: string; rowid: number; size: number };
}

/** L0 ledger: each hostile body is the response of its own net_events row; one 10 MiB JSON body. */
export async function hostileLedger(dir: string): Promise<HostileLedger> {
  await blake3Ready();
  const ledger = await writeLedger(dir, { generation: 'L0', seed: 5, sessionId: '20260302-160000-host' });
  const db = new Database(ledger.dbPath);
  const net = db.prepare(
    `INSERT INTO net_events (event_id, timestamp, domain, decision, method, path, status_code) VALUES (?, ?, 'evil.example', 'allowed', 'GET', ?, 200)`,
  );
  const body =
    db.prepare(`INSERT INTO event_body_blobs (event_id, event_type, source_table, direction, content_type, original_bytes, stored_bytes, truncated, body_hash, created_at, body)
    VALUES (?, 'http.request', 'net_events', 'response', ?, ?, ?, 0, ?, ?, ?)`);
  const events: HostileEvent[] = [];
  let big = { eventId: '', rowid: 0, size: 0 };
  db.transaction(() => {
    hostileCorpus().forEach((h, i) => {
      const eventId = (0xbad000000000 + i).toString(16);
      const rowid = Number(net.run(eventId, ts(i), `/${h.name}`).lastInsertRowid);
      body.run(eventId, h.contentType, h.bytes.length, h.bytes.length, blake3Tagged(h.bytes), ts(i), Buffer.from(h.bytes));
      events.push({ ...h, eventId, rowid });
    });
    const line = '{"index":0,"text":"a line of a large streamed body, repeated to make ten mebibytes","n":12345678901234567890}\n';
    const bytes = new TextEncoder().encode(line.repeat(Math.ceil((10 * 1048576) / line.length))).subarray(0, 10 * 1048576);
    const eventId = 'b16b16b16b16';
    const rowid = Number(net.run(eventId, ts(999), '/big').lastInsertRowid);
    body.run(eventId, 'application/x-ndjson', bytes.length, bytes.length, blake3Tagged(bytes), ts(999), Buffer.from(bytes));
    big = { eventId, rowid, size: bytes.length };
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { sessionDir: join(ledger.dir, ledger.sessionId), events, big };
}
