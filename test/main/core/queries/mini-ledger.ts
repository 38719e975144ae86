/**
 * A small hand-made ledger-shaped database for query tests (tables and columns as
 * docs/formats/ledger-format.md#tables-of-the-newest-ledger, a subset). The fixture writer makes real ledgers; this
 * one is for exact counts and edge values.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface MiniLedger {
  readonly dir: string;
  readonly path: string;
  readonly db: Database.Database;
  cleanup(): void;
}

const DDL = `
CREATE TABLE net_events (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, timestamp TEXT, domain TEXT, port INTEGER DEFAULT 443, decision TEXT, method TEXT, path TEXT, status_code INTEGER, bytes_sent INTEGER DEFAULT 0, trace_id TEXT, turn_id TEXT);
CREATE INDEX idx_net_ts ON net_events(timestamp);
CREATE INDEX idx_net_domain ON net_events(domain);
CREATE TABLE model_calls (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, timestamp TEXT, provider TEXT NOT NULL, model TEXT, method TEXT NOT NULL, path TEXT NOT NULL, stream INTEGER DEFAULT 0, input_tokens INTEGER, output_tokens INTEGER, stop_reason TEXT, duration_ms INTEGER DEFAULT 0, estimated_cost_usd REAL DEFAULT 0, trace_id TEXT, turn_id TEXT);
CREATE TABLE tool_calls (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, timestamp TEXT DEFAULT '', model_call_id INTEGER, call_index INTEGER NOT NULL, call_id TEXT NOT NULL, tool_name TEXT NOT NULL, origin TEXT DEFAULT 'native', server_name TEXT, decision TEXT DEFAULT 'allowed', status TEXT DEFAULT 'observed', duration_ms INTEGER DEFAULT 0, trace_id TEXT, turn_id TEXT);
CREATE TABLE tool_responses (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, model_call_id INTEGER NOT NULL, call_id TEXT NOT NULL, content_preview TEXT, is_error INTEGER DEFAULT 0, trace_id TEXT, turn_id TEXT);
CREATE TABLE security_rule_events (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp_unix_ms INTEGER, event_id TEXT, event_type TEXT, rule_id TEXT, trace_id TEXT, turn_id TEXT);
CREATE TABLE event_body_blobs (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL, event_type TEXT, source_table TEXT NOT NULL, direction TEXT NOT NULL, content_type TEXT, original_bytes INTEGER NOT NULL, stored_bytes INTEGER NOT NULL, truncated INTEGER NOT NULL DEFAULT 0, body_hash TEXT NOT NULL, block_offset INTEGER, body_offset INTEGER, body_len INTEGER, trace_id TEXT, turn_id TEXT, created_at TEXT NOT NULL, UNIQUE(event_id, source_table, direction));
CREATE TABLE body_blocks (block_offset INTEGER PRIMARY KEY, raw_len INTEGER NOT NULL, disk_len INTEGER NOT NULL, sealed_at TEXT NOT NULL);
CREATE TABLE fs_events (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, timestamp TEXT, action TEXT NOT NULL, path TEXT NOT NULL, size INTEGER, kind TEXT DEFAULT 'file');
`;

export function ts(i: number): string {
  return new Date(Date.UTC(2026, 2, 2, 14, 0, 0) + i * 1000).toISOString().replace('Z', '000Z');
}

/** `netRows` net_events with domains d0..d9, every 7th timestamp NULL, decisions allowed/denied. */
export function makeMiniLedger(netRows = 50): MiniLedger {
  const dir = mkdtempSync(join(tmpdir(), 'capsem-q-'));
  const path = join(dir, 'session.db');
  const db = new Database(path);
  db.exec(DDL);
  const ins = db.prepare(
    'INSERT INTO net_events (event_id, timestamp, domain, decision, method, path, status_code, trace_id, turn_id) VALUES (?,?,?,?,?,?,?,?,?)',
  );
  db.transaction(() => {
    for (let i = 1; i <= netRows; i++) {
      ins.run(
        i.toString(16).padStart(12, '0'),
        i % 7 === 0 ? null : ts(netRows - i),
        `d${i % 10}.example.com`,
        i % 5 === 0 ? 'denied' : 'allowed',
        'POST',
        '/v1/messages',
        200,
        `trace-${i % 3}`,
        `turn-${i % 4}`,
      );
    }
  })();
  db.exec(`
    INSERT INTO model_calls (event_id, timestamp, provider, model, method, path, input_tokens, output_tokens, estimated_cost_usd, trace_id, turn_id) VALUES
      ('aaaaaaaaaaa1', '${ts(1)}', 'anthropic', 'claude-x', 'POST', '/v1/messages', 100, 20, 0.5, 'trace-1', 'turn-1'),
      ('aaaaaaaaaaa2', '${ts(2)}', 'anthropic', 'claude-x', 'POST', '/v1/messages', 200, 30, 0.25, 'trace-1', 'turn-1'),
      ('aaaaaaaaaaa3', '${ts(3)}', 'openai', 'gpt-y', 'POST', '/v1/chat', NULL, NULL, 0, 'trace-2', 'turn-2');
    INSERT INTO tool_calls (event_id, timestamp, model_call_id, call_index, call_id, tool_name, origin, server_name, decision, trace_id) VALUES
      ('bbbbbbbbbbb1', '${ts(4)}', 1, 0, 'call-1', 'read_file', 'native', NULL, 'allowed', 'trace-1'),
      ('bbbbbbbbbbb2', '${ts(5)}', 1, 1, 'call-2', 'search', 'mcp', 'docs', 'denied', 'trace-1');
    INSERT INTO tool_responses (event_id, model_call_id, call_id, content_preview, trace_id) VALUES ('ccccccccccc1', 2, 'call-1', 'ok', 'trace-1');
    INSERT INTO security_rule_events (timestamp_unix_ms, event_id, event_type, rule_id) VALUES (1772460000000, 'aaaaaaaaaaa1', 'http.request', 'r1'), (9223372036854775807, 'ddddddddddd1', 'http.request', 'big');
    INSERT INTO event_body_blobs (event_id, event_type, source_table, direction, content_type, original_bytes, stored_bytes, truncated, body_hash, block_offset, body_offset, body_len, created_at) VALUES
      ('aaaaaaaaaaa1', 'model.call', 'model_calls', 'request', 'application/json', 10, 10, 0, 'blake3:${'0'.repeat(64)}', 80, 0, 10, '${ts(1)}'),
      ('aaaaaaaaaaa1', 'model.call', 'model_calls', 'response', 'text/event-stream', 20971520, 10485760, 1, 'blake3:${'1'.repeat(64)}', 80, 10, 10485760, '${ts(1)}');
    INSERT INTO fs_events (timestamp, action, path, size, kind) VALUES ('${ts(6)}', 'created', '/a', 1, 'file'), ('${ts(7)}', 'overflow', '', 12, 'file');
  `);
  return {
    dir,
    path,
    db,
    cleanup: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
