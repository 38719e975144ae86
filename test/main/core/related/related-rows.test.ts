// Related rows of known rows of the fixture writer's session (3 traces × 2 turns; see content.ts): model call 3
// (trace 1) emitted tool call 4 and carried back responses 2 and 3 of trace 0; tool call 2 (trace 0) was answered by
// response 2, consumed by model call 3 of trace 1; tool call 7 is never answered; response 5 has no call. Every
// expected set is read here with plain SQL, never through the code under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedOf } from '../../../../src/main/core/related/related-row.js';
import { callTarget, turnRows } from '../../../../src/main/core/related/turn-rows.js';
import type { RelatedSet } from '../../../../src/shared/contract/related.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'related-test-'));
let fx: OpenedFixture;
let moved: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { report: false });
  // Unmatched and cross-trace cases: model call 1 loses its HTTP row; response 4 moves to trace 2, so its call
  // (tool call 4, trace 1) is found only in another trace.
  moved = await openFixture(root, 'moved', {
    report: false,
    mutate: (db) => {
      db.prepare("DELETE FROM net_events WHERE id = (SELECT MIN(id) FROM net_events WHERE domain = 'api.anthropic.com')").run();
      db.prepare('UPDATE tool_responses SET trace_id = (SELECT trace_id FROM model_calls WHERE id = 5) WHERE id = 4').run();
    },
  });
});
afterAll(() => {
  fx?.close();
  moved?.close();
  rmSync(root, { recursive: true, force: true });
});

const ids = (s: RelatedSet, kind: string): string[] =>
  s.groups.filter((g) => g.kind === kind).flatMap((g) => g.rows.map((r) => `${r.table}#${r.rowid}${r.crossTrace ? '×' : ''}`));
const kinds = (s: RelatedSet): string[] => s.findings.map((f) => f.kind).sort();
const col = <T>(f: OpenedFixture, sql: string, ...p: unknown[]): T => Object.values(rowsOf<Record<string, T>>(f, sql, ...p)[0]!)[0]!;

describe('related rows of a model call', () => {
  it('model call 3: its items in order, the call it emitted, the responses it carried back (from trace 0), its HTTP row by every evidence', () => {
    const s = relatedOf(fx.evidence.db, 'model_calls', 3);
    const items = rowsOf<{ id: number }>(fx, 'SELECT id FROM model_items WHERE model_call_id = 3 ORDER BY item_index, id').map(
      (r) => `model_items#${r.id}`,
    );
    expect(items.length).toBeGreaterThan(2);
    expect(ids(s, 'model_items')).toEqual(items);
    expect(ids(s, 'tool_calls')).toEqual(['tool_calls#4']);
    expect(ids(s, 'tool_responses')).toEqual(['tool_responses#2×', 'tool_responses#3×']);
    const net = col<number>(
      fx,
      "SELECT n.id FROM net_events n JOIN event_body_blobs a ON a.event_id = n.event_id AND a.source_table = 'net_events' AND a.direction = 'request' JOIN event_body_blobs b ON b.body_hash = a.body_hash AND b.source_table = 'model_calls' JOIN model_calls m ON m.event_id = b.event_id WHERE m.id = 3",
    );
    expect(ids(s, 'http')).toEqual([`net_events#${net}`]);
    expect([...s.netMatch!.matched].sort()).toEqual(['host', 'method', 'path', 'request_body_hash', 'response_body_hash', 'time', 'trace']);
    expect(s.netMatch!.ties).toEqual([]);
    expect(kinds(s)).toEqual(['cross_trace_response', 'cross_trace_response']);
    expect(s.bodies.map((b) => `${b.sourceTable}/${b.direction}`)).toEqual(['model_calls/request', 'model_calls/response']);
    expect([s.traceId, s.turnId, s.modelCallId]).toEqual([
      col(fx, 'SELECT trace_id FROM model_calls WHERE id = 3'),
      col(fx, 'SELECT turn_id FROM model_calls WHERE id = 3'),
      3,
    ]);
  });

  it('a model call whose HTTP row is gone says that none matched, and how many rows it looked at', () => {
    const s = relatedOf(moved.evidence.db, 'model_calls', 1);
    expect(ids(s, 'http')).toEqual([]);
    expect(s.netMatch!.row).toBeNull();
    expect(s.netMatch!.candidates).toBeGreaterThan(0);
    expect(kinds(s)).toContain('no_http_exchange');
  });

  it('the net row that carried a model call leads back to it', () => {
    const net = col<number>(fx, "SELECT MIN(id) FROM net_events WHERE domain = 'api.openai.com'");
    const s = relatedOf(fx.evidence.db, 'net_events', net);
    const mc = col<number>(fx, "SELECT MIN(id) FROM model_calls WHERE provider = 'openai'");
    expect(ids(s, 'http')).toEqual([`model_calls#${mc}`]);
    expect(s.modelCallId).toBe(mc);
    // Other traffic (npm) carried no model call, and that is no finding.
    const npm = relatedOf(fx.evidence.db, 'net_events', col<number>(fx, "SELECT id FROM net_events WHERE domain = 'registry.npmjs.org'"));
    expect(ids(npm, 'http')).toEqual([]);
    expect(npm.findings).toEqual([]);
  });
});

describe('related rows of tool calls and responses', () => {
  it('tool call 2: emitted by model call 2, answered by response 2, consumed by model call 3 of another trace', () => {
    const s = relatedOf(fx.evidence.db, 'tool_calls', 2);
    expect(ids(s, 'model_call')).toEqual(['model_calls#2']);
    expect(ids(s, 'tool_responses')).toEqual(['tool_responses#2']);
    expect(ids(s, 'consumers')).toEqual(['model_calls#3×']);
    expect(ids(s, 'mcp')).toEqual([]);
    // A consumer in another trace is shown as crossing; the ledger allows it, so it is no finding.
    expect(kinds(s)).toEqual([]);
    const ev = col<string>(fx, 'SELECT event_id FROM tool_calls WHERE id = 2');
    expect(s.bodies.map((b) => b.eventId)).toEqual(
      rowsOf<{ e: string }>(fx, 'SELECT event_id AS e FROM event_body_blobs WHERE event_id = ?', ev).map((r) => r.e),
    );
  });

  it('tool call 7 was never answered; response 5 has no call and was consumed in another trace', () => {
    const c = relatedOf(fx.evidence.db, 'tool_calls', 7);
    expect(ids(c, 'tool_responses')).toEqual([]);
    expect(kinds(c)).toEqual(['call_without_response']);
    const r = relatedOf(fx.evidence.db, 'tool_responses', 5);
    expect(ids(r, 'tool_calls')).toEqual([]);
    expect(ids(r, 'model_call')).toEqual(['model_calls#1×']);
    expect(kinds(r)).toEqual(['response_without_call']);
  });

  it('the MCP response 3 brings its call 3 and the result body archived under that call', () => {
    const s = relatedOf(fx.evidence.db, 'tool_responses', 3);
    expect(ids(s, 'tool_calls')).toEqual(['tool_calls#3']);
    expect(ids(s, 'model_call')).toEqual(['model_calls#3×']);
    const ev = col<string>(fx, 'SELECT event_id FROM tool_calls WHERE id = 3');
    expect(s.bodies.map((b) => `${b.eventId}/${b.sourceTable}/${b.direction}`)).toEqual([`${ev}/tool_calls/response`]);
  });

  it('a call_id found only in another trace is a finding on both sides', () => {
    const r = relatedOf(moved.evidence.db, 'tool_responses', 4);
    expect(ids(r, 'tool_calls')).toEqual(['tool_calls#4×']);
    expect(kinds(r)).toEqual(['cross_trace_call']);
    const c = relatedOf(moved.evidence.db, 'tool_calls', 4);
    expect(ids(c, 'tool_responses')).toEqual(['tool_responses#4×']);
    expect(kinds(c)).toEqual(['call_without_response', 'cross_trace_response']);
  });

  it('a call_id resolves to its logical call, preferring the given trace', () => {
    const callId = col<string>(fx, 'SELECT call_id FROM tool_calls WHERE id = 4');
    expect(callTarget(fx.evidence.db, callId, null).row?.rowid).toBe(4);
    expect(callTarget(fx.evidence.db, 'no-such-call', null)).toEqual({ row: null, others: [] });
  });
});

describe('related rows of event rows and turns', () => {
  it('a security rule row brings its decision and ask (same event_id) and its payload body', () => {
    const s = relatedOf(fx.evidence.db, 'security_rule_events', 1);
    expect(ids(s, 'security')).toEqual(['security_decision_events#1', 'security_ask_events#1']);
    expect(s.bodies.map((b) => `${b.sourceTable}/${b.direction}`)).toEqual([
      'security_ask_events/payload',
      'security_decision_events/payload',
      'security_rule_events/payload',
    ]);
  });

  it("a turn's rows: its model call, its tool calls and exactly the file and network rows of that turn", () => {
    const [trace, turn] = Object.values(rowsOf<Record<string, string>>(fx, 'SELECT trace_id, turn_id FROM model_calls WHERE id = 2')[0]!);
    const t = turnRows(fx.evidence.db, trace!, turn!);
    const rows = (title: string): number[] =>
      t.groups
        .find((g) => g.title === title)!
        .rows.map((r) => r.rowid)
        .sort((a, b) => a - b);
    const expected = (table: string): number[] =>
      rowsOf<{ id: number }>(fx, `SELECT id FROM ${table} WHERE trace_id = ? AND turn_id = ? ORDER BY id`, trace, turn).map((r) => r.id);
    expect(rows('Model calls')).toEqual([2]);
    expect(rows('Tool calls')).toEqual([2, 3]);
    expect(expected('fs_events').length).toBeGreaterThan(1);
    expect(rows('File events')).toEqual(expected('fs_events'));
    expect(rows('Network events')).toEqual(expected('net_events'));
    expect(rows('DNS events')).toEqual(expected('dns_events'));
    expect(() => turnRows(fx.evidence.db, trace!, 'turn-none')).toThrow(/carries turn_id/);
  });

  it('every query on a large table searches an index', () => {
    const db = fx.evidence.db;
    const seen: string[] = [];
    const prepare = db.prepare.bind(db);
    (db as { prepare: typeof db.prepare }).prepare = ((sql: string) => {
      seen.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    try {
      relatedOf(db, 'model_calls', 3);
      relatedOf(db, 'net_events', 1);
      relatedOf(db, 'tool_calls', 2);
      const [trace, turn] = Object.values(rowsOf<Record<string, string>>(fx, 'SELECT trace_id, turn_id FROM model_calls WHERE id = 2')[0]!);
      turnRows(db, trace!, turn!);
    } finally {
      (db as { prepare: typeof db.prepare }).prepare = prepare;
    }
    const big = ['net_events', 'fs_events', 'model_items', 'model_calls', 'event_body_blobs'];
    const scans = [...new Set(seen)].flatMap((sql) => {
      const n = (sql.match(/\?/g) ?? []).length;
      const plan = prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from({ length: n }, () => null)) as { detail: string }[];
      return plan
        .map((p) => p.detail)
        .filter((d) => big.some((t) => new RegExp(`^SCAN ${t}\\b`).test(d) && !/COVERING INDEX/.test(d)))
        .map((d) => `${d} ← ${sql}`);
    });
    expect(scans).toEqual([]);
  });
});
