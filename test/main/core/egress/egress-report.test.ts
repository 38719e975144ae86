// The egress report against plain SQL over the same rows (and the writer's own ledger_counters), on an A4 ledger,
// on an A2 ledger stripped of the columns older builds lack, and on a row with hostile byte counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { decode, encode } from '@msgpack/msgpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { egressReport } from '../../../../src/main/core/egress/egress-report.js';
import { ledgerCounters } from '../../../../src/main/core/library/ledger-facts.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'egress-'));
let a4: WrittenLedger;
let a2: WrittenLedger;
const opened: Evidence[] = [];

async function open(dir: string): Promise<Evidence> {
  const r = await openEvidence([dir]);
  if (!r.ok) throw new Error(r.error.message);
  opened.push(r.value);
  return r.value;
}

/** Plain SQL over the written file itself, not the inspector's copy. */
function plain<T>(ledger: WrittenLedger, sql: string, ...params: unknown[]): T[] {
  const db = new Database(ledger.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'egress-a4', journalMode: 'delete' });
  a2 = await writeLedger(join(root, 'a2'), { generation: 'A2-zstd', sessionId: 'egress-a2', journalMode: 'delete' });
  // The columns and table an older Capsem build did not write (docs/formats/ledger-format.md#event-tables, the older
  // net_events shape).
  const db = new Database(a2.dbPath);
  db.exec(`ALTER TABLE net_events DROP COLUMN credential_ref;
    ALTER TABLE net_events DROP COLUMN trace_id;
    ALTER TABLE net_events DROP COLUMN turn_id;
    DROP TABLE dns_events;`);
  db.close();
});
afterAll(() => {
  for (const e of opened) e.close();
  rmSync(root, { recursive: true, force: true });
});

describe('egressReport on an A4 ledger', () => {
  it('every destination total equals plain SQL over its rows', async () => {
    const report = egressReport((await open(a4.sessionDir)).db);
    const expected = plain<Record<string, unknown>>(
      a4,
      `SELECT domain, port, COUNT(*) AS requests, SUM(bytes_sent) AS sent, SUM(bytes_received) AS received,
         SUM(decision = 'allowed') AS allowed, SUM(decision = 'denied') AS denied, SUM(decision = 'error') AS error,
         SUM(decision = 'redirected') AS redirected, COUNT(DISTINCT trace_id) AS traces, COUNT(DISTINCT turn_id) AS turns,
         MIN(timestamp) AS first, MAX(timestamp) AS last
       FROM net_events GROUP BY domain, port ORDER BY requests DESC, domain, port`,
    );
    expect(report.missing).toEqual([]);
    expect(report.destinations.map((d) => [d.domain, d.port])).toEqual(expected.map((e) => [e.domain, e.port]));
    report.destinations.forEach((d, i) => {
      const e = expected[i]!;
      expect(d.requests).toBe(e.requests);
      expect(d.bytesSent).toBe(e.sent);
      expect(d.bytesReceived).toBe(e.received);
      expect(d.decisions).toEqual({ allowed: e.allowed, denied: e.denied, error: e.error, redirected: e.redirected, other: 0 });
      expect([d.traces, d.turns, d.firstSeen, d.lastSeen]).toEqual([e.traces, e.turns, e.first, e.last]);
      const processes = plain<{ p: string; n: number }>(
        a4,
        'SELECT process_name AS p, COUNT(*) AS n FROM net_events WHERE domain = ? AND port = ? GROUP BY p ORDER BY n DESC, p',
        d.domain,
        d.port,
      );
      expect(d.processes?.items).toEqual(processes.map((p) => ({ name: p.p, count: p.n })));
      const ips = plain<{ ip: string }>(
        a4,
        'SELECT DISTINCT answer_ip AS ip FROM dns_events WHERE lower(qname) = lower(?) ORDER BY ip',
        d.domain,
      );
      expect([...(d.addresses?.items ?? [])].sort()).toEqual(ips.map((r) => r.ip));
      expect(d.exampleTraces!.length).toBe(Math.min(3, d.traces!));
    });
    const sums = plain<{ n: number; sent: number; received: number }>(
      a4,
      'SELECT COUNT(*) AS n, SUM(bytes_sent) AS sent, SUM(bytes_received) AS received FROM net_events',
    )[0]!;
    expect(report.totals).toEqual({ requests: sums.n, bytesSent: sums.sent, bytesReceived: sums.received });
  });

  it('agrees with the writer’s ledger_counters net totals', async () => {
    const e = await open(a4.sessionDir);
    const net = ledgerCounters(e.db, [])!.net;
    const report = egressReport(e.db);
    const sum = (f: (d: (typeof report.destinations)[number]) => number): number => report.destinations.reduce((n, d) => n + f(d), 0);
    expect(report.totals.requests).toBe(Number(net.total));
    expect(report.totals.bytesSent).toBe(Number(net.bytesSent));
    expect(report.totals.bytesReceived).toBe(Number(net.bytesReceived));
    expect(sum((d) => d.decisions!.allowed)).toBe(Number(net.allowed));
    expect(sum((d) => d.decisions!.denied)).toBe(Number(net.denied));
    expect(sum((d) => d.decisions!.error)).toBe(Number(net.error));
  });

  it('a credential used on a host that is not its provider’s stands out; its own provider’s host does not', async () => {
    const report = egressReport((await open(a4.sessionDir)).db);
    const byDomain = new Map(report.destinations.map((d) => [d.domain, d]));
    // The writer substitutes one credential, recorded with provider anthropic, into every provider's calls.
    const anthropic = byDomain.get('api.anthropic.com')!;
    expect(anthropic.credentialElsewhere).toBe(false);
    expect(anthropic.credentials!.map((c) => [c.provider, c.verdict])).toEqual([['anthropic', 'own-provider']]);
    const openai = byDomain.get('api.openai.com')!;
    expect(openai.credentialElsewhere).toBe(true);
    expect(openai.credentials![0]).toMatchObject({ provider: 'anthropic', verdict: 'elsewhere' });
    const refs = plain<{ n: number }>(
      a4,
      "SELECT COUNT(*) AS n FROM net_events WHERE domain = 'api.openai.com' AND credential_ref IS NOT NULL",
    );
    expect(openai.credentials![0]!.requests).toBe(refs[0]!.n);
    // Requests without a credential_ref have no credentials to judge.
    expect(byDomain.get('pypi.org')!.credentials).toEqual([]);
  });

  it('says the provider is unknown when the ledger does not name one, rather than guessing', async () => {
    const dir = join(root, 'unnamed');
    const l = await writeLedger(dir, { generation: 'A4', sessionId: 'egress-unnamed', journalMode: 'delete' });
    const db = new Database(l.dbPath);
    db.exec('DELETE FROM substitution_events');
    db.close();
    const report = egressReport((await open(l.sessionDir)).db);
    const openai = report.destinations.find((d) => d.domain === 'api.openai.com')!;
    expect(openai.credentialElsewhere).toBe(false);
    expect(openai.credentials![0]).toMatchObject({ provider: null, verdict: 'unknown', why: 'the ledger names no provider for it' });
  });

  it('reads the provider from ledger_counters too, and calls two different providers unknown', async () => {
    const l = await writeLedger(join(root, 'counted'), { generation: 'A4', sessionId: 'egress-counted', journalMode: 'delete' });
    const db = new Database(l.dbPath);
    const ref = (db.prepare('SELECT credential_ref AS r FROM net_events WHERE credential_ref IS NOT NULL LIMIT 1').get() as { r: string })
      .r;
    const counters = decode((db.prepare('SELECT counters FROM ledger_counters').get() as { counters: Uint8Array }).counters) as Record<
      string,
      unknown
    >;
    const credentials = {
      [ref]: { provider: 'openai', substitutions: 2, injected_substitutions: 0, observations: 0, injections: 2, last_seen_unix_ms: 1 },
    };
    db.prepare('UPDATE ledger_counters SET counters = ?').run(encode({ ...counters, credentials }));
    db.close();
    const both = egressReport((await open(l.sessionDir)).db).destinations.find((d) => d.domain === 'api.openai.com')!;
    expect(both.credentials![0]).toMatchObject({
      provider: null,
      verdict: 'unknown',
      why: 'the ledger names several providers for it (anthropic, openai)',
    });
    expect(both.credentialElsewhere).toBe(false);
    const again = new Database(l.dbPath);
    again.exec('DELETE FROM substitution_events');
    again.close();
    const byDomain = new Map(egressReport((await open(l.sessionDir)).db).destinations.map((d) => [d.domain, d]));
    expect(byDomain.get('api.openai.com')!.credentials![0]).toMatchObject({ provider: 'openai', verdict: 'own-provider' });
    expect(byDomain.get('api.anthropic.com')!.credentialElsewhere).toBe(true);
  });

  it('hostile byte counts past 2^63 are summed as floats, never an overflow', async () => {
    const dir = join(root, 'hostile');
    const l = await writeLedger(dir, { generation: 'A4', sessionId: 'egress-hostile', journalMode: 'delete' });
    const db = new Database(l.dbPath);
    db.exec(`INSERT INTO net_events (event_id, timestamp, domain, port, decision, bytes_sent, bytes_received)
      VALUES ('aaaaaaaaaaaa', '2026-01-01T00:00:00Z', 'huge.example', 443, 'allowed', 9223372036854775807, 1),
             ('bbbbbbbbbbbb', '2026-01-01T00:00:01Z', 'huge.example', 443, 'weird', 9223372036854775807, 2)`);
    db.close();
    const huge = egressReport((await open(l.sessionDir)).db).destinations.find((d) => d.domain === 'huge.example')!;
    expect(huge.bytesSent).toBe(2 * 9223372036854775807);
    expect(huge.decisions).toEqual({ allowed: 1, denied: 0, error: 0, redirected: 0, other: 1 });
  });
});

describe('egressReport on an older generation', () => {
  it('names the missing columns and table, leaves their fields null and the rest equal to plain SQL', async () => {
    const report = egressReport((await open(a2.sessionDir)).db);
    expect(report.missing).toEqual(['net_events.credential_ref', 'net_events.trace_id', 'net_events.turn_id', 'dns_events']);
    const expected = plain<{ domain: string; requests: number; sent: number }>(
      a2,
      'SELECT domain, COUNT(*) AS requests, SUM(bytes_sent) AS sent FROM net_events GROUP BY domain, port ORDER BY requests DESC, domain',
    );
    expect(report.destinations.map((d) => [d.domain, d.requests, d.bytesSent])).toEqual(
      expected.map((e) => [e.domain, e.requests, e.sent]),
    );
    for (const d of report.destinations) {
      expect([d.credentials, d.traces, d.turns, d.exampleTraces, d.addresses]).toEqual([null, null, null, null, null]);
      expect(d.credentialElsewhere).toBe(false);
      expect(d.processes).not.toBeNull();
    }
  });
});
