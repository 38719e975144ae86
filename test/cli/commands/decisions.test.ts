// capsem-inspect decisions: the JSON document and the text per rule, an event's chain as text and JSON, an older
// generation's missing tables named, usage and cannot-open exits, an unknown event id, no write to the evidence.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/decisions.js';
import { plantDecisions } from '../../main/core/decisions/plant-decisions.js';

const root = mkdtempSync(join(tmpdir(), 'cli-decisions-'));
let a4: WrittenLedger;
let older: WrittenLedger;
let eventId: string;

beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'decisions-a4', journalMode: 'delete' });
  eventId = plantDecisions(a4.dbPath, a4.expected.securityEventIds[0]!).deniedEventId;
  older = await writeLedger(join(root, 'older'), { generation: 'A2-zstd', sessionId: 'decisions-older', journalMode: 'delete' });
  const db = new Database(older.dbPath);
  db.exec('DROP TABLE security_ask_events; DROP TABLE security_decision_events; DROP TABLE security_rule_events;');
  db.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('capsem-inspect decisions', () => {
  it('--json: one document, exit 0, groups by rule with their counts and events', async () => {
    const io = captureIo();
    expect(await run([a4.sessionDir, '--json'], io)).toBe(0);
    expect(io.err).toBe('');
    const j = JSON.parse(io.out);
    expect(j.session).toEqual({ id: 'decisions-a4', dir: a4.sessionDir });
    expect(j.generation).toBe('A4');
    expect(j.missing).toEqual([]);
    expect(j.groups.map((g: { rule: string | null }) => g.rule)).toEqual(['block-aws-keys', 'deny-paste-sites', null]);
    expect(j.total).toBe(7);
    expect(j.groups[0].counts).toEqual([
      { action: 'ask', count: 1 },
      { action: 'ask denied', count: 1 },
      { action: 'denied', count: 1 },
    ]);
  });

  it('text: each rule with its counts and an aligned table of its events, nothing written beside the evidence', async () => {
    const before = readdirSync(a4.sessionDir).sort();
    const io = captureIo();
    expect(await run([a4.sessionDir], io)).toBe(0);
    expect(io.out).toContain('7 denied, asked or redirected events, 3 rule groups');
    expect(io.out).toMatch(/^ {2}block-aws-keys {2}3 events: ask 1, ask denied 1, denied 1$/m);
    expect(io.out).toMatch(/^ {2}\(no rule recorded\) {2}2 events: ask \(allowed\) 1, denied 1$/m);
    expect(io.out).toMatch(/^ {4}TIME +TABLE +EVENT_ID +ACTION +WHAT +WHY$/m);
    expect(io.out).toMatch(/net_events +[0-9a-f]{12} +denied +POST paste\.example\.net\/upload +policy enforce\/block, "denied by user"/);
    expect(io.out).toMatch(
      /security_decision_events +abcdefabcdef +block +dns\.query +stage postprocess by plugin, allow -> block -> block/,
    );
    expect(io.out).not.toContain('\u001b[');
    expect(readdirSync(a4.sessionDir).sort()).toEqual(before);
  });

  it('--event: the chain in order as text and as JSON, payloads named with their size', async () => {
    const text = captureIo();
    expect(await run([a4.sessionDir, '--event', eventId], text)).toBe(0);
    expect(text.out).toContain(`event ${eventId}: 5 rows`);
    const heads = [...text.out.matchAll(/^ {2}\d+\. (\S+) #\d+/gm)].map((m) => m[1]);
    expect(heads).toEqual([
      'security_rule_events',
      'net_events',
      'security_decision_events',
      'security_ask_events',
      'security_rule_events',
    ]);
    expect(text.out).toMatch(/^ {5}decision +allow -> ask -> ask$/m);
    expect(text.out).toMatch(
      new RegExp(
        `^ {5}body payload +archived \\(\\d+ bytes, application/vnd\\.capsem\\.security\\+msgpack\\): body <path> ${eventId} security_ask_events payload$`,
        'm',
      ),
    );
    expect(text.out).toContain('body payload         archived for every security_rule_events row of this event (');
    const json = captureIo();
    expect(await run([a4.sessionDir, '--event', eventId, '--json'], json)).toBe(0);
    const j = JSON.parse(json.out);
    expect(j.eventId).toBe(eventId);
    expect(j.entries.map((e: { table: string }) => e.table)).toEqual(heads);
  });

  it('an older generation: the tables it lacks are named, exit 0', async () => {
    const io = captureIo();
    expect(await run([older.sessionDir], io)).toBe(0);
    expect(io.out).toContain(
      'Not recorded by this ledger (their events are not shown, a missing column is -): security_decision_events, security_ask_events',
    );
    const json = captureIo();
    expect(await run([older.sessionDir, '--json'], json)).toBe(0);
    expect(JSON.parse(json.out).missing).toEqual(['security_decision_events', 'security_ask_events']);
  });

  it('hostile ledger text is escaped and an impossible time is shown as written', async () => {
    const l = await writeLedger(join(root, 'hostile'), { generation: 'A4', sessionId: 'decisions-hostile', journalMode: 'delete' });
    const db = new Database(l.dbPath);
    db.prepare(
      `INSERT INTO net_events (event_id, timestamp, domain, port, decision, policy_rule, policy_reason)
        VALUES ('aaaaaaaaaaaa', '2026-03-02T16:00:00.000000Z', ?, 443, 'denied', ?, ?)`,
    ).run('evil\u202emoc.example', 'rule\u001b[2J', 'reason\u001b]52;c;aGk=\u0007');
    db.exec(`INSERT INTO security_ask_events (timestamp_unix_ms, ask_id, event_id, event_type, rule_id, status)
      VALUES (9223372036854775807, 'bbbbbbbbbbbb', 'aaaaaaaaaaaa', 'http.request', 'x', 'pending')`);
    db.close();
    const io = captureIo();
    expect(await run([l.sessionDir], io)).toBe(0);
    expect(io.out).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(io.out).toContain('evil\\u202emoc.example');
    expect(io.out).toContain('rule\\u001b[2J');
    expect(io.out).toContain('timestamp_unix_ms 9223372036854775807');
    const chain = captureIo();
    expect(await run([l.sessionDir, '--event', 'aaaaaaaaaaaa'], chain)).toBe(0);
    expect(chain.out).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(chain.out).toContain('timestamp_unix_ms 9223372036854775807');
  });

  it('usage errors exit 2, an unopenable path exits 2, an unknown event id exits 1', async () => {
    const none = captureIo();
    expect(await run([], none)).toBe(2);
    expect(none.err).toMatch(/^capsem-inspect decisions: the ledger path is required[^\n]*\nusage: capsem-inspect decisions <path>/);
    const bare = captureIo();
    expect(await run([a4.sessionDir, '--event'], bare)).toBe(2);
    expect(bare.err).toContain('--event needs an event id');
    const unknown = captureIo();
    expect(await run([a4.sessionDir, '--bogus'], unknown)).toBe(2);
    expect(unknown.err).toContain('unknown option --bogus');
    const help = captureIo();
    expect(await run(['--help'], help)).toBe(0);
    expect(help.out).toMatch(/^usage: capsem-inspect decisions/);
    const missing = captureIo();
    expect(await run([join(root, 'nowhere')], missing)).toBe(2);
    expect(missing.err).toMatch(/^capsem-inspect decisions: cannot open .*nowhere \(/);
    const absent = captureIo();
    expect(await run([a4.sessionDir, '--event', 'ffffffffffff'], absent)).toBe(1);
    expect(absent.err).toBe('capsem-inspect decisions: no row of this ledger carries event id ffffffffffff\n');
  });
});
