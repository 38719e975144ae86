// The report's tool invariants have one implementation (check/tool-invariants-sql.ts) that the graph and the
// lifecycles import. On small fixtures of every generation its counts equal the old correlated NOT EXISTS forms
// (kept below as a reference, too slow for large ledgers); on a generated ledger with 20,000+ tool calls the
// report's counts equal an independent count in plain JavaScript. Times are printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTools } from '../../../../src/main/core/check/tools.js';
import * as shared from '../../../../src/main/core/check/tool-invariants-sql.js';
import * as graph from '../../../../src/main/core/traces/invariants-sql.js';
import { lifecycleSummary } from '../../../../src/main/core/lifecycle/summary.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'check-tool-inv-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cols = (db: Database.Database, t: string): Set<string> =>
  new Set((db.prepare('SELECT name FROM pragma_table_info(?)').all(t) as { name: string }[]).map((r) => r.name));
const has = (db: Database.Database, t: string): boolean => cols(db, t).size > 0;
const n = (db: Database.Database, sql: string): number => Number((db.prepare(sql).raw().get() as unknown[])[0]);

/** The report's former correlated forms, verbatim in meaning: the reference the set forms must equal. */
function referenceCounts(db: Database.Database): shared.ToolInvariantCounts {
  const traced = cols(db, 'tool_calls').has('trace_id') && cols(db, 'tool_responses').has('trace_id');
  const same = (a: string, b: string): string => (traced ? ` AND ${a}.trace_id IS ${b}.trace_id` : '');
  const calls = has(db, 'tool_calls') ? n(db, 'SELECT COUNT(*) FROM tool_calls') : 0;
  const responses = has(db, 'tool_responses') ? n(db, 'SELECT COUNT(*) FROM tool_responses') : 0;
  const both = has(db, 'tool_calls') && has(db, 'tool_responses');
  let mcp = 0;
  const tc = cols(db, 'tool_calls');
  if (tc.has('origin') && tc.has('model_call_id')) {
    const dangling = has(db, 'model_calls') ? ' OR NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)' : '';
    mcp += n(db, `SELECT COUNT(*) FROM tool_calls t WHERE t.origin = 'mcp' AND (t.model_call_id IS NULL${dangling})`);
  }
  if (tc.has('origin')) {
    const trace = tc.has('trace_id') ? ' AND l.trace_id IS p.trace_id' : '';
    mcp += n(
      db,
      `SELECT COUNT(*) FROM tool_calls p WHERE p.origin = 'mcp_proxy' AND NOT EXISTS (SELECT 1 FROM tool_calls l WHERE l.origin <> 'mcp_proxy' AND l.call_id = p.call_id${trace})`,
    );
  }
  if (cols(db, 'mcp_calls').has('method')) {
    const linked = tc.has('mcp_call_id');
    mcp += n(
      db,
      "SELECT COUNT(*) FROM mcp_calls m WHERE m.method = 'tools/call'" +
        (linked ? ' AND NOT EXISTS (SELECT 1 FROM tool_calls tc WHERE tc.mcp_call_id = m.id)' : ''),
    );
  }
  return {
    orphanCalls: both
      ? n(
          db,
          `SELECT COUNT(*) FROM tool_calls tc WHERE NOT EXISTS (SELECT 1 FROM tool_responses tr WHERE tr.call_id = tc.call_id${same('tr', 'tc')})`,
        )
      : calls,
    orphanCallsByCallId: both
      ? n(db, 'SELECT COUNT(*) FROM tool_calls tc LEFT JOIN tool_responses tr ON tc.call_id = tr.call_id WHERE tr.id IS NULL')
      : calls,
    orphanResponses: both
      ? n(
          db,
          `SELECT COUNT(*) FROM tool_responses tr WHERE NOT EXISTS (SELECT 1 FROM tool_calls tc WHERE tc.call_id = tr.call_id${same('tc', 'tr')})`,
        )
      : responses,
    mcpWithoutLogicalCall: mcp,
  };
}

const pick = (t: shared.ToolInvariantCounts): shared.ToolInvariantCounts => ({
  orphanCalls: t.orphanCalls,
  orphanCallsByCallId: t.orphanCallsByCallId,
  orphanResponses: t.orphanResponses,
  mcpWithoutLogicalCall: t.mcpWithoutLogicalCall,
});

describe('one implementation of the tool invariants', () => {
  it("the graph re-exports the report's predicates (the same functions, not copies)", () => {
    expect(graph.orphanCallWhere).toBe(shared.orphanCallWhere);
    expect(graph.orphanResponseWhere).toBe(shared.orphanResponseWhere);
    expect(graph.mcpWithoutLogicalCallWhere).toBe(shared.mcpWithoutLogicalCallWhere);
    expect(graph.danglingModelCallWhere).toBe(shared.danglingModelCallWhere);
  });

  const GENERATIONS: GenerationName[] = ['L0', 'A1', 'A2-zstd', 'A3', 'A4'];
  for (const generation of GENERATIONS) {
    it(`${generation}: report, lifecycles and the correlated reference agree`, async () => {
      const fx = await openFixture(root, `gen-${generation}`, { generation, report: false });
      try {
        const db = fx.evidence.db;
        const ref = referenceCounts(db);
        expect(pick(checkTools(db))).toEqual(ref);
        expect(pick(lifecycleSummary(db))).toEqual(ref);
        expect(ref.orphanCalls).toBe(fx.written.expected.orphanToolCalls);
        expect(ref.mcpWithoutLogicalCall).toBe(fx.written.expected.mcpWithoutLogicalCall);
      } finally {
        fx.close();
      }
    });
  }
});

// ---- a generated ledger with 20,000+ tool calls and every kind of orphan, counted independently ----

const BIG = 20_000;
const LOST_RESPONSES = 500;
const LOST_CAPTURES = 100;

interface CallRow {
  readonly callId: string;
  readonly trace: string | null;
  readonly origin: string;
  readonly modelCallId: number | null;
}
interface RespRow {
  readonly callId: string;
  readonly trace: string | null;
}

/** Plain JavaScript over every row: same call_id and same trace (null equals null). */
function countInJs(
  calls: readonly CallRow[],
  responses: readonly RespRow[],
  modelCallIds: ReadonlySet<number>,
): shared.ToolInvariantCounts {
  const key = (callId: string, trace: string | null): string => `${callId}\u0000${trace === null ? 'null' : `=${trace}`}`;
  const respKeys = new Set(responses.map((r) => key(r.callId, r.trace)));
  const respIds = new Set(responses.map((r) => r.callId));
  const callKeys = new Set(calls.map((c) => key(c.callId, c.trace)));
  const logical = new Set(calls.filter((c) => c.origin !== 'mcp_proxy').map((c) => key(c.callId, c.trace)));
  return {
    orphanCalls: calls.filter((c) => !respKeys.has(key(c.callId, c.trace))).length,
    orphanCallsByCallId: calls.filter((c) => !respIds.has(c.callId)).length,
    orphanResponses: responses.filter((r) => !callKeys.has(key(r.callId, r.trace))).length,
    mcpWithoutLogicalCall:
      calls.filter((c) => c.origin === 'mcp' && (c.modelCallId === null || !modelCallIds.has(c.modelCallId))).length +
      calls.filter((c) => c.origin === 'mcp_proxy' && !logical.has(key(c.callId, c.trace))).length,
  };
}

describe(`a ledger with ${BIG.toLocaleString()} more tool calls`, () => {
  let fx: OpenedFixture;
  beforeAll(async () => {
    fx = await openFixture(root, 'big', {
      report: false,
      mutate: (db) => {
        const someModelCall = n(db, 'SELECT MIN(id) FROM model_calls');
        const tc =
          db.prepare(`INSERT INTO tool_calls (id, event_id, timestamp, model_call_id, call_index, call_id, tool_name, origin, trace_id, turn_id)
          VALUES (?, ?, '2026-03-03T00:00:00.000000Z', ?, 0, ?, 'bash', ?, ?, NULL)`);
        const tr = db.prepare(
          "INSERT INTO tool_responses (id, event_id, model_call_id, call_id, content_preview, is_error, trace_id) VALUES (?, ?, ?, ?, 'ok', 0, ?)",
        );
        const hex = (base: number, i: number): string => (base + i).toString(16).padStart(12, '0');
        let callRow = 1_000_000;
        let respRow = 1_000_000;
        for (let i = 0; i < BIG; i++) {
          const callId = `big_${i}`;
          const trace = i % 11 === 0 ? null : `big-trace-${i % 7}`;
          // Every 17th is an MCP call: a third tied to a real model call, a third to none, a third dangling.
          const mcp = i % 17 === 0;
          const model = mcp ? [someModelCall, null, 999_999][i % 3]! : someModelCall;
          tc.run(callRow++, hex(0xb00000000000, i), model, callId, mcp ? 'mcp' : 'native', trace);
          // Every 19th has an mcp_proxy capture of the same call in the same trace (a logical call exists).
          if (i % 19 === 0) tc.run(callRow++, hex(0xb10000000000, i), null, callId, 'mcp_proxy', trace);
          if (i % 10 === 0) continue; // no response at all
          // Every 13th is answered in another trace: an orphan call (by trace) and an orphan response.
          tr.run(respRow++, hex(0xc00000000000, i), someModelCall, callId, i % 13 === 0 ? 'elsewhere' : trace);
        }
        for (let j = 0; j < LOST_RESPONSES; j++) tr.run(respRow++, hex(0xc10000000000, j), someModelCall, `lost_${j}`, null);
        for (let j = 0; j < LOST_CAPTURES; j++)
          tc.run(callRow++, hex(0xb20000000000, j), null, `proxy_lost_${j}`, 'mcp_proxy', 'big-trace-1');
      },
    });
  });
  afterAll(() => fx?.close());

  it('the report counts every orphan exactly (time printed, not asserted)', () => {
    const db = fx.evidence.db;
    const calls = db
      .prepare('SELECT call_id AS callId, trace_id AS trace, origin, model_call_id AS modelCallId FROM tool_calls')
      .all() as CallRow[];
    const responses = db.prepare('SELECT call_id AS callId, trace_id AS trace FROM tool_responses').all() as RespRow[];
    const modelCallIds = new Set((db.prepare('SELECT id FROM model_calls').all() as { id: number }[]).map((r) => r.id));
    expect(calls.length).toBeGreaterThanOrEqual(BIG);
    const expected = countInJs(calls, responses, modelCallIds);
    // The generator made plenty of each kind, so an all-zero or all-orphan answer cannot pass.
    expect(expected.orphanCalls).toBeGreaterThan(BIG / 10);
    expect(expected.orphanCallsByCallId).toBeLessThan(expected.orphanCalls);
    expect(expected.orphanResponses).toBeGreaterThan(LOST_RESPONSES);
    expect(expected.mcpWithoutLogicalCall).toBeGreaterThan(LOST_CAPTURES);

    const t0 = performance.now();
    const report = checkTools(db);
    const reportMs = performance.now() - t0;
    expect(report.calls).toBe(calls.length);
    expect(report.responses).toBe(responses.length);
    expect(pick(report)).toEqual(expected);
    const t1 = performance.now();
    expect(pick(lifecycleSummary(db))).toEqual(expected);
    const lifecycleMs = performance.now() - t1;
    console.log(
      `tool invariants on ${calls.length} tool calls / ${responses.length} responses: report ${reportMs.toFixed(0)} ms, lifecycle summary ${lifecycleMs.toFixed(0)} ms`,
    );
  });
});
