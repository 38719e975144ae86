import { afterEach, describe, expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { SourceTargetResolver } from '../../../../src/main/core/warc/source-target.js';
import { skipReasonForReadFailure } from '../../../../src/main/core/warc/skip-reasons.js';
import { ERROR_CODES } from '../../../../src/shared/errors.js';
import { indexRow } from './fake-evidence.js';

let db: Database.Database | null = null;
const resolvers: SourceTargetResolver[] = [];
afterEach(() => {
  for (const r of resolvers.splice(0)) r.close(); // removes each resolver's spool folder
  db?.close();
  db = null;
});

function resolverOn(d: Database.Database): SourceTargetResolver {
  const r = new SourceTargetResolver(d);
  resolvers.push(r);
  return r;
}

describe('target URIs and dates on older ledger shapes', () => {
  test('a missing table, an unknown source table and a missing column give missing-source-row', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE net_events (id INTEGER PRIMARY KEY, timestamp TEXT, domain TEXT, path TEXT)'); // no event_id (very old)
    const resolver = resolverOn(db);
    for (const sourceTable of ['net_events', 'security_ask_events', 'mcp_calls', 'constructor', '__proto__']) {
      const result = resolver.resolve(indexRow({ eventId: 'aaaaaaaaaaaa', sourceTable, direction: 'request' }));
      expect(result.ok ? 'ok' : result.reason).toBe('missing-source-row');
    }
  });

  test('security_decision_events without the runs table uses the event actor', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE security_decision_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp_unix_ms INTEGER, actor TEXT)');
    db.exec("INSERT INTO security_decision_events (event_id, timestamp_unix_ms, actor) VALUES ('aaaaaaaaaaaa', 1000, 'policy')");
    const result = resolverOn(db).resolve(
      indexRow({ eventId: 'aaaaaaaaaaaa', sourceTable: 'security_decision_events', direction: 'payload' }),
    );
    expect(result).toEqual({ ok: true, uri: 'capsem://security-decision/policy', date: '1970-01-01T00:00:01Z' });
  });

  test('milliseconds beyond 2^53 are read exactly and refused as unrepresentable dates', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE security_rule_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp_unix_ms INTEGER, rule_id TEXT)');
    db.prepare("INSERT INTO security_rule_events (event_id, timestamp_unix_ms, rule_id) VALUES ('aaaaaaaaaaaa', ?, 'r')").run(2n ** 62n);
    const result = resolverOn(db).resolve(indexRow({ eventId: 'aaaaaaaaaaaa', sourceTable: 'security_rule_events', direction: 'payload' }));
    expect(result.ok ? 'ok' : result.reason).toBe('unreadable-timestamp');
  });

  test('tool_responses are dated by the index row created_at', () => {
    db = new Database(':memory:');
    db.exec(
      "CREATE TABLE tool_responses (id INTEGER PRIMARY KEY, event_id TEXT, call_id TEXT); INSERT INTO tool_responses (event_id, call_id) VALUES ('aaaaaaaaaaaa', 'c1')",
    );
    const resolver = resolverOn(db);
    const good = resolver.resolve(
      indexRow({ eventId: 'aaaaaaaaaaaa', sourceTable: 'tool_responses', direction: 'response', createdAt: '2026-01-01T00:00:59.999Z' }),
    );
    expect(good).toEqual({ ok: true, uri: 'capsem://tool-response/c1', date: '2026-01-01T00:00:59Z' });
    const bad = resolver.resolve(
      indexRow({ eventId: 'aaaaaaaaaaaa', sourceTable: 'tool_responses', direction: 'response', createdAt: null }),
    );
    expect(bad.ok ? 'ok' : bad.reason).toBe('unreadable-timestamp');
  });
});

describe('read failures → skip reasons', () => {
  test('only a body-hash mismatch is corrupt-body; job-level codes end the export', () => {
    const mapped = Object.fromEntries(ERROR_CODES.map((c) => [c, skipReasonForReadFailure(c)]));
    expect(
      Object.entries(mapped)
        .filter(([, r]) => r === 'corrupt-body')
        .map(([c]) => c),
    ).toEqual(['BODY_HASH_MISMATCH']);
    expect(
      Object.entries(mapped)
        .filter(([, r]) => r === 'fatal')
        .map(([c]) => c)
        .sort(),
    ).toEqual(['CANCELLED', 'DEADLINE', 'EXPORT_DESTINATION', 'EXPORT_FAILED', 'INTERNAL']);
    for (const code of [
      'SEGMENT_HASH_MISMATCH',
      'BLOCK_NOT_RECORDED',
      'SPAN_OUT_OF_RANGE',
      'DECODE_FAILED',
      'BAD_BLOCK_HEADER',
      'TRUNCATED_BLOCK',
      'ARCHIVE_MISSING',
    ] as const) {
      expect(mapped[code]).toBe('unreadable-body');
    }
  });
});
