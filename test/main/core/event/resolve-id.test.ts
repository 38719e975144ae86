// id.resolve: each kind of id a reader may paste names its item, and an id naming nothing names nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveId } from '../../../../src/main/core/event/resolve-id.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'resolve-id-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { report: false });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('id.resolve', () => {
  it('names a trace, a turn, a model call, a tool call and an event', () => {
    const mc = rowsOf<{ id: number; trace_id: string; turn_id: string }>(
      fx,
      'SELECT id, trace_id, turn_id FROM model_calls ORDER BY id LIMIT 1',
    )[0]!;
    const tc = rowsOf<{ id: number; call_id: string; event_id: string; trace_id: string }>(
      fx,
      'SELECT id, call_id, event_id, trace_id FROM tool_calls ORDER BY id LIMIT 1',
    )[0]!;
    const db = fx.evidence.db;
    expect(resolveId(db, mc.trace_id)).toEqual([{ kind: 'trace', traceId: mc.trace_id }]);
    expect(resolveId(db, ` ${mc.turn_id} `)).toEqual([{ kind: 'turn', traceId: mc.trace_id, turnId: mc.turn_id }]);
    expect(resolveId(db, String(mc.id))).toContainEqual({ kind: 'model_call', traceId: mc.trace_id, modelCallId: mc.id });
    expect(resolveId(db, tc.call_id)).toEqual([
      { kind: 'tool_call', traceId: tc.trace_id, callId: tc.call_id, table: 'tool_calls', rowid: tc.id },
    ]);
    expect(resolveId(db, tc.event_id)).toContainEqual({
      kind: 'event',
      eventId: tc.event_id,
      table: 'tool_calls',
      rowid: tc.id,
      traceId: tc.trace_id,
    });
  });

  it('names nothing for an unknown id', () => {
    expect(resolveId(fx.evidence.db, 'no-such-id')).toEqual([]);
    expect(resolveId(fx.evidence.db, '   ')).toEqual([]);
  });
});
