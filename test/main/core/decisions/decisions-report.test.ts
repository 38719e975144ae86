// The decisions report against plain SQL over the same rows, on an A4 ledger with planted denied, asked and
// redirected rows, and on an older shape without the security tables, dns_events and the policy columns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { decisionsReport } from '../../../../src/main/core/decisions/decisions-report.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { plantDecisions } from './plant-decisions.js';

const root = mkdtempSync(join(tmpdir(), 'decisions-'));
let a4: WrittenLedger;
let older: WrittenLedger;
const opened: Evidence[] = [];

async function open(dir: string): Promise<Evidence> {
  const r = await openEvidence([dir]);
  if (!r.ok) throw new Error(r.error.message);
  opened.push(r.value);
  return r.value;
}

function plain<T>(ledger: WrittenLedger, sql: string): T[] {
  const db = new Database(ledger.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const POLICY_DENY_OR_ASK = `lower(policy_action) IN ('deny', 'denied', 'block', 'blocked', 'ask')`;
/** Rule and action of every denied, asked or redirected row, written out table by table. */
const EVERY_DECISION = `
  SELECT COALESCE(NULLIF(policy_rule, ''), NULLIF(matched_rule, '')) AS rule,
    CASE WHEN decision IN ('denied', 'redirected') THEN decision ELSE policy_action || ' (' || decision || ')' END AS action
    FROM net_events WHERE decision IN ('denied', 'redirected') OR ${POLICY_DENY_OR_ASK}
  UNION ALL SELECT COALESCE(NULLIF(policy_rule, ''), NULLIF(matched_rule, '')),
    CASE WHEN decision = 'denied' THEN decision ELSE policy_action || ' (' || decision || ')' END
    FROM dns_events WHERE decision = 'denied' OR ${POLICY_DENY_OR_ASK}
  UNION ALL SELECT NULLIF(policy_rule, ''),
    CASE WHEN decision <> 'allowed' THEN decision ELSE policy_action || ' (' || decision || ')' END
    FROM tool_calls WHERE decision <> 'allowed' OR ${POLICY_DENY_OR_ASK}
  UNION ALL SELECT COALESCE(e.rule_id, r.rule_id), COALESCE(e.effective_decision, r.effective_decision)
    FROM security_decision_events e LEFT JOIN security_decision_runs r ON r.id = e.run_id
    WHERE COALESCE(e.effective_decision, r.effective_decision) IN ('block', 'ask')
  UNION ALL SELECT rule_id, 'ask ' || status FROM security_ask_events`;

beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'decisions-a4', journalMode: 'delete' });
  plantDecisions(a4.dbPath, a4.expected.securityEventIds[0]!);
  older = await writeLedger(join(root, 'older'), { generation: 'A2-zstd', sessionId: 'decisions-older', journalMode: 'delete' });
  // The shape of a ledger written before the security tables and the policy columns (docs/formats/ledger-format.md).
  const db = new Database(older.dbPath);
  db.exec(`DROP TABLE security_ask_events; DROP TABLE security_decision_events; DROP TABLE security_rule_events;
    DROP TABLE dns_events;
    ALTER TABLE net_events DROP COLUMN policy_mode; ALTER TABLE net_events DROP COLUMN policy_action;
    ALTER TABLE net_events DROP COLUMN policy_rule; ALTER TABLE net_events DROP COLUMN policy_reason;`);
  db.close();
});
afterAll(() => {
  for (const e of opened) e.close();
  rmSync(root, { recursive: true, force: true });
});

describe('decisionsReport on an A4 ledger', () => {
  it('counts per rule and action equal plain SQL over the rows', async () => {
    const report = decisionsReport((await open(a4.sessionDir)).db);
    expect(report.missing).toEqual([]);
    const expected = plain<{ rule: string | null; action: string; n: number }>(
      a4,
      `SELECT rule, action, COUNT(*) AS n FROM (${EVERY_DECISION}) GROUP BY 1, 2`,
    );
    const got = report.groups.flatMap((g) => g.counts.map((c) => ({ rule: g.rule, action: c.action, n: c.count })));
    const order = (a: { rule: string | null; action: string }, b: typeof a): number =>
      `${a.rule}\u0000${a.action}` < `${b.rule}\u0000${b.action}` ? -1 : 1;
    expect(got.sort(order)).toEqual(expected.sort(order));
    expect(report.total).toBe(expected.reduce((n, e) => n + e.n, 0));
    for (const g of report.groups) expect(g.total).toBe(g.counts.reduce((n, c) => n + c.count, 0));
  });

  it('groups by rule, runs included, with "no rule recorded" last', async () => {
    const report = decisionsReport((await open(a4.sessionDir)).db);
    const counts = Object.fromEntries(
      report.groups.map((g) => [g.rule ?? '(none)', Object.fromEntries(g.counts.map((c) => [c.action, c.count]))]),
    );
    expect(counts).toEqual({
      'block-aws-keys': { denied: 1, ask: 1, 'ask denied': 1 },
      'deny-paste-sites': { block: 1, denied: 1 },
      '(none)': { denied: 1, 'ask (allowed)': 1 },
    });
    expect(report.groups.at(-1)!.rule).toBeNull();
    const paste = report.groups.find((g) => g.rule === 'deny-paste-sites')!;
    // The decision written as a run reference takes stage, actor, transition and reason from its run.
    expect(paste.events.find((e) => e.table === 'security_decision_events')).toMatchObject({
      eventId: 'abcdefabcdef',
      stage: 'postprocess',
      actor: 'plugin',
      previous: 'allow',
      requested: 'block',
      action: 'block',
      reason: 'paste site',
    });
    const asked = report.groups.at(-1)!.events.find((e) => e.table === 'net_events')!;
    expect(asked).toMatchObject({ what: 'PUT uploads.example.org:8443/f', action: 'ask (allowed)', policyAction: 'ask' });
  });

  it('lists each group’s events in time order, every one of them under the cap', async () => {
    const report = decisionsReport((await open(a4.sessionDir)).db);
    for (const g of report.groups) {
      expect(g.events.length).toBe(g.total);
      expect(g.more).toBe(0);
      const times = g.events.map((e) => e.time!);
      expect(times).toEqual([...times].sort());
    }
    const aws = report.groups.find((g) => g.rule === 'block-aws-keys')!;
    expect(aws.events.map((e) => e.table)).toEqual(['net_events', 'security_decision_events', 'security_ask_events']);
    expect(aws.events[0]).toMatchObject({ what: 'POST paste.example.net/upload', policyMode: 'enforce', policyReason: 'denied by user' });
    expect(aws.events[2]).toMatchObject({ resolver: 'user', reason: 'denied in UI' });
  });
});

describe('decisionsReport on an older shape', () => {
  it('names the tables and columns it lacks and still lists the denied requests from their decision', async () => {
    const report = decisionsReport((await open(older.sessionDir)).db);
    expect(report.missing).toEqual([
      'net_events.policy_mode',
      'net_events.policy_action',
      'net_events.policy_rule',
      'net_events.policy_reason',
      'dns_events',
      'security_decision_events',
      'security_ask_events',
    ]);
    const denied = plain<{ rule: string | null; n: number }>(
      older,
      "SELECT NULLIF(matched_rule, '') AS rule, COUNT(*) AS n FROM net_events WHERE decision IN ('denied', 'redirected') GROUP BY 1",
    );
    const tools = plain<{ n: number }>(older, "SELECT COUNT(*) AS n FROM tool_calls WHERE decision <> 'allowed'")[0]!.n;
    expect(report.total).toBe(denied.reduce((n, d) => n + d.n, 0) + tools);
    for (const d of denied) expect(report.groups.find((g) => g.rule === d.rule)?.counts).toContainEqual({ action: 'denied', count: d.n });
  });
});
