// The report's one-pass orphan counts equal counting the row-level predicates the graph and the lifecycles use
// (the definition), on random tool_calls / tool_responses: NULL call_ids, NULL traces, duplicates, calls answered
// only in another trace, with and without trace_id columns.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_ORPHANS,
  firstOrphanCallIds,
  orphanCallByCallIdWhere,
  orphanCallWhere,
  orphanResponseWhere,
  toolInvariantCounts,
} from '../../../../src/main/core/check/tool-invariants-sql.js';
import { orphanCallSamples } from '../../../../src/main/core/check/tools.js';

const row = fc.record({ callId: fc.constantFrom('a', 'b', 'c', '1:a', null), trace: fc.constantFrom('t1', 't2', null) });

function ledger(
  calls: readonly { callId: string | null; trace: string | null }[],
  responses: typeof calls,
  traced: boolean,
): Database.Database {
  const db = new Database(':memory:');
  const t = traced ? ', trace_id TEXT' : '';
  db.exec(
    `CREATE TABLE tool_calls (id INTEGER PRIMARY KEY, call_id TEXT, tool_name TEXT${t}); CREATE TABLE tool_responses (id INTEGER PRIMARY KEY, call_id TEXT${t})`,
  );
  for (const [table, rows] of [
    ['tool_calls', calls],
    ['tool_responses', responses],
  ] as const) {
    const ins = db.prepare(traced ? `INSERT INTO ${table} (call_id, trace_id) VALUES (?, ?)` : `INSERT INTO ${table} (call_id) VALUES (?)`);
    for (const r of rows) ins.run(...(traced ? [r.callId, r.trace] : [r.callId]));
  }
  return db;
}

const count = (db: Database.Database, sql: string): number => Number(db.prepare(sql).pluck().get());

describe('toolInvariantCounts', () => {
  for (const traced of [true, false]) {
    it(`equals the row-level predicates counted (${traced ? 'with' : 'without'} trace_id)`, () => {
      fc.assert(
        fc.property(fc.array(row, { maxLength: 25 }), fc.array(row, { maxLength: 25 }), (calls, responses) => {
          const db = ledger(calls, responses, traced);
          const got = toolInvariantCounts(db);
          expect({
            orphanCalls: got.orphanCalls,
            orphanCallsByCallId: got.orphanCallsByCallId,
            orphanResponses: got.orphanResponses,
          }).toEqual({
            orphanCalls: count(db, `SELECT COUNT(*) FROM tool_calls tc WHERE ${orphanCallWhere(db)}`),
            orphanCallsByCallId: count(db, `SELECT COUNT(*) FROM tool_calls tc WHERE ${orphanCallByCallIdWhere(db)}`),
            orphanResponses: count(db, `SELECT COUNT(*) FROM tool_responses tr WHERE ${orphanResponseWhere(db)}`),
          });
          // The same pass names the first orphan calls, which the report's evidence then reads by id.
          const first = db
            .prepare(`SELECT tc.id FROM tool_calls tc WHERE ${orphanCallWhere(db)} ORDER BY tc.id LIMIT ${FIRST_ORPHANS}`)
            .pluck()
            .all();
          expect(firstOrphanCallIds(db)).toEqual(first);
          expect(orphanCallSamples(db, 3).map((o) => o.id)).toEqual(first.slice(0, 3));
          db.close();
        }),
        { numRuns: 300 },
      );
    });
  }
});
