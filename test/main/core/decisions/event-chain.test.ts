// The chain of one event: the writer's denied request with its rule match, decision and ask (and a rule match
// planted as a run reference), in time order, each security row's archived payload named with its size; an
// unknown id gives no rows; an older shape names what it lacks.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { eventChain } from '../../../../src/main/core/decisions/event-chain.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { PlantedDecisions } from './plant-decisions.js';
import { plantDecisions } from './plant-decisions.js';

const root = mkdtempSync(join(tmpdir(), 'event-chain-'));
let a4: WrittenLedger;
let planted: PlantedDecisions;
let older: WrittenLedger;
const opened: Evidence[] = [];

async function open(dir: string): Promise<Evidence> {
  const r = await openEvidence([dir]);
  if (!r.ok) throw new Error(r.error.message);
  opened.push(r.value);
  return r.value;
}

beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'chain-a4', journalMode: 'delete' });
  planted = plantDecisions(a4.dbPath, a4.expected.securityEventIds[0]!);
  older = await writeLedger(join(root, 'older'), { generation: 'A2-zstd', sessionId: 'chain-older', journalMode: 'delete' });
  const db = new Database(older.dbPath);
  db.exec('DROP TABLE security_ask_events; DROP TABLE security_decision_events; DROP TABLE security_rule_events; DROP TABLE dns_events;');
  db.close();
});
afterAll(() => {
  for (const e of opened) e.close();
  rmSync(root, { recursive: true, force: true });
});

describe('eventChain', () => {
  it('lists the denied request’s rows in time order, with the rule json and the transition', async () => {
    const before = readdirSync(a4.sessionDir).sort();
    const chain = eventChain((await open(a4.sessionDir)).db, planted.deniedEventId);
    expect(chain.missing).toEqual([]);
    // The writer stamps the request 91 µs after the rule match and before the decision; the run-referenced match last.
    expect(chain.entries.map((e) => e.table)).toEqual([
      'security_rule_events',
      'net_events',
      'security_decision_events',
      'security_ask_events',
      'security_rule_events',
    ]);
    const times = chain.entries.map((e) => e.time!);
    expect(times).toEqual([...times].sort());
    const [rule, net, decision, ask, fromRun] = chain.entries;
    expect(rule!.fields).toMatchObject({ rule_id: 'block-aws-keys', rule_action: 'ask', detection_level: 'high', run_id: null });
    expect(JSON.parse(String(rule!.fields.rule_json))).toMatchObject({ id: 'block-aws-keys' });
    expect(fromRun!.fields.rule_json).toBe(planted.ruleJsonFromRun);
    expect(decision!.fields).toMatchObject({
      stage: 'rule',
      actor: 'policy',
      previous_decision: 'allow',
      requested_decision: 'ask',
      effective_decision: 'ask',
    });
    expect(ask!.fields).toMatchObject({ status: 'denied', resolver: 'user', reason: 'denied in UI' });
    expect(net!.fields).toMatchObject({
      method: 'POST',
      domain: 'paste.example.net',
      decision: 'denied',
      policy_mode: 'enforce',
      policy_action: 'block',
      policy_rule: 'block-aws-keys',
      policy_reason: 'denied by user',
    });
    expect(readdirSync(a4.sessionDir).sort()).toEqual(before);
  });

  it('names each security row’s archived payload with the size its index row records', async () => {
    const chain = eventChain((await open(a4.sessionDir)).db, planted.deniedEventId);
    const db = new Database(a4.dbPath, { readonly: true });
    const sizes = db
      .prepare("SELECT source_table AS t, original_bytes AS n FROM event_body_blobs WHERE event_id = ? AND direction = 'payload'")
      .all(planted.deniedEventId) as { t: string; n: number }[];
    db.close();
    expect(sizes.length).toBe(3);
    for (const s of sizes) {
      for (const e of chain.entries.filter((x) => x.table === s.t)) {
        expect(e.bodies).toEqual([
          expect.objectContaining({ direction: 'payload', originalBytes: s.n, contentType: 'application/vnd.capsem.security+msgpack' }),
        ]);
      }
    }
    expect(chain.entries.find((e) => e.table === 'net_events')!.bodies).toEqual([]);
    // Two rule matches share the event: the one payload of security_rule_events is theirs together.
    expect(chain.entries.map((e) => e.bodiesShared)).toEqual([true, false, false, false, true]);
  });

  it('a decision written as a run reference shows its run’s fields', async () => {
    const chain = eventChain((await open(a4.sessionDir)).db, planted.runDecisionEventId);
    // The planted DNS row is stamped later than the decision, so it follows it.
    expect(chain.entries.map((e) => e.table)).toEqual(['security_decision_events', 'dns_events']);
    expect(chain.entries[0]!.fields).toMatchObject({
      stage: 'postprocess',
      plugin_id: 'paste-guard',
      effective_decision: 'block',
      reason: 'paste site',
    });
  });

  it('an id no row carries gives an empty chain', async () => {
    expect(eventChain((await open(a4.sessionDir)).db, 'ffffffffffff').entries).toEqual([]);
  });

  it('an older shape names the tables it lacks and still shows the event row', async () => {
    const e = await open(older.sessionDir);
    const id = (e.db.prepare("SELECT event_id FROM net_events WHERE decision = 'denied' LIMIT 1").get() as { event_id: string }).event_id;
    const chain = eventChain(e.db, id);
    expect(chain.missing).toEqual(['security_rule_events', 'security_decision_events', 'security_ask_events', 'dns_events']);
    expect(chain.entries.map((x) => x.table)).toEqual(['net_events']);
  });
});
