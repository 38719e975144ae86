// The one-pass matcher gives, for every sample, the response the per-sample SQL it replaced gives:
// `... AND method IS ? AND path IS ? [AND trace_id IS ?] ORDER BY ABS(julianday(timestamp) - julianday(?)), id LIMIT 1`,
// in the trace first when the sample has one, else in any trace.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchResponses } from '../../../../src/main/core/check/response-matcher.js';
import { AI_BARE_DOMAIN_WHERE, AI_DOMAIN_WHERE } from '../../../../src/main/core/check/providers.js';

const DOMAINS = ['api.anthropic.com', 'openai.com', 'example.org', 'x.googleapis.com'];
const TIMES = ['2026-03-02 14:50:40', '2026-03-02T14:50:41Z', '2026-03-02 14:50:39.5', 'not a time', null];
const small = <T>(values: readonly T[]) => fc.constantFrom(...values);

const netRow = fc.record({
  domain: small(DOMAINS),
  method: small(['POST', 'GET', null]),
  path: small(['/v1/messages', '/v1/chat', null]),
  trace: small(['t1', 't2', null]),
  time: small(TIMES),
  gzip: fc.boolean(),
});
const sample = fc.record({
  method: small(['POST', 'GET', null]),
  path: small(['/v1/messages', '/v1/chat', null]),
  trace: small(['t1', 't2', null]),
  time: small(TIMES),
});

type NetRow = typeof netRow extends fc.Arbitrary<infer T> ? T : never;

function ledger(rows: readonly NetRow[]): Database.Database {
  const db = new Database(':memory:');
  db.exec(
    'CREATE TABLE net_events (id INTEGER PRIMARY KEY, domain TEXT, method TEXT, path TEXT, trace_id TEXT, timestamp TEXT, response_headers TEXT); ' +
      'CREATE TABLE model_calls (id INTEGER PRIMARY KEY, trace_id TEXT, timestamp TEXT)',
  );
  const ins = db.prepare('INSERT INTO net_events (domain, method, path, trace_id, timestamp, response_headers) VALUES (?, ?, ?, ?, ?, ?)');
  for (const r of rows)
    ins.run(r.domain, r.method, r.path, r.trace, r.time, r.gzip ? 'Content-Encoding: gzip' : 'content-type: text/plain');
  return db;
}

/** The per-sample SQL the matcher replaced (the oracle). */
function oracle(
  db: Database.Database,
  s: { method: string | null; path: string | null; trace: string | null; time: string | null },
): { id: number; gzip: boolean } | null {
  const sql = (withTrace: boolean): string =>
    `SELECT id, LOWER(COALESCE(response_headers, '')) LIKE '%content-encoding%gzip%' AS gzip FROM net_events WHERE (${AI_DOMAIN_WHERE} OR ${AI_BARE_DOMAIN_WHERE}) ` +
    `AND method IS ? AND path IS ?${withTrace ? ' AND trace_id IS ?' : ''} ORDER BY ABS(julianday(timestamp) - julianday(?)), id LIMIT 1`;
  const found =
    (s.trace !== null ? db.prepare(sql(true)).get(s.method, s.path, s.trace, s.time) : undefined) ??
    db.prepare(sql(false)).get(s.method, s.path, s.time);
  const row = found as { id: number; gzip: number } | undefined;
  return row ? { id: row.id, gzip: row.gzip === 1 } : null;
}

describe('matchResponses', () => {
  it('matches every sample exactly as the per-sample SQL did', () => {
    fc.assert(
      fc.property(fc.array(netRow, { maxLength: 40 }), fc.array(sample, { minLength: 1, maxLength: 10 }), (rows, samples) => {
        const db = ledger(rows);
        const julian = db.prepare('SELECT julianday(?)').pluck();
        const got = matchResponses(
          db,
          samples.map((s) => ({ method: s.method, path: s.path, traceId: s.trace, julian: julian.get(s.time) as number | null })),
        );
        expect(got).toEqual(samples.map((s) => oracle(db, s)));
        db.close();
      }),
      { numRuns: 300 },
    );
  });

  it('names nothing when the ledger has no net_events table', () => {
    const db = new Database(':memory:');
    expect(matchResponses(db, [{ method: 'POST', path: '/', traceId: null, julian: null }])).toEqual([null]);
    db.close();
  });
});
